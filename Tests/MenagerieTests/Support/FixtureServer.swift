import Base
import Locking
import Foundation
import GraphQL
import GraphQLServer
import HTTPServer
import JSON
import Menagerie
import Upstreams

/// The real GraphQL HTTP server on loopback, serving whichever ``MenagerieApp`` the
/// current fixture set up (each fixture gets fresh caches and loaders).
final class FixtureServer: Sendable {
    /// Delegates to the current app.
    final class AppSlot: Sendable {
        let app = Locked<MenagerieApp?>(nil)
    }

    struct SwitchingService: GraphQLService {
        let current: AppSlot

        func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<PreparedOperation> {
            guard let app = current.app.withLock({ $0 }) else { return .failed([GraphQLError(message: "no app")]) }
            return MenagerieService(app: app).prepare(request)
        }

        func execute(_ document: PreparedOperation, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
            guard let app = current.app.withLock({ $0 }) else {
                return .ready(GraphQLExecutionResult(requestErrors: [GraphQLError(message: "no app")]))
            }
            return MenagerieService(app: app).execute(document, request: request)
        }
    }

    let server: GraphQLServer<SwitchingService>
    let service: SwitchingService
    let port: Int
    let client = URLSessionTransport(timeout: .seconds(30))

    init() throws {
        service = SwitchingService(current: AppSlot())
        var http = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        http.eventLoopCount = 1
        var configuration = GraphQLServerConfiguration(http: http)
        configuration.logLevel = .off
        configuration.playgroundEnabled = false
        server = GraphQLServer(service: service, configuration: configuration)
        port = try server.start()
    }

    /// Serves `app` from now on.
    func use(_ app: MenagerieApp) {
        service.current.app.withLock { $0 = app }
    }

    /// POSTs a GraphQL request (GraphQL over HTTP, `application/graphql-response+json`);
    /// returns the status and the body.
    func post(query: String, variables: JSONObject, operationName: String?) async throws -> (status: Int, body: [UInt8])
    {
        var body = JSONObject()
        body["query"] = .string(query)
        if !variables.isEmpty { body["variables"] = .object(variables) }
        if let operationName { body["operationName"] = .string(operationName) }
        let request = UpstreamRequest(
            method: "POST", url: "http://127.0.0.1:\(port)/graphql",
            headers: [
                UpstreamHeader("Content-Type", "application/json"),
                UpstreamHeader("Accept", "application/graphql-response+json")
            ],
            body: JSONValue.object(body).serializedBytes(), isIdempotent: false)
        let response = try await client.send(request)
        return (response.status, response.body)
    }

    func stop() async {
        await server.shutdown(gracePeriod: .seconds(1))
    }
}
