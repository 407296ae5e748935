extension ValidationRule {
    /// Fragment spreads name fragments the document defines.
    public static let knownFragmentNames = ValidationRule(name: "KnownFragmentNamesRule") {
        KnownFragmentNamesRule(context: $0)
    }
}

/// Reports spreads of undefined fragments.
final class KnownFragmentNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterFragmentSpread]

    init(context: ValidationContext) { self.context = context }

    func enterFragmentSpread(_ node: FragmentSpread) {
        if context.fragment(named: node.name.value) == nil {
            context.report("Unknown fragment \"\(node.name.value)\".", node: node.name.loc)
        }
    }
}
