import Base
import XCTest
import GraphQLServer
import HTTPServer
import JSON

/// GraphQL over HTTP through the handler (no sockets): statuses, media types, parameters.
final class GraphQLOverHTTPTests: XCTestCase {
    let handler = GraphQLHTTPHandler(
        service: FakeService(),
        configuration: {
            var c = GraphQLServerConfiguration()
            c.logLevel = .off
            return c
        }())

    func post(
        _ body: String, contentType: String? = "application/json", accept: String? = nil,
        path: String = "/graphql"
    ) async -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("host", "x")
        if let contentType { headers.add("content-type", contentType) }
        if let accept { headers.add("accept", accept) }
        return await handler.respond(
            to: HTTPRequest(method: "POST", target: path, headers: headers, body: Array(body.utf8)))
    }

    func get(_ target: String, accept: String? = nil, method: String = "GET") async -> HTTPResponse {
        var headers = HTTPHeaders()
        if let accept { headers.add("accept", accept) }
        return await handler.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    func json(_ response: HTTPResponse) throws -> JSONValue { try JSONParser.parse(response.body) }

    func testPostQueryWithEachAcceptedMediaType() async throws {
        let body = #"{"query":"{ a }","variables":{"x":1},"operationName":null,"extensions":{"e":true}}"#
        let plain = await post(body)
        XCTAssertEqual(plain.status, 200)
        XCTAssertEqual(plain.headers["content-type"], "application/json; charset=utf-8")
        XCTAssertEqual(try json(plain)["data"]?["query"], "{ a }")
        XCTAssertEqual(try json(plain)["data"]?["variables"]?["x"], 1)
        XCTAssertEqual(try json(plain)["data"]?["extensions"]?["e"], true)
        for (accept, type) in [
            ("application/graphql-response+json", "application/graphql-response+json"),
            ("application/graphql-response+json, application/json;q=0.9", "application/graphql-response+json"),
            ("application/json, application/graphql-response+json;q=0.5", "application/json"),
            ("application/json", "application/json"),
            ("*/*", "application/json"),
            ("text/html, application/*;q=0.2", "application/json")
        ] {
            let response = await post(body, accept: accept)
            XCTAssertEqual(response.status, 200, accept)
            XCTAssertEqual(response.headers["content-type"], type + "; charset=utf-8", accept)
        }
        let refused = await post(body, accept: "text/html")
        XCTAssertEqual(refused.status, 406)
    }

    func testRequestErrorsDependOnMediaType() async throws {
        for (query, message) in [("{", "Syntax Error"), ("{ invalid }", "Cannot query field")] {
            let body = #"{"query":"\#(query)"}"#
            let legacy = await post(body, accept: "application/json")
            XCTAssertEqual(legacy.status, 200)
            XCTAssertTrue(try json(legacy)["errors"]?[0]?["message"]?.stringValue?.hasPrefix(message) == true)
            let modern = await post(body, accept: "application/graphql-response+json")
            XCTAssertEqual(modern.status, 400)
            XCTAssertNil(try json(modern)["data"])
            XCTAssertEqual(try json(modern)["errors"]?[0]?["locations"]?[0]?["line"], 1)
        }
        let coercion = #"{"query":"query($bad: Int) { a }","variables":{"bad":1.5}}"#
        let modern = await post(coercion, accept: "application/graphql-response+json")
        XCTAssertEqual(modern.status, 400)
        let legacy = await post(coercion, accept: "application/json")
        XCTAssertEqual(legacy.status, 200)
    }

    /// graphql-http audits BF61/78D5 (UTF-8 request, charset optional), 82A3 (UTF-8 response),
    /// 80D8 (no Accept: application/json).
    func testUTF8RequestsAndResponses() async throws {
        let body = #"{"query":"{ a(name: \"Café ✓ 🐕\") }"}"#
        for contentType in ["application/json", "application/json; charset=utf-8"] {
            let response = await post(body, contentType: contentType, accept: nil)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["content-type"], "application/json; charset=utf-8")
            XCTAssertEqual(try json(response)["data"]?["query"], "{ a(name: \"Café ✓ 🐕\") }")
        }
    }

    func testInvalidParametersAre400() async throws {
        let bodies = [
            "", "{", "[]", "\"x\"", "null", #"{}"#, #"{"query":null}"#, #"{"query":1}"#, #"{"query":{}}"#,
            #"{"query":[]}"#, #"{"query":true}"#, #"{"query":"{ a }","variables":"{}"}"#,
            #"{"query":"{ a }","variables":[]}"#, #"{"query":"{ a }","variables":1}"#,
            #"{"query":"{ a }","operationName":1}"#, #"{"query":"{ a }","operationName":{}}"#,
            #"{"query":"{ a }","extensions":"x"}"#, #"{"query":"{ a }","extensions":[]}"#
        ]
        for body in bodies {
            for accept in ["application/json", "application/graphql-response+json"] {
                let response = await post(body, accept: accept)
                XCTAssertEqual(response.status, 400, body)
                XCTAssertNotNil(try? json(response)["errors"]?[0]?["message"]?.stringValue, body)
            }
        }
        let nulls = await post(#"{"query":"{ a }","variables":null,"operationName":null,"extensions":null}"#)
        XCTAssertEqual(nulls.status, 200)
    }

    func testContentTypesAndCSRF() async {
        let body = #"{"query":"{ a }"}"#
        for contentType in [
            "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
            "application/graphql", "application/json; charset=latin1"
        ] {
            let response = await post(body, contentType: contentType)
            XCTAssertEqual(response.status, 415, contentType)
        }
        let missing = await post(body, contentType: nil)
        XCTAssertEqual(missing.status, 415)
        let utf8 = await post(body, contentType: "Application/JSON; charset=UTF-8")
        XCTAssertEqual(utf8.status, 200)
    }

    func testGetQueriesAndRefusedMutations() async throws {
        let query = PercentEncoding.encode("query Q($x: Int) { a }")
        let variables = PercentEncoding.encode(#"{"x":2}"#)
        let ok = await get("/graphql?query=\(query)&variables=\(variables)&operationName=Q")
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(try json(ok)["data"]?["variables"]?["x"], 2)
        XCTAssertEqual(try json(ok)["data"]?["method"], "GET")
        let mutation = await get("/graphql?query=" + PercentEncoding.encode("mutation { a }"))
        XCTAssertEqual(mutation.status, 405)
        XCTAssertEqual(mutation.headers["allow"], "POST")
        // The method is checked before validation: an invalid mutation by GET is 405 too (the fake
        // service fails any document that names `invalid`), and so is the mutation an
        // `operationName` selects; a query that fails validation keeps its errors.
        let invalidMutation = await get("/graphql?query=" + PercentEncoding.encode("mutation { invalid }"))
        XCTAssertEqual(invalidMutation.status, 405)
        XCTAssertEqual(invalidMutation.headers["allow"], "POST")
        let selected = await get(
            "/graphql?query=" + PercentEncoding.encode("query Q { invalid } mutation M { a }") + "&operationName=M")
        XCTAssertEqual(selected.status, 405)
        let invalidQuery = await get(
            "/graphql?query=" + PercentEncoding.encode("query Q { invalid } mutation M { a }") + "&operationName=Q")
        XCTAssertEqual(invalidQuery.status, 200)
        XCTAssertEqual(
            try json(invalidQuery)["errors"]?[0]?["message"], "Cannot query field \"invalid\" on type \"Query\".")
        let missing = await get("/graphql")
        XCTAssertEqual(missing.status, 400)
        let badVariables = await get("/graphql?query=%7Ba%7D&variables=%7B")
        XCTAssertEqual(badVariables.status, 400)
        let put = await get("/graphql", method: "PUT")
        XCTAssertEqual(put.status, 405)
        XCTAssertEqual(put.headers["allow"], "GET, POST, OPTIONS")
    }
}
