extension ValidationRule {
    /// An operation's type has a root type in the schema (September 2025 spec, "Operation Type
    /// Existence"; graphql-js 17's `KnownOperationTypesRule`).
    public static let knownOperationTypes = ValidationRule(name: "KnownOperationTypesRule") {
        KnownOperationTypesRule(context: $0)
    }
}

/// Reports a mutation or subscription (or a query) for which the schema has no root type, with
/// graphql-js 17's message. graphql-js 16.6 has no such rule: it fails such an operation when it
/// runs ("Schema is not configured to execute mutation operation.").
final class KnownOperationTypesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) {
        if context.schema.rootType(for: node.operation) == nil {
            context.report("The \(node.operation.rawValue) operation is not supported by the schema.", node: node.loc)
        }
    }
}
