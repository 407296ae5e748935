#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HTTPServer
import XCTest

/// Responses whose body is streamed (`HTTPResponse.stream`): each part is written as it is
/// produced, in chunks (HTTP/1.1) or until the close (HTTP/1.0); later pipelined responses wait
/// for the stream's end; a client that goes away cancels the stream.
final class StreamedBodyTests: XCTestCase {
    /// The producer side of each request's stream, handed from the handler to the test.
    final class Producers: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [CheckedContinuation<AsyncStream<[UInt8]>.Continuation, Never>] = []
        private var ready: [AsyncStream<[UInt8]>.Continuation] = []
        private(set) var terminations: [String] = []
        let terminated = DispatchSemaphore(value: 0)

        func add(_ continuation: AsyncStream<[UInt8]>.Continuation) {
            lock.lock()
            ready.append(continuation)
            lock.unlock()
        }

        /// The next stream's producer (waits until a handler made one).
        func next() -> AsyncStream<[UInt8]>.Continuation? {
            for _ in 0..<5_000 {
                lock.lock()
                if !ready.isEmpty {
                    let first = ready.removeFirst()
                    lock.unlock()
                    return first
                }
                lock.unlock()
                usleep(1_000)
            }
            return nil
        }

        func noteTermination(_ termination: String) {
            lock.lock()
            terminations.append(termination)
            lock.unlock()
            terminated.signal()
        }
    }

    private func start(_ producers: Producers) throws -> (HTTPServer, Int) {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 1
        let server = HTTPServer(configuration: configuration) { request in
            guard request.path == "/stream" else { return .text(200, "plain \(request.path)") }
            let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
            continuation.onTermination = { termination in
                producers.noteTermination("\(termination)")
            }
            producers.add(continuation)
            var response = HTTPResponse(status: 200)
            response.headers.add("Content-Type", "multipart/mixed; boundary=\"-\"")
            response.stream = stream
            return response
        }
        return (server, try server.start())
    }

    func testPartsArriveAsTheyAreProducedThenPipelinedAnswersFollow() throws {
        let producers = Producers()
        let (server, port) = try start(producers)
        defer { stop(server) }
        let client = try RawClient(port: port)
        client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let producer = try XCTUnwrap(producers.next())
        producer.yield(Array("first".utf8))
        // The head and the first part arrive while the stream is still open.
        let head = try XCTUnwrap(client.read(through: "\r\n\r\n"))
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
        XCTAssertTrue(head.contains("\r\nTransfer-Encoding: chunked\r\n"), head)
        XCTAssertFalse(head.lowercased().contains("content-length"), head)
        XCTAssertEqual(client.read(through: "first\r\n"), "5\r\nfirst\r\n")
        producer.yield([]) // an empty part is not a chunk (it would end the body)
        producer.yield(Array(String(repeating: "x", count: 20).utf8))
        XCTAssertEqual(client.read(through: "x\r\n"), "14\r\n" + String(repeating: "x", count: 20) + "\r\n")
        producer.finish()
        XCTAssertEqual(client.read(through: "0\r\n\r\n"), "0\r\n\r\n")
        // The pipelined request's answer comes after the stream's end.
        XCTAssertEqual(try XCTUnwrap(client.readResponse()).text, "plain /after")
    }

    func testAClientThatGoesAwayCancelsTheStream() throws {
        let producers = Producers()
        let (server, port) = try start(producers)
        defer { stop(server) }
        var client: RawClient? = try RawClient(port: port)
        client?.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        let producer = try XCTUnwrap(producers.next())
        producer.yield(Array("first".utf8))
        XCTAssertNotNil(client?.read(through: "first\r\n"))
        client = nil // closes the socket
        XCTAssertEqual(producers.terminated.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(producers.terminations, ["cancelled"])
    }

    func testHTTP10GetsTheBodyUntilTheClose() throws {
        let producers = Producers()
        let (server, port) = try start(producers)
        defer { stop(server) }
        let client = try RawClient(port: port)
        client.send("GET /stream HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n\r\n")
        let producer = try XCTUnwrap(producers.next())
        producer.yield(Array("one ".utf8))
        producer.yield(Array("two".utf8))
        producer.finish()
        let all = client.readToEnd()
        XCTAssertTrue(all.contains("\r\nConnection: close\r\n"), all)
        XCTAssertFalse(all.contains("Transfer-Encoding"), all)
        XCTAssertTrue(all.hasSuffix("\r\n\r\none two"), all)
    }

    func testHEADSendsTheHeadOnlyAndCancelsTheStream() throws {
        let producers = Producers()
        let (server, port) = try start(producers)
        defer { stop(server) }
        let client = try RawClient(port: port)
        client.send("HEAD /stream HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse(head: true))
        XCTAssertEqual(response.status, 200)
        XCTAssertNil(response.headers["transfer-encoding"])
        XCTAssertEqual(producers.terminated.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(producers.terminations, ["cancelled"])
        XCTAssertEqual(try XCTUnwrap(client.readResponse()).text, "plain /after")
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
