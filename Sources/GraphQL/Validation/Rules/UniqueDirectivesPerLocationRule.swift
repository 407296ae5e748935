extension ValidationRule {
    /// A non-repeatable directive appears at most once per location.
    public static let uniqueDirectivesPerLocation = ValidationRule(name: "UniqueDirectivesPerLocationRule") {
        UniqueDirectivesPerLocationRule(context: $0)
    }
}

/// Reports repeated non-repeatable directives on one node (on a type and its
/// extensions, or on the schema and its extensions, together).
///
/// With ``ValidationOptions/collapsesRepeatedDirectives``, a name repeated on one node gives
/// one error with the location of each of its uses (its first use first, which may sit on the
/// type an extension extends) instead of one error per repeat.
final class UniqueDirectivesPerLocationRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [
        .enterOperation, .enterVariableDefinition, .enterField, .enterFragmentSpread, .enterInlineFragment,
        .enterFragmentDefinition, .enterTypeSystemNode
    ]
    private var documentDirectives: [String: Bool] = [:]
    private var schemaDirectives: [String: Directive] = [:]
    private var typeDirectives: [String: [String: Directive]] = [:]

    init(context: ValidationContext) {
        self.context = context
        for case .directive(let definition) in context.document.definitions {
            documentDirectives[definition.name.value] = !definition.repeatable
        }
    }

    private func isUnique(_ name: String) -> Bool {
        if let unique = documentDirectives[name] { return unique }
        if let directive = context.schema.directive(named: name) { return !directive.isRepeatable }
        return false
    }

    private func check(_ directives: [Directive], seen: inout [String: Directive]) {
        if context.options.collapsesRepeatedDirectives {
            checkCollapsing(directives, seen: &seen)
            return
        }
        for directive in directives {
            let name = directive.name.value
            guard isUnique(name) else { continue }
            if let first = seen[name] {
                context.report(
                    "The directive \"@\(name)\" can only be used once at this location.",
                    nodes: [first.loc, directive.loc])
            } else {
                seen[name] = directive
            }
        }
    }

    /// One error per repeated name of `directives`, in the order of each name's first repeat.
    private func checkCollapsing(_ directives: [Directive], seen: inout [String: Directive]) {
        var repeats: [String: [Location?]] = [:]
        var order: [String] = []
        for directive in directives {
            let name = directive.name.value
            guard isUnique(name) else { continue }
            guard let first = seen[name] else {
                seen[name] = directive
                continue
            }
            if repeats[name] == nil {
                repeats[name] = [first.loc]
                order.append(name)
            }
            repeats[name, default: []].append(directive.loc)
        }
        for name in order {
            context.report(
                "The directive \"@\(name)\" can only be used once at this location.",
                nodes: repeats[name] ?? [])
        }
    }

    private func check(_ directives: [Directive]) {
        guard directives.count > 1 else { return }
        var seen: [String: Directive] = [:]
        check(directives, seen: &seen)
    }

    func enterOperation(_ node: OperationDefinition) { check(node.directives) }
    func enterVariableDefinition(_ node: VariableDefinition) { check(node.directives) }
    func enterField(_ node: Field) { check(node.directives) }
    func enterFragmentSpread(_ node: FragmentSpread) { check(node.directives) }
    func enterInlineFragment(_ node: InlineFragment) { check(node.directives) }
    func enterFragmentDefinition(_ node: FragmentDefinition) { check(node.directives) }

    func enterTypeSystemNode(_ kind: TypeSystemNodeKind, directives: [Directive]) {
        switch kind {
        case .schema: check(directives, seen: &schemaDirectives)
        case .type(let typeName): check(directives, seen: &typeDirectives[typeName, default: [:]])
        case .member: check(directives)
        }
    }
}
