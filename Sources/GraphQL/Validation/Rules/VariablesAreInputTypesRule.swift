extension ValidationRule {
    /// Variables have input types (scalars, enums, input objects).
    public static let variablesAreInputTypes = ValidationRule(name: "VariablesAreInputTypesRule") {
        VariablesAreInputTypesRule(context: $0)
    }
}

/// Reports variables declared with an output-only type.
final class VariablesAreInputTypesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterVariableDefinition]

    init(context: ValidationContext) { self.context = context }

    func enterVariableDefinition(_ node: VariableDefinition) {
        guard let type = context.typeFromAST(node.type), !type.isInputType else { return }
        context.report(
            "Variable \"$\(node.variable.name.value)\" cannot be non-input type \"\(ValuePrinter.print(node.type))\".",
            node: node.type.loc)
    }
}
