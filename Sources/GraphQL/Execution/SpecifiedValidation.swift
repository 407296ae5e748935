extension GraphQLEngine {
    /// The validation the engine applies by default: every rule of `specifiedRules`.
    static let specifiedValidation: @Sendable (GraphQLSchema, Document) -> [GraphQLError] = { schema, document in
        validate(schema: schema, document: document)
    }
}
