import Base
import GraphQL
import GraphQLServer
import HTTPServer
import JSON
import XCTest

/// `Cache-Control`, `ETag`, `Vary` and `If-None-Match` on `/graphql` answers.
final class CacheHeadersTests: XCTestCase {
    /// FakeService's answers with a cache hint: `max-age=120` for a query mentioning `fresh`,
    /// `no-store` otherwise.
    struct HintingService: GraphQLService {
        let echo = FakeService()

        func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> { echo.prepare(request) }

        func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
            echo.execute(document, request: request).map { result in
                var result = result
                result.cacheHint = document.contains("fresh") ? .maxAge(.seconds(120)) : .noStore
                return result
            }
        }
    }

    static func handler(cors: [String] = []) -> GraphQLHTTPHandler<HintingService> {
        var configuration = GraphQLServerConfiguration()
        configuration.logLevel = .off
        configuration.corsAllowedOrigins = cors
        return GraphQLHTTPHandler(service: HintingService(), configuration: configuration)
    }

    let handler = CacheHeadersTests.handler()

    func get(_ query: String, headers: HTTPHeaders = [:], on handler: GraphQLHTTPHandler<HintingService>? = nil) async
        -> HTTPResponse
    {
        var all: HTTPHeaders = ["host": "x"]
        for field in headers { all.add(field.name, field.value) }
        let target = "/graphql?query=" + PersistedQueryTests.encode(query)
        return await (handler ?? self.handler).respond(to: HTTPRequest(method: "GET", target: target, headers: all))
    }

    func post(_ query: String) async -> HTTPResponse {
        let body = #"{"query":\#(JSONValue.string(query).serialized())}"#
        return await handler.respond(
            to: HTTPRequest(
                method: "POST", target: "/graphql",
                headers: ["host": "x", "content-type": "application/json"],
                body: Array(body.utf8)))
    }

    func testGetAnswerCarriesTheServicesHintAnETagAndVary() async throws {
        let response = await get("{ fresh }")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["cache-control"], "public, max-age=120")
        XCTAssertEqual(response.headers.values(for: "vary"), ["Accept"])
        let tag = try XCTUnwrap(response.headers["etag"])
        XCTAssertTrue(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34, tag)
        XCTAssertTrue(tag.dropFirst().dropLast().allSatisfy { "0123456789abcdef".contains($0) }, tag)

        let uncacheable = await get("{ dogs }")
        XCTAssertEqual(uncacheable.headers["cache-control"], "no-store")
        XCTAssertNotNil(uncacheable.headers["etag"])
    }

    func testPostAnswersAreNoStoreWithoutETag() async {
        for query in ["{ fresh }", "{ dogs }", "{ invalid }"] {
            let response = await post(query)
            XCTAssertEqual(response.headers["cache-control"], "no-store", query)
            XCTAssertNil(response.headers["etag"], query)
        }
    }

    func testErrorAnswersToGetAreNoStore() async {
        let validation = await get("{ fresh invalid }")
        XCTAssertEqual(validation.status, 200)
        XCTAssertEqual(validation.headers["cache-control"], "no-store")
        XCTAssertNil(validation.headers["etag"])
        let strict = await get("{ fresh invalid }", headers: ["accept": "application/graphql-response+json"])
        XCTAssertEqual(strict.status, 400)
        XCTAssertEqual(strict.headers["cache-control"], "no-store")
        let mutation = await get("mutation { fresh }")
        XCTAssertEqual(mutation.status, 405)
        XCTAssertEqual(mutation.headers["cache-control"], "no-store")
        let notAcceptable = await get("{ fresh }", headers: ["accept": "text/html"])
        XCTAssertEqual(notAcceptable.status, 406)
        XCTAssertEqual(notAcceptable.headers["cache-control"], "no-store")
        let coercion = await handler.respond(
            to: HTTPRequest(
                method: "GET",
                target: "/graphql?query=" + PersistedQueryTests.encode("query($bad: Int) { fresh }")
                    + "&variables=" + PersistedQueryTests.encode(#"{"bad":1.5}"#), headers: ["host": "x"]))
        XCTAssertEqual(coercion.headers["cache-control"], "no-store")
        XCTAssertNil(coercion.headers["etag"])
    }

    func testETagIsStableForTheSameAnswerAndChangesWithIt() async throws {
        let firstAnswer = await get("{ fresh }"), secondAnswer = await get("{ fresh }"),
            otherAnswer = await get("{ fresh other }")
        let first = try XCTUnwrap(firstAnswer.headers["etag"])
        let again = try XCTUnwrap(secondAnswer.headers["etag"])
        XCTAssertEqual(first, again)
        XCTAssertEqual(firstAnswer.body, secondAnswer.body)
        let other = try XCTUnwrap(otherAnswer.headers["etag"])
        XCTAssertNotEqual(first, other)
        // The same body in the other media type is another representation.
        let strict = await get("{ fresh }", headers: ["accept": "application/graphql-response+json"])
        XCTAssertEqual(strict.status, 200)
        XCTAssertNotEqual(try XCTUnwrap(strict.headers["etag"]), first)
    }

    func testIfNoneMatchGives304WithoutBody() async throws {
        let full = await get("{ fresh }")
        let tag = try XCTUnwrap(full.headers["etag"])
        let opaque = String(tag.dropFirst().dropLast())
        for condition in [tag, "W/" + tag, #""nope", \#(tag)"#, #"W/"a" ,  W/\#(tag) , "b""#, "*", #"garbage, \#(tag)"#]
        {
            let response = await get("{ fresh }", headers: ["if-none-match": condition])
            XCTAssertEqual(response.status, 304, condition)
            XCTAssertEqual(response.body, [], condition)
            XCTAssertEqual(response.headers["etag"], tag, condition)
            XCTAssertEqual(response.headers["cache-control"], "public, max-age=120", condition)
            XCTAssertEqual(response.headers.values(for: "vary"), ["Accept"], condition)
            XCTAssertNil(response.headers["content-type"], condition)
        }
        // Two header lines are one list.
        let twoLines = await get("{ fresh }", headers: ["if-none-match": #""x""#, "If-None-Match": tag])
        XCTAssertEqual(twoLines.status, 304)
        for condition in [#""nope""#, opaque, "W/\"\(opaque)x\"", "\"\(opaque.dropLast())\"", ""] {
            let response = await get("{ fresh }", headers: ["if-none-match": condition])
            XCTAssertEqual(response.status, 200, condition)
            XCTAssertEqual(response.body, full.body, condition)
        }
        // A changed answer does not match the old tag.
        let changed = await get("{ fresh other }", headers: ["if-none-match": tag])
        XCTAssertEqual(changed.status, 200)
        // POST ignores If-None-Match.
        var headers: HTTPHeaders = ["host": "x", "content-type": "application/json", "if-none-match": "*"]
        headers.add("accept", "application/json")
        let posted = await handler.respond(
            to: HTTPRequest(
                method: "POST", target: "/graphql", headers: headers,
                body: Array(#"{"query":"{ fresh }"}"#.utf8)))
        XCTAssertEqual(posted.status, 200)
    }

    func testVaryAlsoNamesOriginWithCORS() async throws {
        let handler = Self.handler(cors: ["https://app.example"])
        let response = await get("{ fresh }", headers: ["origin": "https://app.example"], on: handler)
        XCTAssertEqual(response.headers.values(for: "vary"), ["Accept, Origin"])
        XCTAssertEqual(response.headers["access-control-allow-origin"], "https://app.example")
        let tag = try XCTUnwrap(response.headers["etag"])
        let notModified = await get(
            "{ fresh }", headers: ["origin": "https://app.example", "if-none-match": tag], on: handler)
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.headers.values(for: "vary"), ["Accept, Origin"])
        // Another origin's answer is another representation (no Access-Control-Allow-Origin): the
        // first origin's tag does not revalidate it, or a browser's cache would keep the stored
        // answer with the first origin's header (a 304 cannot remove it).
        let other = await get(
            "{ fresh }", headers: ["origin": "https://evil.example", "if-none-match": tag], on: handler)
        XCTAssertEqual(other.status, 200)
        XCTAssertNil(other.headers["access-control-allow-origin"])
        XCTAssertNotEqual(other.headers["etag"], tag)
    }

    /// Errors decided by the HTTP layer on the GraphQL path (here: a body over the limit) are
    /// `no-store` too.
    func testHTTPLevelErrorsOnTheGraphQLPathAreNoStore() async throws {
        var http = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        http.eventLoopCount = 1
        http.limits.maxBodyBytes = 10
        var configuration = GraphQLServerConfiguration(http: http)
        configuration.logLevel = .off
        let server = GraphQLServer(service: HintingService(), configuration: configuration)
        let port = try server.start()
        let body = #"{"query":"{ fresh }"}"#
        let answer = try loopbackExchange(
            port,
            "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        await server.shutdown(gracePeriod: .seconds(1))
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 413"), answer)
        XCTAssertTrue(answer.contains("\r\nCache-Control: no-store\r\n"), answer)
    }
}
