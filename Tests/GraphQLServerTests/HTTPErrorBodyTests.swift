#if canImport(Glibc)
import Glibc
#endif
import GraphQLServer
import HTTPServer
import JSON
import XCTest

/// Errors decided by the HTTP layer after the head is read get a GraphQL-style body on the
/// GraphQL endpoint, and plain text elsewhere.
final class HTTPErrorBodyTests: XCTestCase {
    /// Sends `request` on a fresh loopback connection and reads until the server closes it.
    func exchange(_ port: Int, _ request: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    func body(_ response: String) throws -> JSONValue {
        let parts = response.components(separatedBy: "\r\n\r\n")
        return try JSONParser.parse(parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    func testTooLargeBodyOnTheGraphQLEndpointIsGraphQLJSON() async throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.http.limits.maxBodyBytes = 1_000
        configuration.logLevel = .off
        let server = GraphQLServer(service: FakeService(), configuration: configuration)
        let port = try server.start()

        let tooLarge = try exchange(port, "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Accept: application/graphql-response+json\r\nContent-Length: 3000000\r\n\r\n")
        XCTAssertTrue(tooLarge.hasPrefix("HTTP/1.1 413 "), tooLarge)
        XCTAssertTrue(tooLarge.lowercased().contains("content-type: application/graphql-response+json"), tooLarge)
        let error = try XCTUnwrap(body(tooLarge)["errors"]?.arrayValue?.first)
        XCTAssertEqual(error["extensions"]?["code"], "PAYLOAD_TOO_LARGE")
        XCTAssertEqual(error["message"], "Request body larger than 1000 bytes")

        // Chunked past the limit: the same, as application/json for a client that asks for it.
        let chunk = String(repeating: "a", count: 800)
        let chunked = try exchange(port, "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Accept: application/json\r\nTransfer-Encoding: chunked\r\n\r\n320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
        XCTAssertTrue(chunked.hasPrefix("HTTP/1.1 413 "), chunked)
        XCTAssertTrue(chunked.lowercased().contains("content-type: application/json"), chunked)
        XCTAssertEqual(try body(chunked)["errors"]?[0]?["extensions"]?["code"], "PAYLOAD_TOO_LARGE")

        // A bad chunk: 400 with a code.
        let badChunk = try exchange(port, "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\nzz\r\n")
        XCTAssertTrue(badChunk.hasPrefix("HTTP/1.1 400 "), badChunk)
        XCTAssertEqual(try body(badChunk)["errors"]?[0]?["extensions"]?["code"], "BAD_REQUEST")

        // Elsewhere: plain text.
        let elsewhere = try exchange(port, "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 3000000\r\n\r\n")
        XCTAssertTrue(elsewhere.hasPrefix("HTTP/1.1 413 "), elsewhere)
        XCTAssertTrue(elsewhere.lowercased().contains("content-type: text/plain"), elsewhere)
        await server.shutdown(gracePeriodMilliseconds: 1_000)
    }

    func testGraphQLEndpointErrorsCarryACode() async throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.logLevel = .off
        let server = GraphQLServer(service: FakeService(), configuration: configuration)
        let port = try server.start()
        let cases: [(String, Int, String)] = [
            ("PUT /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", 405, "METHOD_NOT_ALLOWED"),
            ("GET /graphql?query=%7Ba%7D HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n", 406, "NOT_ACCEPTABLE"),
            ("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", 415, "UNSUPPORTED_MEDIA_TYPE"),
            ("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/graphql-response+json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{x}", 400, "BAD_REQUEST"),
        ]
        for (request, status, code) in cases {
            let response = try exchange(port, request)
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 \(status) "), response)
            XCTAssertEqual(try body(response)["errors"]?[0]?["extensions"]?["code"], .string(code), response)
        }
        await server.shutdown(gracePeriodMilliseconds: 1_000)
    }
}
