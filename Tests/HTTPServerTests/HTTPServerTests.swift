#if canImport(Glibc)
    import Glibc
#endif
import XCTest
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import HTTPServer

/// End-to-end tests on loopback sockets.
final class HTTPServerTests: XCTestCase {
    /// An echo handler: `/slow?ms=N` sleeps, `/echo` returns the body, others describe the request.
    static let handler: HTTPHandler = { request in
        if request.path == "/slow" {
            let ms = Int(request.queryItems.first { $0.name == "ms" }?.value ?? "") ?? 100
            try? await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
            return .text(200, "slow \(request.query ?? "")")
        }
        if request.path == "/big" {
            return HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "b"), count: 512 * 1024))
        }
        if request.path == "/hang" {
            try? await Task.sleep(nanoseconds: 5_000_000_000)
            return .text(200, "late")
        }
        if request.path == "/echo" {
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        return .text(200, "\(request.method) \(request.path)")
    }

    private func startServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> (
        HTTPServer, Int
    ) {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 2
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, handler: Self.handler)
        let port = try server.start()
        return (server, port)
    }

    func testURLSessionGetAndPost() async throws {
        let (server, port) = try startServer()
        let url = URL(string: "http://127.0.0.1:\(port)/hello")!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        XCTAssertEqual(http.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "GET /hello")
        XCTAssertEqual(http.value(forHTTPHeaderField: "Server"), "menagerie")
        XCTAssertNotNil(http.value(forHTTPHeaderField: "Date"))
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/echo")!)
        post.httpMethod = "POST"
        post.httpBody = Data(repeating: 65, count: 100_000)
        let (echo, _) = try await URLSession.shared.data(for: post)
        XCTAssertEqual(echo.count, 100_000)
        await server.shutdown()
    }

    func testKeepAliveReuseAndHead() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        for i in 0..<3 {
            client.send("GET /n\(i) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try XCTUnwrap(client.readResponse())
            XCTAssertEqual(response.text, "GET /n\(i)")
            XCTAssertNil(response.headers["connection"])
        }
        client.send("HEAD /h HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try XCTUnwrap(client.readResponse(head: true))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-length"], "7")
        XCTAssertEqual(head.body, [])
        client.send("GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let last = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(last.headers["connection"], "close")
        XCTAssertTrue(client.isClosedByServer())
        XCTAssertEqual(server.requestCount, 5)
        blockingShutdown(server)
    }

    func testHTTP10ClosesByDefault() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        client.send("GET /old HTTP/1.0\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.text, "GET /old")
        XCTAssertTrue(client.isClosedByServer())
        let kept = try RawClient(port: port)
        for _ in 0..<2 {
            kept.send("GET /kept HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = kept.readResponse()
            XCTAssertEqual(response?.text, "GET /kept")
            XCTAssertEqual(response?.headers["connection"], "keep-alive")
        }
        blockingShutdown(server)
    }

    func testHalfClosedClientStillGetsItsResponses() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        client.send("GET /slow?ms=100 HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        client.shutdownWrite()
        XCTAssertEqual(client.readResponse()?.text, "slow ms=100")
        XCTAssertEqual(client.readResponse()?.text, "GET /after")
        XCTAssertTrue(client.isClosedByServer())
        blockingShutdown(server)
    }

    func testPipelinedResponsesComeBackInOrder() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        // The first request is the slowest: responses must still be in request order.
        client.send(
            "GET /slow?ms=150 HTTP/1.1\r\nHost: x\r\n\r\nGET /slow?ms=50 HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.text, "slow ms=150")
        XCTAssertEqual(client.readResponse()?.text, "slow ms=50")
        XCTAssertEqual(client.readResponse()?.text, "abc")
        XCTAssertEqual(client.readResponse()?.text, "GET /fast")
        // A deep pipeline (beyond the in-flight limit) is answered completely and in order.
        let many = (0..<100).map { "GET /p\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        client.send(many)
        for i in 0..<100 { XCTAssertEqual(client.readResponse()?.text, "GET /p\(i)") }
        blockingShutdown(server)
    }

    func testClientThatDoesNotReadIsThrottledAndStillAnsweredInOrder() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        let requests = (0..<64).map { "GET /big?n=\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        let writer = Thread { client.send(requests) }
        writer.start()
        usleep(200_000)
        // 32 MiB of responses were asked for (more than socket buffers hold): the server holds
        // back instead of buffering them all.
        XCTAssertLessThan(server.requestCount, 64)
        for _ in 0..<64 {
            let response = client.readResponse()
            XCTAssertEqual(response?.body.count, 512 * 1024)
        }
        XCTAssertEqual(server.requestCount, 64)
        blockingShutdown(server)
    }

    func testShutdownGracePeriodIsBounded() async throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        client.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n")
        try await Task.sleep(nanoseconds: 50_000_000)
        await server.shutdown(gracePeriod: .milliseconds(100))
        // The handler was still running: the connection is closed without a response.
        XCTAssertNil(client.readResponse())
        XCTAssertEqual(server.connectionCount, 0)
    }

    func testPartialAndChunkedAndContinue() throws {
        let (server, port) = try startServer()
        let client = try RawClient(port: port)
        for piece in [
            "PO", "ST /echo HT", "TP/1.1\r\nHost: x\r\nTransfer-Encoding: chu", "nked\r\n\r\n4\r\nab", "cd\r\n",
            "0\r\n\r\n"
        ] {
            client.send(piece)
            usleep(10_000)
        }
        XCTAssertEqual(client.readResponse()?.text, "abcd")
        client.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 100)
        client.send("hello")
        XCTAssertEqual(client.readResponse()?.text, "hello")
        blockingShutdown(server)
    }

    func testMalformedAndOversizedRequestsGetStatusAndClose() throws {
        let (server, port) = try startServer { $0.limits.maxBodyBytes = 1000 }
        let cases: [(String, Int)] = [
            ("GARBAGE\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nhello", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 40_000) + "\r\n\r\n", 431),
            ("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\r\n", 431),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "z", count: 5000), 413),
            ("\u{1}\u{2}\u{3}\u{4}\n", 400)
        ]
        for (text, status) in cases {
            let client = try RawClient(port: port)
            client.send(text)
            let response = client.readResponse()
            XCTAssertEqual(response?.status, status, String(text.prefix(60)))
            XCTAssertEqual(response?.headers["connection"], "close")
            XCTAssertTrue(client.isClosedByServer())
        }
        // A request before the malformed one is still answered, in order.
        let client = try RawClient(port: port)
        client.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\nBAD REQUEST\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.text, "GET /ok")
        XCTAssertEqual(client.readResponse()?.status, 400)
        XCTAssertTrue(client.isClosedByServer())
        blockingShutdown(server)
    }

    func testConcurrentClients() async throws {
        let (server, port) = try startServer()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<64 {
                group.addTask {
                    let url = URL(string: "http://127.0.0.1:\(port)/slow?ms=\(i % 5 * 10)")!
                    let (_, response) = try await URLSession.shared.data(from: url)
                    return (response as? HTTPURLResponse)?.statusCode ?? 0
                }
            }
            var all: [Int] = []
            for try await status in group { all.append(status) }
            return all
        }
        XCTAssertEqual(statuses.count, 64)
        XCTAssertTrue(statuses.allSatisfy { $0 == 200 })
        await server.shutdown()
    }

    func testSlowClientsDoNotDelayAFreshClient() throws {
        let (server, port) = try startServer { $0.headerTimeout = .seconds(60) }
        var slow: [RawClient] = []
        for _ in 0..<1000 {
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            slow.append(client)
        }
        // A fresh client is answered while 1,000 heads are incomplete (generous 5 s read timeout).
        let fresh = try RawClient(port: port, timeout: 5)
        fresh.send("GET /fresh HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(fresh.readResponse()?.text, "GET /fresh")
        XCTAssertGreaterThan(server.connectionCount, 900) // accepting is concurrent on two loops
        slow.removeAll()
        blockingShutdown(server)
    }

    func testHeaderAndIdleTimeouts() throws {
        let (server, port) = try startServer {
            $0.headerTimeout = .milliseconds(200)
            $0.idleTimeout = .milliseconds(300)
        }
        let partial = try RawClient(port: port)
        partial.send("GET / HTTP/1.1\r\nHost: x\r\n")
        XCTAssertEqual(partial.readResponse()?.status, 408)
        XCTAssertTrue(partial.isClosedByServer())
        let idle = try RawClient(port: port)
        idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(idle.readResponse()?.status, 200)
        XCTAssertTrue(idle.isClosedByServer())
        let silent = try RawClient(port: port)
        XCTAssertTrue(silent.isClosedByServer())
        blockingShutdown(server)
    }

    func testMaxConnections() throws {
        let (server, port) = try startServer { $0.maxConnections = 2 }
        let a = try RawClient(port: port), b = try RawClient(port: port)
        a.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        b.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(a.readResponse()?.status, 200)
        XCTAssertEqual(b.readResponse()?.status, 200)
        let c = try RawClient(port: port)
        XCTAssertEqual(c.readResponse()?.status, 503)
        blockingShutdown(server)
    }

    func testGracefulShutdownFinishesInFlightRequests() async throws {
        let (server, port) = try startServer()
        let busy = try RawClient(port: port)
        busy.send("GET /slow?ms=300 HTTP/1.1\r\nHost: x\r\n\r\n")
        let idle = try RawClient(port: port)
        idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(idle.readResponse()?.status, 200)
        try await Task.sleep(nanoseconds: 50_000_000)
        let reader = Task.detached { busy.readResponse() }
        await server.shutdown(gracePeriod: .seconds(5))
        let response = await reader.value
        XCTAssertEqual(response?.text, "slow ms=300")
        XCTAssertEqual(response?.headers["connection"], "close")
        XCTAssertTrue(idle.isClosedByServer())
        XCTAssertThrowsError(try RawClient(port: port))
    }

    private func blockingShutdown(_ server: HTTPServer) {
        let done = expectation(description: "shutdown")
        Task {
            await server.shutdown(gracePeriod: .seconds(2))
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }
}

extension RawClient: @unchecked Sendable {}
