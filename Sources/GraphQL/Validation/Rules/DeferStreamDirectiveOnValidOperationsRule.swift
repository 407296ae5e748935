extension ValidationRule {
    /// Subscriptions use `@defer` and `@stream` only where they can be turned off (`if: false` or
    /// a variable, or below a selection `@skip`/`@include` can leave out): graphql-js 17
    /// `DeferStreamDirectiveOnValidOperationsRule`. A no-op when the schema declares neither.
    public static let deferStreamDirectiveOnValidOperations = ValidationRule(
        name: "DeferStreamDirectiveOnValidOperationsRule"
    ) { DeferStreamDirectiveOnValidOperationsRule(context: $0) }
}

/// Reports an unconditional `@defer`/`@stream` in a subscription operation, with the fragment
/// spreads that lead to it.
final class DeferStreamDirectiveOnValidOperationsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks
    private var checkedFragments: Set<String> = []

    init(context: ValidationContext) {
        self.context = context
        hooks = context.schema.declaresIncrementalDirectives ? [.enterOperation] : []
    }

    func enterOperation(_ node: OperationDefinition) {
        guard node.operation == .subscription else { return }
        var visited: Set<String> = []
        var parents: [FragmentSpread] = []
        if forbid(node.selectionSet, &parents, &visited) { checkedFragments.formUnion(visited) }
    }

    private static func ifArgument(_ directive: Directive) -> Value? {
        directive.arguments.first(where: { $0.name.value == "if" })?.value
    }

    /// `if: false` or `if: $variable`.
    private static func canBeFalse(_ directive: Directive) -> Bool {
        switch ifArgument(directive) {
        case .boolean(let boolean)?: return !boolean.value
        case .variable?: return true
        default: return false
        }
    }

    private static func canBeSkipped(_ directives: [Directive]) -> Bool {
        if let skip = directives.first(where: { $0.name.value == "skip" }) {
            // A missing `if` is another rule's error: taken as possibly skipped here.
            switch ifArgument(skip) {
            case nil: return true
            case .boolean(let boolean)?: if boolean.value { return true }
            default: return true
            }
        }
        if let include = directives.first(where: { $0.name.value == "include" }) {
            switch ifArgument(include) {
            case nil: return false
            case .boolean(let boolean)?: return !boolean.value
            default: return true
            }
        }
        return false
    }

    /// Reports what cannot be turned off below `selectionSet`; true when nothing was.
    private func forbid(
        _ selectionSet: SelectionSet, _ parents: inout [FragmentSpread], _ visited: inout Set<String>
    ) -> Bool {
        var valid = true
        for selection in selectionSet.selections {
            let directives: [Directive]
            switch selection {
            case .field(let field): directives = field.directives
            case .inlineFragment(let fragment): directives = fragment.directives
            case .fragmentSpread(let spread): directives = spread.directives
            }
            if Self.canBeSkipped(directives) { continue }
            for directive in directives {
                let message: String
                switch directive.name.value {
                case "defer":
                    if Self.canBeFalse(directive) { continue }
                    message =
                        "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."
                case "stream":
                    if Self.canBeFalse(directive) { continue }
                    message =
                        "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."
                default:
                    continue
                }
                valid = false
                context.report(message, nodes: [directive.loc] + parents.reversed().map(\.loc))
            }
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) || checkedFragments.contains(name) { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name) else { continue }
                parents.append(spread)
                valid = forbid(fragment.selectionSet, &parents, &visited) && valid
                parents.removeLast()
            case .field(let field):
                if let sub = field.selectionSet { valid = forbid(sub, &parents, &visited) && valid }
            case .inlineFragment(let fragment):
                valid = forbid(fragment.selectionSet, &parents, &visited) && valid
            }
        }
        return valid
    }
}
