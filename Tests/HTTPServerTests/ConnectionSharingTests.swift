#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HTTPServer
import XCTest

/// Accepted connections are handed out to the event loops in turn, whichever loop accepted
/// them, so that a burst of connections (a load balancer or a benchmark opening its pool at
/// once) keeps every loop busy.
final class ConnectionSharingTests: XCTestCase {
    /// The threads handlers ran on (handlers run on their connection's loop here).
    final class Threads: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [UInt: Int] = [:]

        func note() {
            lock.lock()
            seen[UInt(pthread_self()), default: 0] += 1
            lock.unlock()
        }

        var counts: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return seen.values.sorted()
        }
    }

    /// A server with `loops` event loops whose handler notes its thread in `threads`.
    private func start(loops: Int, _ threads: Threads) throws -> (HTTPServer, Int) {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = loops
        let server = HTTPServer(configuration: configuration) { _ in
            threads.note()
            return .text(200, "ok")
        }
        return (server, try server.start())
    }

    /// Opens `count` connections, then sends one request on each and checks its answer.
    private func connectThenAsk(_ port: Int, count: Int) throws -> [RawClient] {
        // All connected before any request: one loop may well accept the whole burst.
        let clients = try (0..<count).map { _ in try RawClient(port: port) }
        for client in clients {
            client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(try XCTUnwrap(client.readResponse()).status, 200)
        }
        return clients
    }

    private func stop(_ server: HTTPServer) {
        let stopped = expectation(description: "shutdown")
        Task {
            await server.shutdown(gracePeriod: .seconds(1))
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 10)
    }

    func testABurstOfConnectionsIsSharedByTheLoops() throws {
        let threads = Threads()
        let (server, port) = try start(loops: 2, threads)
        let clients = try connectThenAsk(port, count: 8)
        XCTAssertEqual(threads.counts, [4, 4], "each loop serves every other connection")
        // The clients are still open (an optimized build may end their lifetime at their last use).
        withExtendedLifetime(clients) { XCTAssertEqual(server.connectionCount, 8) }
        stop(server)
        XCTAssertEqual(server.connectionCount, 0)
    }

    func testOneLoopServesEveryConnection() throws {
        let threads = Threads()
        let (server, port) = try start(loops: 1, threads)
        let clients = try connectThenAsk(port, count: 4)
        XCTAssertEqual(threads.counts, [4])
        withExtendedLifetime(clients) { stop(server) }
    }
}
