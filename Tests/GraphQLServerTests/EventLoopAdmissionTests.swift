import Base
import Foundation
import GraphQL
@testable import GraphQLServer
import HTTPServer
import Locking
import XCTest

/// A service that notes the name of the thread each request was prepared on: `{ fail }` fails
/// to prepare, `{ slow }` executes in 50 ms, anything else at once.
final class ThreadNotingService: GraphQLService, Sendable {
    private let names = Locked<[String]>([])
    private let inTasks = Locked<[Bool]>([])

    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> {
        names.withLock { $0.append(Self.currentThreadName()) }
        inTasks.withLock { $0.append(withUnsafeCurrentTask { $0 != nil }) }
        if request.query == "{ fail }" { return .failed([GraphQLError(message: "no")]) }
        return .ready(request.query, operationType: .query, operationName: nil)
    }

    func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
        let ok = GraphQLExecutionResult(body: Array(#"{"data":{"ok":true}}"#.utf8))
        guard document == "{ slow }" else { return .ready(ok) }
        return .pending {
            try? await Task.sleep(for: .milliseconds(50))
            return ok
        }
    }

    /// The thread names noted so far, in order.
    var threads: [String] { names.withLock { $0 } }
    /// Whether each request was prepared in a task, in order.
    var tasks: [Bool] { inTasks.withLock { $0 } }

    static func currentThreadName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A light request seen before runs on its event loop; anything new, failed, slow or large runs
/// on the pool (`EventLoopAdmission`).
final class EventLoopAdmissionTests: XCTestCase {
    private func post(_ port: Int, _ query: String) throws -> String {
        let body = #"{"query":"\#(query)"}"#
        return try loopbackExchange(
            port,
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    private func withServer(budget: Duration?, _ body: (Int, ThreadNotingService) throws -> Void) throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.logLevel = .off
        configuration.eventLoopBudget = budget
        let service = ThreadNotingService()
        let server = GraphQLServer(service: service, configuration: configuration)
        let port = try server.start()
        defer {
            let stopped = expectation(description: "shutdown")
            Task {
                await server.shutdown(gracePeriod: .seconds(1))
                stopped.fulfill()
            }
            wait(for: [stopped], timeout: 10)
        }
        try body(port, service)
    }

    func testARepeatedLightRequestRunsOnItsEventLoop() throws {
        // A budget no test machine misses, so that only the rule is tested, not the clock.
        try withServer(budget: .seconds(10)) { port, service in
            for query in ["{ a }", "{ a }", "{ a }", "{ b }", "{ b }"] {
                XCTAssertTrue(try post(port, query).hasSuffix(#"{"data":{"ok":true}}"#))
            }
            let loop = HTTPServer.loopThreadName
            XCTAssertEqual(service.threads.map { $0 == loop }, [false, true, true, false, true], "\(service.threads)")
            // On the loop a warm request is answered at once, with no task; on the pool it has one.
            XCTAssertEqual(service.tasks, [true, false, false, true, false])
        }
    }

    func testFailedSlowAndUnbudgetedRequestsStayOnThePool() throws {
        try withServer(budget: .milliseconds(20)) { port, service in
            for query in ["{ fail }", "{ fail }", "{ slow }", "{ slow }", "{ slow }"] { _ = try post(port, query) }
            XCTAssertFalse(service.threads.contains(HTTPServer.loopThreadName), "\(service.threads)")
            XCTAssertEqual(service.threads.count, 5)
        }
        try withServer(budget: nil) { port, service in
            for _ in 0..<3 { _ = try post(port, "{ a }") }
            XCTAssertFalse(service.threads.contains(HTTPServer.loopThreadName), "\(service.threads)")
            XCTAssertEqual(service.threads.count, 3)
        }
    }

    func testTheRecordFollowsTheLastAnswer() {
        let admission = EventLoopAdmission(budget: .milliseconds(1))
        let request = HTTPRequest(method: "POST", target: "/graphql", body: Array(#"{"query":"{ a }"}"#.utf8))
        XCTAssertFalse(admission.admits(request))
        admission.record(request, admitted: false, executed: true, status: 200, took: .microseconds(300))
        XCTAssertTrue(admission.admits(request))
        // The same bytes under another method or target are another request.
        XCTAssertFalse(admission.admits(HTTPRequest(method: "PUT", target: "/graphql", body: request.body)))
        XCTAssertFalse(admission.admits(HTTPRequest(method: "POST", target: "/graphql?x", body: request.body)))
        // Slower than the budget, an error status, or no execution: back to the pool.
        admission.record(request, admitted: false, executed: true, status: 200, took: .milliseconds(2))
        XCTAssertFalse(admission.admits(request))
        admission.record(request, admitted: false, executed: true, status: 200, took: .microseconds(300))
        admission.record(request, admitted: false, executed: true, status: 504, took: .microseconds(300))
        XCTAssertFalse(admission.admits(request))
        admission.record(request, admitted: false, executed: false, status: 200, took: .microseconds(300))
        XCTAssertFalse(admission.admits(request))
        // Admitted (it ran on its loop): light again keeps it, slow sends it back to the pool.
        admission.record(request, admitted: false, executed: true, status: 200, took: .microseconds(300))
        admission.record(request, admitted: true, executed: true, status: 200, took: .microseconds(300))
        XCTAssertTrue(admission.admits(request))
        admission.record(request, admitted: true, executed: true, status: 200, took: .milliseconds(2))
        XCTAssertFalse(admission.admits(request))
    }

    func testLargeRequestsAreNeverAdmittedAndTheRecordIsBounded() {
        let admission = EventLoopAdmission(budget: .milliseconds(1))
        let large = HTTPRequest(
            method: "POST", target: "/graphql",
            body: [UInt8](repeating: UInt8(ascii: " "), count: EventLoopAdmission.maxKeyBytes + 1))
        admission.record(large, admitted: false, executed: true, status: 200, took: .microseconds(1))
        XCTAssertFalse(admission.admits(large))
        XCTAssertEqual(admission.count, 0)

        for index in 0..<EventLoopAdmission.capacity {
            admission.record(
                HTTPRequest(method: "GET", target: "/graphql?query=\(index)"), admitted: false, executed: true,
                status: 200,
                took: .microseconds(1))
        }
        XCTAssertEqual(admission.count, EventLoopAdmission.capacity)
        XCTAssertTrue(admission.admits(HTTPRequest(method: "GET", target: "/graphql?query=0")))
        // Past the capacity the record starts again: those requests run on the pool once more.
        admission.record(
            HTTPRequest(method: "GET", target: "/graphql?query=new"), admitted: false, executed: true, status: 200,
            took: .microseconds(1))
        XCTAssertEqual(admission.count, 1)
        XCTAssertFalse(admission.admits(HTTPRequest(method: "GET", target: "/graphql?query=0")))
        XCTAssertTrue(admission.admits(HTTPRequest(method: "GET", target: "/graphql?query=new")))
    }
}
