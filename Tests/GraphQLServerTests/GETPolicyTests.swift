import Base
import XCTest
import GraphQLServer
import HTTPServer
import JSON

/// `GraphQLServerConfiguration.getRequests`: every `GET` by default; with `.preflightRequired`
/// only those a browser could not send cross-site without a CORS preflight (Apollo Router's rule).
final class GETPolicyTests: XCTestCase {
    func handler(_ policy: GETPolicy) -> GraphQLHTTPHandler<FakeService> {
        var c = GraphQLServerConfiguration()
        c.logLevel = .off
        c.getRequests = policy
        return GraphQLHTTPHandler(service: FakeService(), configuration: c)
    }

    func get(
        _ handler: GraphQLHTTPHandler<FakeService>, query: String = "{ a }",
        _ headers: [(String, String)] = []
    ) async -> HTTPResponse {
        await handler.respond(
            to: HTTPRequest(
                method: "GET", target: "/graphql?query=" + PercentEncoding.encode(query),
                headers: HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })))
    }

    /// The whole body of a refused `GET`.
    static let refusal =
        #"{"errors":[{"message":"GET requests are refused to prevent cross-site request forgery unless they carry a header that forces a CORS preflight: a non-empty apollo-require-preflight or x-apollo-operation-name, or a Content-Type other than application/x-www-form-urlencoded, multipart/form-data and text/plain. Or send the query by POST with Content-Type: application/json.","extensions":{"code":"BAD_REQUEST"}}]}"#

    func testDefaultAnswersEveryGET() async throws {
        let response = await get(handler(.allowed))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try JSONParser.parse(response.body)["data"]?["query"], "{ a }")
    }

    func testBareGETIsRefusedWith400() async throws {
        let handler = handler(.preflightRequired)
        let bare = await get(handler)
        XCTAssertEqual(bare.status, 400)
        XCTAssertEqual(bare.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(String(decoding: bare.body, as: UTF8.self), Self.refusal)
        let modern = await get(handler, [("accept", "application/graphql-response+json")])
        XCTAssertEqual(modern.status, 400)
        XCTAssertEqual(modern.headers["content-type"], "application/graphql-response+json; charset=utf-8")
        XCTAssertEqual(String(decoding: modern.body, as: UTF8.self), Self.refusal)
        // Refused before the query is read: a mutation gets the same 400, not 405.
        let mutation = await get(handler, query: "mutation { a }")
        XCTAssertEqual(mutation.status, 400)
        XCTAssertEqual(String(decoding: mutation.body, as: UTF8.self), Self.refusal)
    }

    func testHeadersThatForceAPreflightAdmitTheGET() async throws {
        let handler = handler(.preflightRequired)
        for header in [
            ("apollo-require-preflight", "true"), ("Apollo-Require-Preflight", "1"),
            ("x-apollo-operation-name", "Q"), ("content-type", "application/json"),
            ("content-type", "application/graphql"), ("content-type", "")
        ] {
            let response = await get(handler, [header])
            XCTAssertEqual(response.status, 200, "\(header)")
            XCTAssertEqual(try JSONParser.parse(response.body)["data"]?["method"], "GET", "\(header)")
        }
        // Mutations still need POST.
        let mutation = await get(handler, query: "mutation { a }", [("apollo-require-preflight", "true")])
        XCTAssertEqual(mutation.status, 405)
        XCTAssertEqual(mutation.headers["allow"], "POST")
    }

    func testSimpleContentTypesAndEmptyHeadersDoNot() async throws {
        let handler = handler(.preflightRequired)
        for header in [
            ("content-type", "text/plain"), ("content-type", "TEXT/PLAIN; charset=utf-8"),
            ("content-type", "application/x-www-form-urlencoded"),
            ("content-type", "multipart/form-data; boundary=x"),
            ("apollo-require-preflight", ""), ("x-apollo-operation-name", " "), ("x-requested-with", "x")
        ] {
            let response = await get(handler, [header])
            XCTAssertEqual(response.status, 400, "\(header)")
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), Self.refusal, "\(header)")
        }
    }

    func testPOSTIsUnchanged() async throws {
        let handler = handler(.preflightRequired)
        func post(_ contentType: String) async -> HTTPResponse {
            await handler.respond(
                to: HTTPRequest(
                    method: "POST", target: "/graphql", headers: ["content-type": contentType],
                    body: Array(#"{"query":"{ a }"}"#.utf8)))
        }
        let json = await post("application/json")
        XCTAssertEqual(json.status, 200)
        XCTAssertEqual(try JSONParser.parse(json.body)["data"]?["method"], "POST")
        let form = await post("application/x-www-form-urlencoded")
        XCTAssertEqual(form.status, 415)
        XCTAssertEqual(try JSONParser.parse(form.body)["errors"]?[0]?["extensions"]?["code"], "UNSUPPORTED_MEDIA_TYPE")
    }
}
