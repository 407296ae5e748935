import GraphQL
import GraphQLServer
import HTTPServer
import JSON
import Menagerie
import MenagerieUpstreams

/// `menagerie bench app`: one document answered in process, warm, against the embedded
/// snapshot, two ways: by the whole app (`app:`, what a request costs beyond HTTP: the document
/// cache, the resolvers, the clients and loaders, no serialisation), and by the server's
/// request handler (`handler:`, a `POST /graphql` as `serve` configures it: the body decoded, the
/// app, the result serialised, the headers; everything but sockets and threads).
enum AppBench {
    static func workload(query: String) throws(BenchError) -> BenchOperation {
        let app = try makeApp()
        return .async {
            let result = await app.execute(query: query, variables: [:], operationName: nil)
            return result.hasErrors ? 0 : 1
        }
    }

    static func handlerWorkload(query: String) throws(BenchError) -> BenchOperation {
        let app = try makeApp()
        var configuration = ServeConfiguration()
        configuration.logLevel = .off
        let handler = GraphQLHTTPHandler(service: MenagerieService(app: app),
                                         configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil))
        var body = JSONObject()
        body.append("query", .string(query))
        var headers = HTTPHeaders()
        headers.add("content-type", "application/json")
        let request = HTTPRequest(method: "POST", target: "/graphql", headers: headers,
                                  body: JSONValue.object(body).serializedBytes())
        return .async {
            let response = await handler.respond(to: request)
            return response.status == 200 && !response.body.isEmpty ? 1 : 0
        }
    }

    private static func makeApp() throws(BenchError) -> MenagerieApp {
        do {
            return try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded), limits: QueryLimits())
        } catch {
            throw BenchError("cannot build the app: \(error)")
        }
    }
}
