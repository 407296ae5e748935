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
        let (handler, request) = try handlerAndRequest(query: query)
        return .async { answered(await handler.respond(to: request)) }
    }

    /// 1 for a response with data (status 200 and a body), else 0.
    private static func answered(_ response: HTTPResponse) -> Int {
        response.status == 200 && !response.body.isEmpty ? 1 : 0
    }

    /// Requests each task answers in a row in ``concurrentHandlerWorkload(query:tasks:)``.
    static let requestsPerTask = 32

    /// The request handler answering from `tasks` tasks at once (on Swift's global executor, one
    /// thread per allowed CPU), each ``requestsPerTask`` requests in a row, all sharing one app:
    /// how the app's shared state (document cache, plans, models, upstream cache, counters)
    /// scales across cores without sockets or a load generator. One operation is
    /// `tasks × requestsPerTask` requests.
    static func concurrentHandlerWorkload(query: String, tasks: Int) throws(BenchError) -> BenchOperation {
        let (handler, request) = try handlerAndRequest(query: query)
        return .async {
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        var count = 0
                        for _ in 0..<requestsPerTask { count += answered(await handler.respond(to: request)) }
                        return count
                    }
                }
                return await group.reduce(0, +)
            }
        }
    }

    private static func handlerAndRequest(query: String) throws(BenchError) -> (
        GraphQLHTTPHandler<MenagerieService>, HTTPRequest
    ) {
        let app = try makeApp()
        var configuration = ServeConfiguration()
        configuration.logLevel = .off
        let handler = GraphQLHTTPHandler(
            service: MenagerieService(app: app),
            configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil))
        var body = JSONObject()
        body.append("query", .string(query))
        var headers = HTTPHeaders()
        headers.add("content-type", "application/json")
        let request = HTTPRequest(
            method: "POST", target: "/graphql", headers: headers,
            body: JSONValue.object(body).serializedBytes())
        return (handler, request)
    }

    private static func makeApp() throws(BenchError) -> MenagerieApp {
        do {
            return try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded), limits: QueryLimits())
        } catch {
            throw BenchError("cannot build the app: \(error)")
        }
    }
}
