import GraphQL
import GraphQLServer
import JSON

/// Menagerie as the HTTP server sees it: ``MenagerieApp`` behind the server's
/// `GraphQLService` boundary (prepare synchronously, then execute).
public struct MenagerieService: GraphQLService {
    /// The application.
    public let app: MenagerieApp

    /// A service for `app`.
    public init(app: MenagerieApp) {
        self.app = app
    }

    public func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<Document> {
        switch app.prepare(query: request.query, operationName: request.operationName) {
        case .failed(let errors):
            return .failed(errors)
        case .ready(let document, let type, let name):
            return .ready(document, operationType: type, operationName: name)
        }
    }

    /// Executes the request; its cache hint (used by the server on `GET` answers) is the
    /// response's freshness: see ``ResponseFreshness``.
    public func execute(_ document: Document, request: GraphQLRequest) async -> GraphQLExecutionResult {
        let (result, freshness) = await app.executeMeasuringFreshness(
            document: document, variables: request.variables ?? JSONObject(), operationName: request.operationName)
        let hint: GraphQLCacheHint
        switch freshness {
        case .fresh(let span): hint = .maxAge(span)
        case .uncacheable: hint = .noStore
        }
        return GraphQLExecutionResult(body: result.jsonBytes(), isRequestError: result.data == nil, cacheHint: hint)
    }
}
