extension ValidationRule {
    /// Variables are used only where their type is allowed.
    public static let variablesInAllowedPosition = ValidationRule(name: "VariablesInAllowedPositionRule") {
        VariablesInAllowedPositionRule(context: $0)
    }
}

/// Reports, when leaving an operation, variable uses whose declared type does
/// not fit the position (nullability, list depth, type), allowing a nullable
/// variable in a non-null position when either side has a default; and
/// nullable variables used as the field of a `@oneOf` input object.
final class VariablesInAllowedPositionRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation, .leaveOperation, .enterVariableDefinition]
    private var definitions: [String: VariableDefinition] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) { definitions = [:] }

    func enterVariableDefinition(_ node: VariableDefinition) { definitions[node.variable.name.value] = node }

    func leaveOperation(_ operation: OperationDefinition) {
        guard !definitions.isEmpty else { return }
        let schema = context.schema
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.node.name.value
            guard let definition = definitions[name], let locationType = usage.type else { continue }
            guard let variableType = context.typeFromAST(definition.type) else { continue }
            if !allowed(schema, variableType, definition.defaultValue, locationType, usage.hasLocationDefaultValue) {
                context.report(
                    "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
                    nodes: [definition.loc, usage.node.loc])
            }
            if case .named(.inputObject(let parent))? = usage.parentType, parent.isOneOf, !variableType.isNonNull {
                context.report(
                    "Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(parent.name)\".",
                    nodes: [definition.loc, usage.node.loc])
            }
        }
    }

    private func allowed(
        _ schema: GraphQLSchema, _ variableType: GraphQLType, _ variableDefault: Value?,
        _ locationType: GraphQLType, _ locationHasDefault: Bool
    ) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            var hasNonNullVariableDefault = false
            if let variableDefault {
                if case .null = variableDefault {} else { hasNonNullVariableDefault = true }
            }
            if !hasNonNullVariableDefault && !locationHasDefault { return false }
            return isTypeSubTypeOf(schema, variableType, nullableLocation)
        }
        return isTypeSubTypeOf(schema, variableType, locationType)
    }
}
