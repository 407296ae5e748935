extension ValidationRule {
    /// Every variable used by an operation (and its fragments) is defined by it.
    public static let noUndefinedVariables = ValidationRule(name: "NoUndefinedVariablesRule") {
        NoUndefinedVariablesRule(context: $0)
    }
}

/// Reports, when leaving an operation, the variables it uses but does not define.
final class NoUndefinedVariablesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation, .leaveOperation, .enterVariableDefinition]
    private var defined: Set<String> = []

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) { defined.removeAll(keepingCapacity: true) }

    func enterVariableDefinition(_ node: VariableDefinition) { defined.insert(node.variable.name.value) }

    func leaveOperation(_ operation: OperationDefinition) {
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.node.name.value
            if defined.contains(name) { continue }
            let message =
                operation.name.map { "Variable \"$\(name)\" is not defined by operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is not defined."
            context.report(message, nodes: [usage.node.loc, operation.loc])
        }
    }
}
