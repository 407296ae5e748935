extension GraphQLEngine {
    /// The validation the engine applies by default.
    /// (Replaced by the specification's rules once the validation layer is on main.)
    static let specifiedValidation: @Sendable (GraphQLSchema, Document) -> [GraphQLError] = { _, _ in [] }
}
