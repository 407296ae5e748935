extension ValidationRule {
    /// Fragments condition on object, interface or union types.
    public static let fragmentsOnCompositeTypes = ValidationRule(name: "FragmentsOnCompositeTypesRule") {
        FragmentsOnCompositeTypesRule(context: $0)
    }
}

/// Reports fragments whose type condition is a scalar, enum or input type.
final class FragmentsOnCompositeTypesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterInlineFragment, .enterFragmentDefinition]

    init(context: ValidationContext) { self.context = context }

    func enterInlineFragment(_ node: InlineFragment) {
        guard let condition = node.typeCondition, let type = context.namedType(condition),
            !type.isCompositeType
        else { return }
        context.report(
            "Fragment cannot condition on non composite type \"\(condition.name.value)\".",
            node: condition.loc)
    }

    func enterFragmentDefinition(_ node: FragmentDefinition) {
        guard let type = context.namedType(node.typeCondition), !type.isCompositeType else { return }
        context.report(
            "Fragment \"\(node.name.value)\" cannot condition on non composite type \"\(node.typeCondition.name.value)\".",
            node: node.typeCondition.loc)
    }
}
