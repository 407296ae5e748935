#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HTTPServer
import XCTest

/// An event loop parses a bounded share of one connection's input per turn
/// (`inputBytesPerTurn`), then serves its other connections: a client whose bytes cost much to
/// parse (a body of one-byte chunks) does not hold the others back.
final class FairInputTests: XCTestCase {
    /// The paths the handler saw, in order.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []

        func note(_ path: String) {
            lock.lock()
            paths.append(path)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return paths
        }
    }

    /// The order of dispatch, with no clock: the only loop is held in a handler while a large
    /// input (connection A) and then a small request (connection B) are queued in the kernel;
    /// once released, the loop must dispatch B before it has parsed all of A.
    func testASmallRequestIsServedWhileALargeInputIsParsed() throws {
        let seen = Seen()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 1
        configuration.limits.maxHeadBytes = 1024
        configuration.inputBytesPerTurn = 1024
        let server = HTTPServer(configuration: configuration) { request in
            if request.path == "/gate" {
                entered.signal()
                gate.wait() // holds the loop (handlers run on it)
            }
            seen.note(request.path)
            return .text(200, "ok")
        }
        let port = try server.start()
        defer { stop(server) }

        let holder = try RawClient(port: port)
        holder.send("GET /gate HTTP/1.1\r\nHost: x\r\n\r\n")
        entered.wait()
        // 10,000 one-byte chunks: 60 KB of input, all in the kernel's buffers before the loop runs.
        let large = try RawClient(port: port)
        large.send(
            "POST /large HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: "1\r\nx\r\n", count: 10_000) + "0\r\n\r\n")
        let small = try RawClient(port: port)
        small.send("GET /small HTTP/1.1\r\nHost: x\r\n\r\n")
        gate.signal()

        XCTAssertEqual(try XCTUnwrap(holder.readResponse()).status, 200)
        XCTAssertEqual(try XCTUnwrap(small.readResponse()).status, 200)
        XCTAssertEqual(try XCTUnwrap(large.readResponse()).status, 200)
        XCTAssertEqual(seen.all, ["/gate", "/small", "/large"])
    }

    /// Bodies larger than a share still arrive whole (each turn parses the next share).
    func testAnInputOfManySharesArrivesWhole() throws {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 1
        configuration.limits.maxHeadBytes = 1024
        configuration.inputBytesPerTurn = 1024
        let server = HTTPServer(configuration: configuration) { request in
            .text(200, "\(request.body.count) \(request.body.allSatisfy { $0 == UInt8(ascii: "y") })")
        }
        let port = try server.start()
        defer { stop(server) }
        let client = try RawClient(port: port)
        let body = String(repeating: "y", count: 300_000)
        // Pipelined: a content-length body, a chunked one, then a small request.
        client.send(
            "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
                + "POST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: "1\r\ny\r\n", count: 5_000) + "0\r\n\r\n"
                + "GET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(String(decoding: try XCTUnwrap(client.readResponse()).body, as: UTF8.self), "300000 true")
        XCTAssertEqual(String(decoding: try XCTUnwrap(client.readResponse()).body, as: UTF8.self), "5000 true")
        XCTAssertEqual(String(decoding: try XCTUnwrap(client.readResponse()).body, as: UTF8.self), "0 true")
    }

    private func stop(_ server: HTTPServer) {
        let stopped = expectation(description: "shutdown")
        Task {
            await server.shutdown(gracePeriod: .seconds(1))
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 10)
    }
}
