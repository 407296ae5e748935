import Base
import Foundation
import GraphQL
import GraphQLServer
import HTTPServer
import JSON
import XCTest

/// A service whose `prepare` holds its thread (as a costly parse or validation would) until the
/// test releases it, counting how many requests are inside it.
final class BlockingPrepareService: GraphQLService, @unchecked Sendable {
    private let condition = NSCondition()
    private var released = false
    private var inside = 0

    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> {
        condition.lock()
        inside += 1
        condition.broadcast()
        // Bounded, so that a broken test cannot hang the run.
        let limit = Date(timeIntervalSinceNow: 20)
        while !released, condition.wait(until: limit) {}
        inside -= 1
        condition.unlock()
        return .ready(request.query, operationType: .query, operationName: nil)
    }

    func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
        .ready(GraphQLExecutionResult(body: Array(#"{"data":{"busy":true}}"#.utf8)))
    }

    /// Requests inside `prepare` now, and whether they have been let go.
    var state: (inside: Int, released: Bool) {
        condition.lock()
        defer { condition.unlock() }
        return (inside, released)
    }

    /// Waits until at least one request is inside `prepare`.
    func waitForBusyRequest(timeout: TimeInterval = 10) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date(timeIntervalSinceNow: timeout)
        while inside == 0 { if !condition.wait(until: limit) { return false } }
        return true
    }

    func release() {
        condition.lock()
        released = true
        condition.broadcast()
        condition.unlock()
    }
}

/// GraphQL work (decoding, parsing, validation, execution) runs off the event loops: with one
/// loop and four requests stuck in `prepare`, `/health` on fresh connections still answers.
///
/// No wall-clock bound is asserted (`Tests/Scripts/bench-hostile.py` measures the latency of
/// `/health` beside four of the worst real requests); the assertion is that each `/health`
/// answered while the GraphQL requests were still being worked on, and that those then answered.
final class BusyLoopTests: XCTestCase {
    func testHealthAnswersWhileFourRequestsAreBeingPrepared() throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.logLevel = .off
        configuration.requestTimeout = nil
        let service = BlockingPrepareService()
        let server = GraphQLServer(service: service, configuration: configuration)
        let port = try server.start()

        let body = #"{"query":"{ busy }"}"#
        let post =
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        let responses = Responses()
        let finished = DispatchGroup()
        for _ in 0..<4 {
            finished.enter()
            Thread.detachNewThread {
                let response = (try? loopbackExchange(port, post, timeoutSeconds: 30)) ?? "no answer"
                responses.append(response)
                finished.leave()
            }
        }
        XCTAssertTrue(service.waitForBusyRequest(), "no request reached prepare")

        for attempt in 0..<20 {
            let health = try loopbackExchange(port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(health.hasPrefix("HTTP/1.1 200 "), "attempt \(attempt): \(health)")
            XCTAssertTrue(health.hasSuffix("\r\n\r\nok\n"), "attempt \(attempt): \(health)")
            let state = service.state
            XCTAssertFalse(state.released)
            XCTAssertGreaterThan(
                state.inside, 0, "attempt \(attempt): the busy requests should still be inside prepare")
        }

        service.release()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the busy requests were not answered")
        let all = responses.all
        XCTAssertEqual(all.count, 4)
        for response in all {
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 200 "), response)
            XCTAssertTrue(response.hasSuffix("\r\n\r\n{\"data\":{\"busy\":true}}"), response)
        }

        let stopped = expectation(description: "shutdown")
        Task {
            await server.shutdown(gracePeriod: .seconds(1))
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 10)
    }
}

/// Responses collected from several threads.
final class Responses: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ response: String) {
        lock.lock()
        items.append(response)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
