import Base
import XCTest
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import GraphQL
import GraphQLServer
import HTTPServer
import JSON

/// A service whose executions wait: `{ sleep }` sleeps (cancellably) for a minute, `{ stuck }`
/// ignores cancellation and waits until the test opens `gate`; anything else answers at once.
/// It records how each waiting execution ended.
final class SlowService: GraphQLService, @unchecked Sendable {
    struct State {
        var gate: CheckedContinuation<Void, Never>?
        var gateOpened = false
        var ended: [String] = []
    }

    private let lock = NSLock()
    private var _state = State()
    func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&_state)
    }
    /// Fulfilled each time a waiting execution ends.
    let endedExpectation: XCTestExpectation?

    init(endedExpectation: XCTestExpectation? = nil) {
        self.endedExpectation = endedExpectation
    }

    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> {
        .ready(request.query, operationType: .query, operationName: request.operationName)
    }

    func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
        .pending { [self] in await run(document) }
    }

    /// The answer, after what the document asks for (sleeping, jitter, being stuck).
    nonisolated(nonsending) func run(_ document: String) async -> GraphQLExecutionResult {
        if document.contains("jitter") {
            try? await Task.sleep(for: .microseconds(Int.random(in: 0...20_000)))
        } else if document.contains("sleep") {
            let cancelled: Bool
            do {
                try await Task.sleep(for: .seconds(60))
                cancelled = false
            } catch {
                cancelled = true
            }
            end(cancelled ? "sleep: cancelled" : "sleep: slept")
        } else if document.contains("stuck") {
            await withCheckedContinuation { continuation in
                let open = withState { s -> Bool in
                    if s.gateOpened { return true }
                    s.gate = continuation
                    return false
                }
                if open { continuation.resume() }
            }
            end(Task.isCancelled ? "stuck: cancelled" : "stuck: not cancelled")
        }
        return GraphQLExecutionResult(
            json: .object(
                JSONObject([
                    (
                        key: "data",
                        value: .object(
                            JSONObject([
                                (key: "done", value: true)
                            ]))
                    )
                ])))
    }

    /// Lets a `{ stuck }` execution continue.
    func openGate() {
        let gate = withState { s -> CheckedContinuation<Void, Never>? in
            s.gateOpened = true
            defer { s.gate = nil }
            return s.gate
        }
        gate?.resume()
    }

    var ended: [String] { withState { $0.ended } }

    private func end(_ how: String) {
        withState { $0.ended.append(how) }
        endedExpectation?.fulfill()
    }
}

/// The per-request execution deadline: `504` with `REQUEST_TIMEOUT`, the execution cancelled,
/// the response never held by an execution that ignores cancellation, metrics and log.
final class RequestTimeoutTests: XCTestCase {
    func makeHandler(
        _ service: SlowService, timeout: Duration? = .milliseconds(50),
        lines: RoutesTests.Lines = RoutesTests.Lines()
    ) -> GraphQLHTTPHandler<SlowService> {
        var c = GraphQLServerConfiguration()
        c.requestTimeout = timeout
        c.logSink = .lines { lines.add($0) }
        return GraphQLHTTPHandler(service: service, configuration: c)
    }

    static func request(
        _ query: String, operationName: String? = nil,
        accept: String = "application/graphql-response+json"
    ) -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.add("host", "x")
        headers.add("content-type", "application/json")
        headers.add("accept", accept)
        var parameters = JSONObject([(key: "query", value: .string(query))])
        if let operationName { parameters.append("operationName", .string(operationName)) }
        let body = JSONValue.object(parameters).serializedBytes()
        return HTTPRequest(method: "POST", target: "/graphql", headers: headers, body: body)
    }

    func post(
        _ handler: GraphQLHTTPHandler<SlowService>, _ query: String, operationName: String? = nil,
        accept: String = "application/graphql-response+json"
    ) async -> HTTPResponse {
        await handler.respond(to: Self.request(query, operationName: operationName, accept: accept))
    }

    func assertTimeoutError(
        _ response: HTTPResponse, contentType: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertEqual(response.status, 504, file: file, line: line)
        XCTAssertEqual(response.headers["content-type"], contentType + "; charset=utf-8", file: file, line: line)
        let json = try JSONParser.parse(response.body)
        XCTAssertNil(json["data"], file: file, line: line)
        XCTAssertEqual(
            json["errors"]?[0]?["message"], "The request did not finish within 0.05 s and was cancelled.",
            file: file, line: line)
        XCTAssertEqual(json["errors"]?[0]?["extensions"]?["code"], "REQUEST_TIMEOUT", file: file, line: line)
    }

    /// Waits (without asserting on time) until the gauge of abandoned executions is back to zero.
    func waitUntilNoneAbandoned(_ metrics: Metrics) async {
        for _ in 0..<10_000 where metrics.abandonedExecutions > 0 {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    func testSlowExecutionIsCancelledAndAnswered504() async throws {
        let ended = expectation(description: "the execution ended")
        let service = SlowService(endedExpectation: ended)
        let lines = RoutesTests.Lines()
        let handler = makeHandler(service, lines: lines)
        let response = await post(handler, "query Slow { sleep }", operationName: "Slow")
        try assertTimeoutError(response, contentType: "application/graphql-response+json")
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(service.ended, ["sleep: cancelled"])
        await waitUntilNoneAbandoned(handler.metrics)
        XCTAssertEqual(handler.metrics.abandonedExecutions, 0)
        XCTAssertEqual(handler.metrics.requestTimeouts, 1)
        let text = handler.metrics.render()
        XCTAssertTrue(text.contains("menagerie_graphql_request_timeouts_total 1\n"), text)
        XCTAssertTrue(text.contains("menagerie_graphql_executions_abandoned 0\n"), text)
        XCTAssertTrue(text.contains("menagerie_http_requests_total{status=\"504\"} 1\n"), text)
        let log = lines.snapshot
        XCTAssertTrue(
            log.contains {
                $0.contains("level=warning") && $0.contains("request timed out")
                    && $0.contains("operation=Slow") && $0.contains("timeout_s=0.05")
            }, "\(log)")
        XCTAssertTrue(
            log.contains { $0.contains("msg=request") && $0.contains("status=504") && $0.contains("operation=Slow") },
            "\(log)")
    }

    func testLegacyMediaTypeAlsoGets504() async throws {
        let ended = expectation(description: "the execution ended")
        let handler = makeHandler(SlowService(endedExpectation: ended))
        let response = await post(handler, "{ sleep }", accept: "application/json")
        try assertTimeoutError(response, contentType: "application/json")
        await fulfillment(of: [ended], timeout: 30)
    }

    /// An execution that ignores cancellation does not hold the answer: the client has its
    /// 504 while the execution still waits; its late result goes nowhere.
    func testExecutionIgnoringCancellationDoesNotHoldTheResponse() async throws {
        let ended = expectation(description: "the execution ended")
        let service = SlowService(endedExpectation: ended)
        let handler = makeHandler(service)
        let response = await post(handler, "{ stuck }")
        try assertTimeoutError(response, contentType: "application/graphql-response+json")
        XCTAssertEqual(service.ended, [], "the execution is still waiting")
        XCTAssertEqual(handler.metrics.abandonedExecutions, 1)
        service.openGate()
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(service.ended, ["stuck: cancelled"])
        await waitUntilNoneAbandoned(handler.metrics)
        XCTAssertEqual(handler.metrics.abandonedExecutions, 0)
        XCTAssertEqual(handler.metrics.requestTimeouts, 1)
    }

    func testFastExecutionAndNoLimit() async throws {
        let handler = makeHandler(SlowService(), timeout: .seconds(30))
        let fast = await post(handler, "{ quick }")
        XCTAssertEqual(fast.status, 200)
        XCTAssertEqual(try JSONParser.parse(fast.body)["data"]?["done"], true)
        XCTAssertEqual(handler.metrics.requestTimeouts, 0)

        let ended = expectation(description: "the execution ended")
        let service = SlowService(endedExpectation: ended)
        let unlimited = makeHandler(service, timeout: nil)
        let request = Self.request("{ stuck }")
        let answer = Task { await unlimited.respond(to: request) }
        // With no limit the execution is never cancelled: it answers once the gate opens.
        while service.withState({ $0.gate == nil }) { await Task.yield() }
        service.openGate()
        let response = await answer.value
        XCTAssertEqual(response.status, 200)
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(service.ended, ["stuck: not cancelled"])
        XCTAssertEqual(unlimited.metrics.requestTimeouts, 0)
    }

    /// Many executions ending around their deadline: each request gets exactly one answer
    /// (200 or 504), the counters agree, and nothing stays abandoned.
    func testExecutionsRacingTheirDeadline() async throws {
        let handler = makeHandler(SlowService(), timeout: .milliseconds(10))
        let request = Self.request("{ jitter }")
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<300 { group.addTask { await handler.respond(to: request).status } }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        XCTAssertEqual(statuses.count, 300)
        XCTAssertEqual(Set(statuses).subtracting([200, 504]), [])
        await waitUntilNoneAbandoned(handler.metrics)
        XCTAssertEqual(handler.metrics.abandonedExecutions, 0)
        XCTAssertEqual(handler.metrics.requestTimeouts, statuses.filter { $0 == 504 }.count)
        XCTAssertEqual(handler.metrics.inFlight, 0)
    }

    func testDefaultIsThirtySeconds() {
        XCTAssertEqual(GraphQLServerConfiguration().requestTimeout, .seconds(30))
    }

    /// Over a socket the connection gets the 504 and stays usable (keep-alive).
    func testTimeoutOverLoopback() async throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.logLevel = .off
        configuration.requestTimeout = .milliseconds(500)
        let ended = expectation(description: "the execution ended")
        let server = GraphQLServer(service: SlowService(endedExpectation: ended), configuration: configuration)
        let port = try server.start()
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(#"{"query":"{ sleep }"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: post)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 504)
        XCTAssertEqual(try JSONParser.parse(Array(data))["errors"]?[0]?["extensions"]?["code"], "REQUEST_TIMEOUT")
        post.httpBody = Data(#"{"query":"{ quick }"}"#.utf8)
        let (quick, quickResponse) = try await URLSession.shared.data(for: post)
        XCTAssertEqual((quickResponse as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(try JSONParser.parse(Array(quick))["data"]?["done"], true)
        await fulfillment(of: [ended], timeout: 30)
        await server.shutdown()
    }
}
