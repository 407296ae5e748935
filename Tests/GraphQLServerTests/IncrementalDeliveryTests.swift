import Base
import Foundation
import GraphQL
import GraphQLServer
import HTTPServer
import JSON
import XCTest

/// The HTTP side of incremental delivery: `Accept` negotiation, `multipart/mixed` framing and
/// Apollo's older payload format.
final class IncrementalDeliveryTests: XCTestCase {
    func testNegotiation() {
        XCTAssertEqual(IncrementalFormat.negotiate(accept: nil), .multipart)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "*/*"), .multipart)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "multipart/mixed"), .multipart)
        XCTAssertEqual(
            IncrementalFormat.negotiate(accept: "multipart/mixed, application/graphql-response+json"), .multipart)
        // What Apollo Client 3 and Apollo iOS send.
        XCTAssertEqual(
            IncrementalFormat.negotiate(accept: "multipart/mixed;deferSpec=20220824,application/json"),
            .apolloDeferSpec20220824)
        XCTAssertEqual(
            IncrementalFormat.negotiate(
                accept: "multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json"),
            .apolloDeferSpec20220824)
        XCTAssertEqual(IncrementalFormat.negotiate(accept: "multipart/mixed;q=0, */*;q=0.1"), .multipart)
        // A client that accepts only JSON cannot read parts.
        XCTAssertNil(IncrementalFormat.negotiate(accept: "application/json"))
        XCTAssertNil(IncrementalFormat.negotiate(accept: "application/graphql-response+json, application/json"))
        XCTAssertNil(IncrementalFormat.negotiate(accept: "multipart/mixed;q=0, application/json"))
    }

    func testFraming() {
        let body = MultipartMixed.part(Array(#"{"hasNext":true}"#.utf8)) + MultipartMixed.end
        XCTAssertEqual(
            String(decoding: body, as: UTF8.self),
            "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{\"hasNext\":true}\r\n-----\r\n")
        XCTAssertEqual(MultipartMixed.contentType, "multipart/mixed; boundary=\"-\"")
    }

    private func object(_ text: String) throws -> JSONObject {
        try XCTUnwrap(JSONParser.parse(text).objectValue, text)
    }

    private func text(_ object: JSONObject) -> String {
        JSONValue.object(object).serialized()
    }

    func testApolloFormat() throws {
        var converter = ApolloPayloadConverter()
        let initial = converter.convertInitial(
            try object(
                #"{"data":{"a":{"list":[1]},"c":{"x":1}},"pending":[{"id":"0","path":["a"],"label":"D"},{"id":"1","path":["a","list"]},{"id":"2","path":["c"],"label":"E"}],"hasNext":true}"#
            ))
        XCTAssertEqual(text(initial), #"{"data":{"a":{"list":[1]},"c":{"x":1}},"hasNext":true}"#)
        let first = converter.convertSubsequent(
            try object(
                #"{"incremental":[{"id":"0","data":{"b":{"n":2}}},{"id":"0","subPath":["b"],"data":{"m":3}},{"id":"1","items":[2,3]}],"completed":[{"id":"2","errors":[{"message":"boom","path":["c","y"]}]}],"hasNext":true}"#
            ))
        XCTAssertEqual(
            text(first),
            #"{"incremental":[{"data":{"b":{"n":2}},"path":["a"],"label":"D"},{"data":{"m":3},"path":["a","b"],"label":"D"},{"items":[2,3],"path":["a","list",1]},{"data":null,"path":["c"],"label":"E","errors":[{"message":"boom","path":["c","y"]}]}],"hasNext":true}"#
        )
        let second = converter.convertSubsequent(
            try object(
                #"{"pending":[{"id":"3","path":["a","b"]}],"incremental":[{"id":"1","items":[4]}],"completed":[{"id":"1"},{"id":"0"}],"hasNext":true}"#
            ))
        XCTAssertEqual(text(second), #"{"incremental":[{"items":[4],"path":["a","list",3]}],"hasNext":true}"#)
        // A payload with nothing to say in the older format.
        let last = converter.convertSubsequent(try object(#"{"completed":[{"id":"3"}],"hasNext":false}"#))
        XCTAssertEqual(text(last), #"{"hasNext":false}"#)
    }

    /// The older format carries each error of the payloads once (an answer's error limit holds
    /// after the conversion): an entry's errors with its entry, a failed part's on its `null`.
    func testApolloFormatCarriesEachErrorOnce() throws {
        var converter = ApolloPayloadConverter()
        let marker = #"{"message":"Too many errors, error limit reached. Further errors omitted."}"#
        let payloads = [
            #"{"errors":[{"message":"a"}],"data":{"x":{},"list":[]},"pending":[{"id":"0","path":["x"]},{"id":"1","path":["list"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"1","items":[null],"errors":[{"message":"b"},\#(marker)]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"1","items":[null]}],"completed":[{"id":"0","errors":[\#(marker)]},{"id":"1"}],"hasNext":false}"#
        ]
        var counts: (before: Int, after: Int) = (0, 0)
        for (index, text) in payloads.enumerated() {
            let payload = try object(text)
            let converted = index == 0 ? converter.convertInitial(payload) : converter.convertSubsequent(payload)
            func count(_ object: JSONObject) -> Int {
                (object["errors"]?.arrayValue?.count ?? 0)
                    + ["incremental", "completed"].flatMap { object[$0]?.arrayValue ?? [] }.map {
                        $0["errors"]?.arrayValue?.count ?? 0
                    }.reduce(0, +)
            }
            counts.before += count(payload)
            counts.after += count(converted)
        }
        XCTAssertEqual(counts.before, 4)
        XCTAssertEqual(counts.after, 4)
    }

    /// A service whose answer comes in parts: the initial payload at once, then nothing until the
    /// test yields (it records how its parts' reading ended).
    final class PartsService: GraphQLService, @unchecked Sendable {
        private let lock = NSLock()
        private var producers: [AsyncStream<JSONObject>.Continuation] = []
        private(set) var terminations: [String] = []
        let terminated = DispatchSemaphore(value: 0)

        func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> {
            .ready(request.query, operationType: .query, operationName: nil)
        }

        func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
            .ready(result())
        }

        func result() -> GraphQLExecutionResult {
            let (stream, continuation) = AsyncStream.makeStream(of: JSONObject.self)
            continuation.onTermination = { [self] termination in
                lock.withLock { terminations.append("\(termination)") }
                terminated.signal()
            }
            lock.withLock { producers.append(continuation) }
            let initial: JSONObject = [
                "data": ["a": 1], "pending": [["id": "0", "path": [], "label": "slow"]], "hasNext": true
            ]
            return GraphQLExecutionResult(incremental: IncrementalPayloads(initial: initial, subsequent: stream))
        }
    }

    private func start(_ service: PartsService, timeout: Duration?) throws -> (GraphQLServer<PartsService>, Int) {
        var http = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        http.eventLoopCount = 1
        var configuration = GraphQLServerConfiguration(http: http)
        configuration.logLevel = .off
        configuration.requestTimeout = timeout
        let server = GraphQLServer(service: service, configuration: configuration)
        return (server, try server.start())
    }

    private func stop(_ server: GraphQLServer<PartsService>) {
        let stopped = expectation(description: "shutdown")
        Task {
            await server.shutdown(gracePeriod: .seconds(1))
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 10)
    }

    private let request =
        "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: multipart/mixed\r\n"
        + "Content-Length: 13\r\nConnection: close\r\n\r\n{\"query\":\"a\"}"

    func testTheRequestTimeoutEndsAnAnswerInParts() throws {
        let service = PartsService()
        let (server, port) = try start(service, timeout: .milliseconds(300))
        defer { stop(server) }
        let answer = try loopbackExchange(port, request)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
        // The initial part, then (the deadline passed) a last one completing the pending part.
        XCTAssertTrue(
            answer.contains(#"{"data":{"a":1},"pending":[{"id":"0","path":[],"label":"slow"}],"hasNext":true}"#), answer
        )
        XCTAssertTrue(
            answer.contains(
                #"{"completed":[{"id":"0","errors":[{"message":"The request did not finish within 0.3 s and was cancelled.","extensions":{"code":"REQUEST_TIMEOUT"}}]}],"hasNext":false}"#
            ), answer)
        XCTAssertTrue(answer.hasSuffix("\r\n-----\r\n\r\n0\r\n\r\n"), answer) // the end part, the last chunk
        XCTAssertEqual(service.terminated.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(service.terminations, ["cancelled"])
    }

    func testAClientThatGoesAwayCancelsTheParts() throws {
        let service = PartsService()
        let (server, port) = try start(service, timeout: nil)
        defer { stop(server) }
        // The client reads the initial part, then closes.
        let initial = try loopbackExchange(port, request, until: #""hasNext":true}"#)
        XCTAssertTrue(initial.contains(#""hasNext":true}"#), initial)
        XCTAssertEqual(service.terminated.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(service.terminations, ["cancelled"])
    }
}
