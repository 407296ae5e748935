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

    public func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<PreparedOperation> {
        switch app.prepare(query: request.query, operationName: request.operationName) {
        case .failure(let errors):
            return .failed(errors.errors)
        case .success(let prepared):
            return .ready(
                prepared, operationType: prepared.operationType,
                operationName: prepared.operationName ?? request.operationName)
        }
    }

    /// Executes the request; its cache hint (used by the server on `GET` answers) is the
    /// response's freshness: see ``ResponseFreshness``.
    public nonisolated(nonsending) func execute(_ prepared: PreparedOperation, request: GraphQLRequest) async
        -> GraphQLExecutionResult
    {
        let (outcome, freshness) = await app.executeMeasuringFreshness(
            prepared, variables: request.variables ?? JSONObject())
        guard case .single(let result) = outcome else {
            if case .incremental(let initial, let subsequent) = outcome {
                return GraphQLExecutionResult(
                    incremental: IncrementalPayloads(initial: initial, subsequent: subsequent))
            }
            return GraphQLExecutionResult(body: [])
        }
        let hint: GraphQLCacheHint
        switch freshness {
        case .fresh(let span): hint = .maxAge(span)
        case .uncacheable: hint = .noStore
        }
        return GraphQLExecutionResult(body: result.jsonBytes(), isRequestError: result.data == nil, cacheHint: hint)
    }
}
