extension ValidationRule {
    /// A fragment is spread only where its type can overlap the parent type.
    public static let possibleFragmentSpreads = ValidationRule(name: "PossibleFragmentSpreadsRule") {
        PossibleFragmentSpreadsRule(context: $0)
    }
}

/// Reports fragments spread where no object could have both types.
final class PossibleFragmentSpreadsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterInlineFragment, .enterFragmentSpread]

    init(context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ node: InlineFragment) {
        guard case .named(let fragmentType)? = context.type, fragmentType.isCompositeType,
            let parentType = context.parentType, parentType.isCompositeType,
            !doTypesOverlap(context.schema, fragmentType, parentType)
        else { return }
        context.report(
            "Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
            node: node.loc)
    }

    func enterFragmentSpread(_ node: FragmentSpread) {
        let name = node.name.value
        guard let fragment = context.fragment(named: name),
            let fragmentType = context.namedType(fragment.typeCondition),
            fragmentType.isCompositeType, let parentType = context.parentType,
            !doTypesOverlap(context.schema, fragmentType, parentType)
        else { return }
        context.report(
            "Fragment \"\(name)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".",
            node: node.loc)
    }
}
