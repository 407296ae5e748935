// The GraphQL engine: Language, Type, Validation, Execution.
