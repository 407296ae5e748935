/// Cost limits for executable documents, beyond the specification's rules:
/// how deep selections nest, how many fields an operation selects once its
/// fragments are expanded, and how many aliases it uses. A server applies
/// them after validation so a small document cannot ask for unbounded work.
public struct QueryLimits: Sendable, Equatable {
    /// The deepest nesting of field selections (a root field is depth 1).
    public var maxDepth: Int
    /// The most field selections of one operation, fragments expanded.
    public var maxFields: Int
    /// The most aliased fields of one operation, fragments expanded.
    public var maxAliases: Int

    /// Limits with defaults that leave room for the standard introspection
    /// query (depth 14, about 260 fields).
    public init(maxDepth: Int = 20, maxFields: Int = 5_000, maxAliases: Int = 50) {
        self.maxDepth = maxDepth
        self.maxFields = maxFields
        self.maxAliases = maxAliases
    }

    /// No limits.
    public static let unlimited = QueryLimits(maxDepth: .max, maxFields: .max, maxAliases: .max)
}

/// The cost errors of `document`'s operations under `limits` (one error per
/// exceeded limit and operation, located at the operation). Expects a
/// document that passed validation; fragment cycles are not followed twice.
public func checkQueryLimits(_ document: Document, limits: QueryLimits) -> [GraphQLError] {
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
        fragments[fragment.name.value] = fragment
    }
    var measure = SelectionCost.Measure(fragments: fragments)
    var errors: [GraphQLError] = []
    for case .operation(let operation) in document.definitions {
        let cost = measure.cost(of: operation.selectionSet)
        let what = operation.name.map { "Operation \"\($0.value)\"" } ?? "The operation"
        let nodes = [operation.loc]
        if cost.depth > limits.maxDepth {
            errors.append(
                GraphQLError(
                    message: "\(what) nests selections \(cost.depth) levels deep; the limit is \(limits.maxDepth).",
                    nodes: nodes, source: document.source))
        }
        if cost.fields > limits.maxFields {
            errors.append(
                GraphQLError(
                    message:
                        "\(what) selects \(cost.fields) fields with its fragments expanded; the limit is \(limits.maxFields).",
                    nodes: nodes, source: document.source))
        }
        if cost.aliases > limits.maxAliases {
            errors.append(
                GraphQLError(
                    message: "\(what) uses \(cost.aliases) aliases; the limit is \(limits.maxAliases).",
                    nodes: nodes, source: document.source))
        }
    }
    return errors
}

/// Depth, field count and alias count of a selection set, with saturating sums.
struct SelectionCost: Equatable {
    var depth = 0
    var fields = 0
    var aliases = 0

    /// Adds `other` as a sibling selection (same level).
    mutating func merge(_ other: SelectionCost) {
        depth = max(depth, other.depth)
        fields = Self.add(fields, other.fields)
        aliases = Self.add(aliases, other.aliases)
    }

    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Measures selection sets, each fragment once (memoised), never recursing into a fragment in progress.
    struct Measure {
        let fragments: [String: FragmentDefinition]
        var memo: [String: SelectionCost] = [:]
        var inProgress: Set<String> = []

        mutating func cost(of selectionSet: SelectionSet) -> SelectionCost {
            var total = SelectionCost()
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    var fieldCost = SelectionCost()
                    if let subselection = field.selectionSet { fieldCost = cost(of: subselection) }
                    fieldCost.depth = SelectionCost.add(fieldCost.depth, 1)
                    fieldCost.fields = SelectionCost.add(fieldCost.fields, 1)
                    if let alias = field.alias, alias.value != field.name.value {
                        fieldCost.aliases = SelectionCost.add(fieldCost.aliases, 1)
                    }
                    total.merge(fieldCost)
                case .inlineFragment(let fragment):
                    total.merge(cost(of: fragment.selectionSet))
                case .fragmentSpread(let spread):
                    total.merge(cost(ofFragment: spread.name.value))
                }
            }
            return total
        }

        mutating func cost(ofFragment name: String) -> SelectionCost {
            if let known = memo[name] { return known }
            guard let fragment = fragments[name], !inProgress.contains(name) else { return SelectionCost() }
            inProgress.insert(name)
            let measured = cost(of: fragment.selectionSet)
            inProgress.remove(name)
            memo[name] = measured
            return measured
        }
    }
}
