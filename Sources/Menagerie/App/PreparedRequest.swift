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
    /// (the only one when nil), as the executor will.
    ///
    /// The server's `GraphQLService.prepare(_:)` maps this one to one (operation types by raw value).
    public func prepare(query: String, operationName: String?) -> PreparedRequest {
        let document: Document
        switch prepare(query: query) {
        case .failure(let errors): return .failed(errors.errors)
        case .success(let parsed): document = parsed
        }
        var selected: OperationDefinition?
        for case .operation(let candidate) in document.definitions {
            if let operationName {
                if candidate.name?.value == operationName { selected = candidate }
            } else {
                if selected != nil {
                    return .failed([GraphQLError(message: "Must provide operation name if query contains multiple operations.")
                        .withCode(GraphQLErrorCode.operationResolutionFailure)])
                }
                selected = candidate
            }
        }
        guard let selected else {
            let message = operationName.map { "Unknown operation named \"\($0)\"." } ?? "Must provide an operation."
            return .failed([GraphQLError(message: message).withCode(GraphQLErrorCode.operationResolutionFailure)])
        }
        return .ready(document, operationType: selected.operation, operationName: selected.name?.value ?? operationName)
    }
}
