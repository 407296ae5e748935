/// What a validation rule can see while the document is walked: the schema,
/// the document, the type information at the current node (as graphql-js's
/// `TypeInfo` tracks it) and cached facts about fragments and variables.
///
/// One context serves one `validate` call; it is not shared between threads.
public final class ValidationContext {
    /// The schema the document is validated against.
    public let schema: GraphQLSchema
    /// The document being validated.
    public let document: Document
    /// The errors reported so far.
    public private(set) var errors: [GraphQLError] = []
    /// True once `maxErrors` was exceeded: the walk stops.
    public private(set) var isAborted = false
    /// How errors are reported (limit, suggestions, repeated directives).
    public let options: ValidationOptions
    var maxErrors: Int { options.maxErrors }

    // Type information (graphql-js `TypeInfo` stacks).
    var typeStack: [GraphQLType?] = []
    var parentTypeStack: [GraphQLNamedType?] = []
    var inputTypeStack: [GraphQLType?] = []
    var fieldDefStack: [GraphQLField?] = []
    /// The directive whose arguments are being walked, if any.
    public internal(set) var directive: GraphQLDirective?
    /// The definition of the argument being walked, if known.
    public internal(set) var argument: GraphQLArgument?

    // Caches.
    private var fragmentsByName: [String: FragmentDefinition]?
    private var fragmentSpreadsCache: [Int: [FragmentSpread]] = [:]
    private var referencedFragmentsCache: [Int: [FragmentDefinition]] = [:]
    private var variableUsagesCache: [Int: [VariableUsage]] = [:]
    private var recursiveVariableUsagesCache: [Int: [VariableUsage]] = [:]

    /// False when the document certainly has no variables: it was parsed
    /// from its source (its range starts the text) and the text has no `$`.
    let mayHaveVariables: Bool

    init(schema: GraphQLSchema, document: Document, options: ValidationOptions) {
        self.schema = schema
        self.document = document
        self.options = options
        let body = document.source.body.utf8
        if let loc = document.loc, loc.start == 0, loc.end <= body.count {
            let dollar = UInt8(ascii: "$")
            mayHaveVariables =
                body.withContiguousStorageIfAvailable { bytes in
                    bytes.contains(dollar)
                } ?? body.contains(dollar)
        } else {
            mayHaveVariables = true
        }
        typeStack.reserveCapacity(32)
        parentTypeStack.reserveCapacity(32)
        fieldDefStack.reserveCapacity(32)
        inputTypeStack.reserveCapacity(8)
    }

    // MARK: Errors

    /// Reports an error at the start of each of `nodes` (nil ranges are skipped).
    public func report(_ message: String, nodes: [Location?]) {
        if isAborted { return }
        if errors.count >= maxErrors {
            errors.append(GraphQLError(message: "Too many validation errors, error limit reached. Validation aborted."))
            isAborted = true
            return
        }
        errors.append(GraphQLError(message: message, nodes: nodes, source: document.source))
    }

    /// Reports an error at one node.
    public func report(_ message: String, node: Location?) {
        report(message, nodes: [node])
    }

    /// graphql-js's `didYouMean(subMessage, suggestions())` (`" Did you mean …?"`, or "" when
    /// nothing is close), or "" without computing anything when ``ValidationOptions/suggestions``
    /// is off.
    public func didYouMean(_ subMessage: String? = nil, _ suggestions: () -> [String]) -> String {
        guard options.suggestions else { return "" }
        return GraphQL.didYouMean(subMessage, suggestions())
    }

    // MARK: Type information

    /// The output type of the current field (or of the operation or fragment).
    public var type: GraphQLType? { typeStack.last ?? nil }
    /// The composite type whose selection set is being walked.
    public var parentType: GraphQLNamedType? { parentTypeStack.last ?? nil }
    /// The input type expected at the current argument, list item or input field.
    public var inputType: GraphQLType? { inputTypeStack.last ?? nil }
    /// The input type one level up from ``inputType``.
    public var parentInputType: GraphQLType? {
        inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The definition of the current field, if known.
    public var fieldDef: GraphQLField? { fieldDefStack.last ?? nil }

    // MARK: Fragments

    /// The fragment definition named `name`, if the document has one (the last one wins).
    public func fragment(named name: String) -> FragmentDefinition? {
        if let fragmentsByName { return fragmentsByName[name] }
        var map: [String: FragmentDefinition] = [:]
        for case .fragment(let fragment) in document.definitions {
            map[fragment.name.value] = fragment
        }
        fragmentsByName = map
        return map[name]
    }

    /// The fragment spreads in `selectionSet`, at any depth but not through
    /// fragments (graphql-js's order: a stack of selection sets).
    public func fragmentSpreads(of selectionSet: SelectionSet) -> [FragmentSpread] {
        let key = selectionSet.validationIdentity
        if let cached = fragmentSpreadsCache[key] { return cached }
        var spreads: [FragmentSpread] = []
        var setsToVisit: [SelectionSet] = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let sub = field.selectionSet { setsToVisit.append(sub) }
                case .inlineFragment(let inline): setsToVisit.append(inline.selectionSet)
                }
            }
        }
        fragmentSpreadsCache[key] = spreads
        return spreads
    }

    /// The fragments an operation uses, directly or through other fragments.
    public func recursivelyReferencedFragments(of operation: OperationDefinition) -> [FragmentDefinition] {
        let key = operation.selectionSet.validationIdentity
        if let cached = referencedFragmentsCache[key] { return cached }
        var fragments: [FragmentDefinition] = []
        var collected: Set<String> = []
        var setsToVisit: [SelectionSet] = [operation.selectionSet]
        while let set = setsToVisit.popLast() {
            for spread in fragmentSpreads(of: set) {
                let name = spread.name.value
                if collected.insert(name).inserted, let fragment = fragment(named: name) {
                    fragments.append(fragment)
                    setsToVisit.append(fragment.selectionSet)
                }
            }
        }
        referencedFragmentsCache[key] = fragments
        return fragments
    }

    // MARK: Variables

    /// The variables used in an operation (outside its variable definitions)
    /// or a fragment, each with the input type expected where it is used.
    public func variableUsages(ofOperation operation: OperationDefinition) -> [VariableUsage] {
        guard mayHaveVariables else { return [] }
        let key = operation.selectionSet.validationIdentity
        if let cached = variableUsagesCache[key] { return cached }
        var collector = VariableUsageCollector(context: self)
        collector.collect(operation: operation)
        variableUsagesCache[key] = collector.usages
        return collector.usages
    }

    /// The variables used in a fragment definition.
    public func variableUsages(ofFragment fragment: FragmentDefinition) -> [VariableUsage] {
        guard mayHaveVariables else { return [] }
        let key = fragment.selectionSet.validationIdentity
        if let cached = variableUsagesCache[key] { return cached }
        var collector = VariableUsageCollector(context: self)
        collector.collect(fragment: fragment)
        variableUsagesCache[key] = collector.usages
        return collector.usages
    }

    /// The variables used by an operation and every fragment it uses.
    public func recursiveVariableUsages(of operation: OperationDefinition) -> [VariableUsage] {
        guard mayHaveVariables else { return [] }
        let key = operation.selectionSet.validationIdentity
        if let cached = recursiveVariableUsagesCache[key] { return cached }
        var usages = variableUsages(ofOperation: operation)
        for fragment in recursivelyReferencedFragments(of: operation) {
            usages += variableUsages(ofFragment: fragment)
        }
        recursiveVariableUsagesCache[key] = usages
        return usages
    }

    // MARK: Types

    /// The schema type a type reference names, or nil if a named type is unknown.
    public func typeFromAST(_ node: TypeNode) -> GraphQLType? {
        GraphQL.typeFromAST(schema, node)
    }

    /// The named type a named type reference names.
    public func namedType(_ node: NamedType) -> GraphQLNamedType? {
        schema.type(named: node.name.value)
    }
}

/// One use of a variable: the node and the input type of its position.
public struct VariableUsage {
    /// The variable reference.
    public var node: Variable
    /// The input type expected where the variable is used, if known.
    public var type: GraphQLType?
    /// True when that position has a default value (an argument or input field default).
    public var hasLocationDefaultValue: Bool
    /// The input type enclosing that position (e.g. the input object type of an input field).
    public var parentType: GraphQLType?
}

extension SelectionSet {
    /// A number that identifies this selection set within its document: the
    /// address of its selections' storage (shared by every copy of the value).
    /// Falls back to the source offset for an empty selection list.
    ///
    /// - Unsafe: takes the address of the selections' storage (`withUnsafeBufferPointer`'s
    ///   `baseAddress`) as an integer; the pointer is never dereferenced.
    /// - Invariant: the address identifies the selection set only while its storage is alive:
    ///   the caches keyed by it live in the validation context (or a rule's state), which hold the
    ///   document, so no storage is freed and its address reused while they are in use.
    /// - Checked by: the validation rule tests (GraphQLTests `Validation/`, e.g.
    ///   `OverlappingFieldsCanBeMergedRuleTests`, `NoUnusedVariablesRuleTests`), which fail if two
    ///   selection sets share a cached answer.
    var validationIdentity: Int {
        if selections.isEmpty { return -1 - (loc?.start ?? 0) }
        return selections.withUnsafeBufferPointer { buffer in
            Int(bitPattern: buffer.baseAddress)
        }
    }
}
