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
    func exchange(_ port: Int, _ request: String) throws -> String {
        try loopbackExchange(port, request)
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

        let tooLarge = try exchange(
            port,
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Accept: application/graphql-response+json\r\nContent-Length: 3000000\r\n\r\n")
        XCTAssertTrue(tooLarge.hasPrefix("HTTP/1.1 413 "), tooLarge)
        XCTAssertTrue(tooLarge.lowercased().contains("content-type: application/graphql-response+json"), tooLarge)
        let error = try XCTUnwrap(body(tooLarge)["errors"]?.arrayValue?.first)
        XCTAssertEqual(error["extensions"]?["code"], "PAYLOAD_TOO_LARGE")
        XCTAssertEqual(error["message"], "Request body larger than 1000 bytes")

        // Chunked past the limit: the same, as application/json for a client that asks for it.
        let chunk = String(repeating: "a", count: 800)
        let chunked = try exchange(
            port,
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nTransfer-Encoding: chunked\r\n\r\n320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n"
        )
        XCTAssertTrue(chunked.hasPrefix("HTTP/1.1 413 "), chunked)
        XCTAssertTrue(chunked.lowercased().contains("content-type: application/json"), chunked)
        XCTAssertEqual(try body(chunked)["errors"]?[0]?["extensions"]?["code"], "PAYLOAD_TOO_LARGE")

        // A bad chunk: 400 with a code.
        let badChunk = try exchange(
            port,
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n")
        XCTAssertTrue(badChunk.hasPrefix("HTTP/1.1 400 "), badChunk)
        XCTAssertEqual(try body(badChunk)["errors"]?[0]?["extensions"]?["code"], "BAD_REQUEST")

        // Elsewhere: plain text.
        let elsewhere = try exchange(port, "POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 3000000\r\n\r\n")
        XCTAssertTrue(elsewhere.hasPrefix("HTTP/1.1 413 "), elsewhere)
        XCTAssertTrue(elsewhere.lowercased().contains("content-type: text/plain"), elsewhere)
        await server.shutdown(gracePeriod: .seconds(1))
    }

    func testGraphQLEndpointErrorsCarryACode() async throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.logLevel = .off
        let server = GraphQLServer(service: FakeService(), configuration: configuration)
        let port = try server.start()
        let cases: [(String, Int, String)] = [
            (
                "PUT /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", 405,
                "METHOD_NOT_ALLOWED"
            ),
            (
                "GET /graphql?query=%7Ba%7D HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n", 406,
                "NOT_ACCEPTABLE"
            ),
            (
                "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
                415, "UNSUPPORTED_MEDIA_TYPE"
            ),
            (
                "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/graphql-response+json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{x}",
                400, "BAD_REQUEST"
            )
        ]
        for (request, status, code) in cases {
            let response = try exchange(port, request)
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 \(status) "), response)
            XCTAssertEqual(try body(response)["errors"]?[0]?["extensions"]?["code"], .string(code), response)
        }
        await server.shutdown(gracePeriod: .seconds(1))
    }
}
