extension ValidationRule {
    /// Every variable an operation defines is used (by it or its fragments).
    public static let noUnusedVariables = ValidationRule(name: "NoUnusedVariablesRule") {
        NoUnusedVariablesRule(context: $0)
    }
}

/// Reports, when leaving an operation, the variables it defines but never uses.
final class NoUnusedVariablesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation, .leaveOperation, .enterVariableDefinition]
    private var definitions: [VariableDefinition] = []

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) { definitions.removeAll(keepingCapacity: true) }

    func enterVariableDefinition(_ node: VariableDefinition) { definitions.append(node) }

    func leaveOperation(_ operation: OperationDefinition) {
        guard !definitions.isEmpty else { return }
        var used: Set<String> = []
        for usage in context.recursiveVariableUsages(of: operation) { used.insert(usage.node.name.value) }
        for definition in definitions {
            let name = definition.variable.name.value
            if used.contains(name) { continue }
            let message =
                operation.name.map { "Variable \"$\(name)\" is never used in operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is never used."
            context.report(message, node: definition.loc)
        }
    }
}
