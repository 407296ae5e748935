import XCTest
import GraphQLServer
import HTTPServer
import JSON

/// A result over `maxResponseBytes` becomes one coded error; a result at the limit passes.
final class MaxResponseBytesTests: XCTestCase {
    func handler(limit: Int) -> GraphQLHTTPHandler<FakeService> {
        var c = GraphQLServerConfiguration()
        c.logLevel = .off
        c.maxResponseBytes = limit
        return GraphQLHTTPHandler(service: FakeService(), configuration: c)
    }

    func post(_ handler: GraphQLHTTPHandler<FakeService>, accept: String) async -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("content-type", "application/json")
        headers.add("accept", accept)
        let body = #"{"query":"{ a }"}"#
        return await handler.respond(
            to: HTTPRequest(method: "POST", target: "/graphql", headers: headers, body: Array(body.utf8)))
    }

    func testResultOverTheLimitIsOneError() async throws {
        // FakeService echoes: {"data":{"query":"{ a }","variables":null,"extensions":null,"method":"POST"}}
        let full = await post(handler(limit: 1 << 20), accept: "application/json")
        let size = full.body.count
        XCTAssertEqual(
            String(decoding: full.body, as: UTF8.self),
            #"{"data":{"query":"{ a }","variables":null,"extensions":null,"method":"POST"}}"#)

        let atLimit = await post(handler(limit: size), accept: "application/json")
        XCTAssertEqual(atLimit.body, full.body)

        for accept in ["application/json", "application/graphql-response+json"] {
            let over = await post(handler(limit: size - 1), accept: accept)
            XCTAssertEqual(over.status, 200, accept)
            XCTAssertEqual(
                String(decoding: over.body, as: UTF8.self),
                #"{"errors":[{"message":"The response would be larger than \#(size - 1) bytes; ask for fewer fields or items.","extensions":{"code":"RESPONSE_TOO_LARGE"}}],"data":null}"#
            )
        }
    }
}
