import GraphQL

/// A request's document, parsed, validated and with its operation selected: what the
/// HTTP layer needs before executing (e.g. to refuse a mutation over `GET`).
public enum PreparedRequest: Sendable {
    /// Ready to execute: the document, the selected operation's type and name.
    case ready(Document, operationType: OperationType, operationName: String?)
    /// Request errors (syntax, validation, operation selection): nothing is executed.
    case failed([GraphQLError])
}

extension MenagerieApp {
    /// Parses and validates `query` (cached) and selects the operation named `operationName`
    /// (the only one when nil) with the executor's own `selectOperation`.
    ///
    public func prepare(query: String, operationName: String?) -> PreparedRequest {
        let document: Document
        switch prepare(query: query) {
        case .failure(let errors): return .failed(errors.errors)
        case .success(let parsed): document = parsed
        }
        let selected: OperationDefinition
        switch selectOperation(in: document, named: operationName) {
        case .failure(let error): return .failed([error])
        case .success(let operation): selected = operation
        }
        return .ready(document, operationType: selected.operation, operationName: selected.name?.value ?? operationName)
    }
}
