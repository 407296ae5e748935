extension ValidationRule {
    /// Variable names are unique within an operation.
    public static let uniqueVariableNames = ValidationRule(name: "UniqueVariableNamesRule") {
        UniqueVariableNamesRule(context: $0)
    }
}

/// Reports, per operation, each variable name defined more than once.
final class UniqueVariableNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) {
        guard node.variableDefinitions.count > 1 else { return }
        var order: [String] = []
        var groups: [String: [VariableDefinition]] = [:]
        for definition in node.variableDefinitions {
            let name = definition.variable.name.value
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(definition)
        }
        for name in order {
            guard let definitions = groups[name], definitions.count > 1 else { continue }
            context.report(
                "There can be only one variable named \"$\(name)\".",
                nodes: definitions.map(\.variable.name.loc))
        }
    }
}
