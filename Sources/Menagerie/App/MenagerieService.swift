import Base
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
    /// response's freshness: see ``ResponseFreshness``. Ready when no field suspended.
    public func execute(_ prepared: PreparedOperation, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
        let execution = app.executeMeasuringFreshness(prepared, variables: request.variables ?? JSONObject())
        switch consume execution {
        case .ready(let (outcome, freshness)):
            return .ready(Self.result(outcome, freshness))
        case .pending(let work):
            return .pending {
                let (outcome, freshness) = try await work()
                return Self.result(outcome, freshness)
            }
        }
    }

    /// The server's view of an execution's outcome.
    private static func result(_ outcome: consuming IncrementalExecutionResult, _ freshness: ResponseFreshness)
        -> GraphQLExecutionResult
    {
        let result: ExecutionResult
        switch consume outcome {
        case .single(let single): result = single
        case .incremental(let initial, let subsequent):
            return GraphQLExecutionResult(incremental: IncrementalPayloads(initial: initial, subsequent: subsequent))
        }
        let hint: GraphQLCacheHint
        switch freshness {
        case .fresh(let span): hint = .maxAge(span)
        case .uncacheable: hint = .noStore
        }
        return GraphQLExecutionResult(body: result.jsonBytes(), isRequestError: result.data == nil, cacheHint: hint)
    }
}
