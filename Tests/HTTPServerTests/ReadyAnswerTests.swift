import Base
import Foundation
import HTTPServer
import Locking
import XCTest

/// A handler's answer that is ready at once goes out with no task; only pending work gets one
/// (on the loop for a light request, on the pool otherwise).
final class ReadyAnswerTests: XCTestCase {
    /// Where each step of a request ran: in a task or not, on which kind of thread.
    private final class Sightings: Sendable {
        private let seen = Locked<[String]>([])
        func note(_ step: String) {
            let inTask = withUnsafeCurrentTask { $0 != nil }
            seen.withLock { $0.append("\(step): \(inTask ? "task" : "no task") on \(Self.threadKind())") }
        }
        var all: [String] { seen.withLock { $0 } }

        static func threadKind() -> String {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
            return name.trimmingCharacters(in: .whitespacesAndNewlines) == HTTPServer.loopThreadName ? "loop" : "other"
        }
    }

    private func start(_ sightings: Sightings, onLoop: @escaping @Sendable (HTTPRequest) -> Bool) throws -> (
        HTTPServer, Int
    ) {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 1
        configuration.runsOnEventLoop = onLoop
        let server = HTTPServer(
            configuration: configuration,
            answering: { request, responder in
                sightings.note("\(request.path) handler")
                guard request.path == "/later" else {
                    responder.answer(.text(200, "now\n"))
                    return .ready(())
                }
                return .pending {
                    sightings.note("/later work")
                    responder.answer(.text(200, "later\n"))
                }
            })
        return (server, try server.start())
    }

    func testReadyAnswerHasNoTaskAndPendingWorkHasOne() throws {
        let sightings = Sightings()
        let (server, port) = try start(sightings) { $0.path != "/heavy" }
        defer { Task { await server.shutdown() } }
        let client = try RawClient(port: port)
        for path in ["/now", "/later", "/heavy"] {
            client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try XCTUnwrap(client.readResponse(), path)
            XCTAssertEqual(response.status, 200, path)
        }
        XCTAssertEqual(
            sightings.all,
            [
                "/now handler: no task on loop",
                "/later handler: no task on loop",
                "/later work: task on loop",
                "/heavy handler: task on other"
            ])
    }

    func testHandlerEndingWithoutAnAnswerGets500() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 1
        let server = HTTPServer(configuration: configuration, answering: { _, _ in .ready(()) })
        let port = try server.start()
        defer { Task { await server.shutdown() } }
        let client = try RawClient(port: port)
        client.send("GET /silent HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(
            String(decoding: response.body, as: UTF8.self), "Internal server error: the handler gave no answer\n")
    }
}
