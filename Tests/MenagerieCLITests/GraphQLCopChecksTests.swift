import Base
import XCTest
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import GraphQLServer
import HTTPServer
import JSON
import Menagerie
@testable import MenagerieCLI

/// The checks of the graphql-cop audit (github.com/dolevf/graphql-cop, 1.15), each sent over a
/// socket exactly as graphql-cop sends it, against `menagerie serve` built as `serve` builds it:
/// the production profile gives graphql-cop nothing to report; the development profile (the
/// default) still answers as before. graphql-cop itself is run by hand (see docs/serving.md, "Production profile").
final class GraphQLCopChecksTests: XCTestCase {
    /// A running server for `arguments` (plus `--port 0`), torn down by `stop()`.
    struct Served {
        let server: GraphQLServer<MenagerieService>
        let port: Int

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            let configuration = try ServeConfiguration.parse(
                arguments + ["--port", "0", "--event-loops", "1", "--log-level", "off"],
                environment: { environment[$0] })
            let app = try ServeCommand.makeApp(configuration, environment: { _ in nil })
            server = GraphQLServer(
                service: MenagerieService(app: app),
                configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil),
                readiness: Readiness(ready: true))
            port = try server.start()
        }

        func stop() async { await server.shutdown() }

        /// One request; the status, the `Content-Type` and the body as text.
        func send(
            _ method: String, _ target: String, headers: [String: String] = [:],
            body: String? = nil
        ) async throws -> (status: Int, type: String?, body: String) {
            var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)\(target)")))
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = body.map { Data($0.utf8) }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try XCTUnwrap(response as? HTTPURLResponse)
            return (
                http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), String(decoding: data, as: UTF8.self)
            )
        }

        /// graphql-cop's `graph_query`: a JSON POST of `{"query": …, "operationName": "cop"}`.
        func graphQuery(_ query: String) async throws -> (status: Int, type: String?, body: String) {
            let body = JSONValue.object(
                JSONObject([
                    (key: "query", value: .string(query)),
                    (key: "operationName", value: "cop")
                ]))
            return try await send(
                "POST", "/graphql", headers: ["Content-Type": "application/json"],
                body: String(decoding: body.serializedBytes(), as: UTF8.self))
        }

        /// graphql-cop's GET probes: `?query=…`, no `Content-Type`.
        func getQuery(_ query: String, headers: [String: String] = [:]) async throws -> (
            status: Int, type: String?, body: String
        ) {
            try await send("GET", "/graphql?query=" + PercentEncoding.encode(query), headers: headers)
        }
    }

    static let json = "application/json; charset=utf-8"
    static let getRefusal =
        #"{"errors":[{"message":"GET requests are refused to prevent cross-site request forgery unless they carry a header that forces a CORS preflight: a non-empty apollo-require-preflight or x-apollo-operation-name, or a Content-Type other than application/x-www-form-urlencoded, multipart/form-data and text/plain. Or send the query by POST with Content-Type: application/json.","extensions":{"code":"BAD_REQUEST"}}]}"#

    // MARK: The probes, one by one (graphql-cop's test names)

    static let aliases = "query cop { " + (0...100).map { "alias\($0):__typename \n" }.joined() + " }"
    static let directives = "query cop { __typename @aa@aa@aa@aa@aa@aa@aa@aa@aa@aa }"
    static let circular =
        "query cop { __schema { types { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } }"

    func testProductionGivesGraphQLCopNothingToReport() async throws {
        let served = try Served(["--profile", "production"])

        // is_graphql: the audit runs only against an endpoint answering `__typename`.
        let typename = try await served.graphQuery("query cop { __typename }")
        XCTAssertEqual(typename.status, 200)
        // trace_mode: no `extensions.tracing` (nor any extensions).
        XCTAssertEqual(typename.body, #"{"data":{"__typename":"Query"}}"#)

        // alias_overloading: 101 aliases are over the alias limit (50), so `alias100` never comes back.
        let aliases = try await served.graphQuery(Self.aliases)
        XCTAssertEqual(aliases.status, 200)
        XCTAssertEqual(
            aliases.body,
            #"{"errors":[{"message":"Operation \"cop\" uses 101 aliases; the limit is 50.","locations":[{"line":1,"column":1}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        )

        // batch_query: an array of 10 operations is not a GraphQL request.
        let batch =
            "[" + Array(repeating: #"{"query":"query cop { __typename }"}"#, count: 10).joined(separator: ",") + "]"
        let batched = try await served.send(
            "POST", "/graphql", headers: ["Content-Type": "application/json"], body: batch)
        XCTAssertEqual(batched.status, 400)
        XCTAssertEqual(
            batched.body,
            #"{"errors":[{"message":"Request body must be a JSON object.","extensions":{"code":"BAD_REQUEST"}}]}"#)

        // directive_overloading: ten `@aa` on one field are one error (graphql-cop reports exactly 10).
        let directives = try await served.graphQuery(Self.directives)
        let locations = (0..<10).map { #"{"line":1,"column":\#(24 + 3 * $0)}"# }.joined(separator: ",")
        XCTAssertEqual(
            directives.body,
            #"{"errors":[{"message":"Unknown directive \"@aa\".","locations":["# + locations
                + #"],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#)

        // field_suggestions: no "Did you mean".
        let suggestions = try await served.graphQuery("query cop { __schema { directive } }")
        XCTAssertEqual(
            suggestions.body,
            #"{"errors":[{"message":"Cannot query field \"directive\" on type \"__Schema\".","locations":[{"line":1,"column":24}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        )

        // introspection: off.
        let introspection = try await served.graphQuery("query cop { __schema { types { name fields { name } } } }")
        XCTAssertEqual(
            introspection.body,
            #"{"errors":[{"message":"GraphQL introspection has been disabled, but the requested query contained the field \"__schema\".","locations":[{"line":1,"column":13}],"extensions":{"code":"INTROSPECTION_DISABLED"}}]}"#
        )

        // circular_query_introspection: no `__schema.types` either.
        let circular = try await served.graphQuery(Self.circular)
        XCTAssertEqual(
            circular.body,
            #"{"errors":[{"message":"Maximum introspection depth exceeded","locations":[{"line":1,"column":13}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        )

        // unhandled_error_detection: a syntax error, with no `extensions.exception`.
        let syntax = try await served.graphQuery("qwerty cop { abc }")
        XCTAssertEqual(
            syntax.body,
            #"{"errors":[{"message":"Syntax Error: Unexpected Name \"qwerty\".","locations":[{"line":1,"column":1}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#
        )

        // get_method_support and get_based_mutation: a bare GET is refused before its query is read.
        for query in ["query cop {__typename}", "mutation cop {__typename}"] {
            let get = try await served.getQuery(query)
            XCTAssertEqual(get.status, 400, query)
            XCTAssertEqual(get.type, Self.json)
            XCTAssertEqual(get.body, Self.getRefusal, query)
        }

        // post_based_csrf: a url-encoded form POST is refused.
        let form = try await served.send(
            "POST", "/graphql", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "query=query+cop+%7B+__typename+%7D")
        XCTAssertEqual(form.status, 415)
        XCTAssertEqual(
            form.body,
            #"{"errors":[{"message":"Unsupported Content-Type 'application/x-www-form-urlencoded': use application/json (simple content types are refused to prevent cross-site request forgery).","extensions":{"code":"UNSUPPORTED_MEDIA_TYPE"}}]}"#
        )

        // detect_graphiql: no IDE anywhere graphql-cop looks (it asks with Accept: text/html).
        let heuristics = ["graphiql.min.css", "GraphQL Playground", "GraphiQL", "graphql-playground"]
        let html = try await served.send("GET", "/graphql", headers: ["Accept": "text/html"])
        XCTAssertEqual(html.status, 406)
        XCTAssertFalse(heuristics.contains { html.body.contains($0) }, html.body)
        for path in ["/", "/graphiql", "/playground", "/console", "/playground/index.html"] {
            let page = try await served.send("GET", path, headers: ["Accept": "text/html"])
            XCTAssertEqual(page.status, 404, path)
            XCTAssertEqual(page.body, "Not found\n", path)
        }
        await served.stop()
    }

    /// Browser clients that send a preflight-forcing header (Apollo Client's
    /// `apollo-require-preflight`, or a JSON `Content-Type`) may still use GET in production.
    func testProductionAnswersPreflightedGETs() async throws {
        let served = try Served([], environment: ["MENAGERIE_PROFILE": "production"])
        for headers in [
            ["apollo-require-preflight": "true"], ["x-apollo-operation-name": "cop"],
            ["Content-Type": "application/json"]
        ] {
            let get = try await served.getQuery("query cop { __typename }", headers: headers)
            XCTAssertEqual(get.status, 200, "\(headers)")
            XCTAssertEqual(get.body, #"{"data":{"__typename":"Query"}}"#)
        }
        let mutation = try await served.getQuery(
            "mutation cop { __typename }", headers: ["apollo-require-preflight": "true"])
        XCTAssertEqual(mutation.status, 405)
        for headers in [["Content-Type": "text/plain"], ["apollo-require-preflight": ""]] {
            let get = try await served.getQuery("query cop { __typename }", headers: headers)
            XCTAssertEqual(get.status, 400, "\(headers)")
            XCTAssertEqual(get.body, Self.getRefusal)
        }
        await served.stop()
    }

    /// graphql-cop's `field_duplication` (excluded from its default run since 1.15, issue 43):
    /// 500 `__typename` merge into one field, as in graphql-js; every profile answers it.
    func testFieldDuplicationIsMergedAsInGraphQLJS() async throws {
        let served = try Served(["--profile", "production"])
        let duplicated = try await served.graphQuery(
            "query cop { " + String(repeating: "__typename \n", count: 500) + "} ")
        XCTAssertEqual(duplicated.body, #"{"data":{"__typename":"Query"}}"#)
        await served.stop()
    }

    func testProductionKeepsHealthReadyAndMetrics() async throws {
        let served = try Served(["--profile", "production"])
        let health = try await served.send("GET", "/health")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.body, "ok\n")
        let ready = try await served.send("GET", "/ready")
        XCTAssertEqual(ready.body, "ready\n")
        let metrics = try await served.send("GET", "/metrics")
        XCTAssertEqual(metrics.status, 200)
        XCTAssertTrue(metrics.body.contains("menagerie_http_requests_total"), metrics.body)
        let images = try await served.send(
            "GET", "/images?url=" + PercentEncoding.encode("https://images.dog.ceo/breeds/akita/512px-Akita_inu.jpg"))
        XCTAssertEqual(images.status, 404)
        await served.stop()
    }

    /// At most 20 errors in one response: validation errors (19 and graphql-js's notice) and
    /// field errors (19 and the engine's notice, the data whole).
    func testProductionCapsErrorsAt20() async throws {
        let served = try Served(["--profile", "production"])
        let unknown = try await served.graphQuery(
            "query cop { " + (0..<30).map { "f\($0)" }.joined(separator: " ") + " }")
        let validation = try JSONParser.parse(Array(unknown.body.utf8))
        let messages = try XCTUnwrap(validation["errors"]?.arrayValue).map { $0["message"]?.stringValue }
        XCTAssertEqual(
            messages,
            (0..<19).map { #"Cannot query field "f\#($0)" on type "Query"."# }
                + ["Too many validation errors, error limit reached. Validation aborted."])
        XCTAssertEqual(validation["errors"]?[19]?["extensions"]?["code"], "GRAPHQL_VALIDATION_FAILED")

        let fields = try await served.graphQuery(
            "query cop { "
                + (0..<25).map { "b\($0): breeds(limit: 101) { totalCount }" }
                .joined(separator: " ") + " }")
        let execution = try JSONParser.parse(Array(fields.body.utf8))
        let errors = try XCTUnwrap(execution["errors"]?.arrayValue)
        XCTAssertEqual(errors.count, 20)
        XCTAssertEqual(errors[18]["message"], "limit must be between 0 and 100, got 101.")
        XCTAssertEqual(errors[18]["path"], ["b18"])
        XCTAssertEqual(errors[19], ["message": "Too many errors, error limit reached. Further errors omitted."])
        XCTAssertEqual(execution["data"]?.objectValue?.count, 25)
        XCTAssertEqual(execution["data"]?["b24"], .null)
        await served.stop()
    }

    /// The production limit holds for an answer in parts too: 20 errors across its parts (10 in
    /// the initial one, 9 and the notice in the deferred fragment's), in both part formats.
    func testProductionCapsTheErrorsOfAnAnswerInPartsAt20() async throws {
        let served = try Served(["--profile", "production"])
        func breeds(_ prefix: String, _ count: Int) -> String {
            (0..<count).map { "\(prefix)\($0): breeds(limit: 101) { totalCount }" }.joined(separator: " ")
        }
        let query = "query cop { " + breeds("b", 10) + " ... @defer { " + breeds("d", 15) + " } }"
        let body = JSONValue.object(JSONObject([(key: "query", value: .string(query))]))
        for accept in ["multipart/mixed", "multipart/mixed;deferSpec=20220824,application/json"] {
            let answer = try await served.send(
                "POST", "/graphql", headers: ["Content-Type": "application/json", "Accept": accept],
                body: String(decoding: body.serializedBytes(), as: UTF8.self))
            XCTAssertEqual(answer.status, 200, accept)
            XCTAssertEqual(answer.type, #"multipart/mixed; boundary="-""#, accept)
            // The parts: JSON after each part's headers.
            let parts = try answer.body.components(separatedBy: "\r\n---").dropFirst().compactMap { part in
                try part.range(of: "\r\n\r\n").map { try JSONParser.parse(Array(part[$0.upperBound...].utf8)) }
            }
            XCTAssertEqual(parts.count, 2, accept)
            var errors = parts.first?["errors"]?.arrayValue ?? []
            XCTAssertEqual(errors.count, 10, accept)
            for entry in parts.dropFirst().flatMap({ $0["incremental"]?.arrayValue ?? [] }) {
                errors += entry["errors"]?.arrayValue ?? []
            }
            XCTAssertEqual(errors.count, 20, accept)
            XCTAssertEqual(errors[18]["path"], ["d8"], accept)
            XCTAssertEqual(errors[19], ["message": "Too many errors, error limit reached. Further errors omitted."])
            XCTAssertEqual(parts.last?["hasNext"], false, accept)
        }
        await served.stop()
    }

    /// The same probes against the default profile: answered as before (graphql-js's errors,
    /// GET queries, introspection, the playground), which graphql-cop reports.
    func testDevelopmentIsUnchanged() async throws {
        let served = try Served([])
        let directives = try await served.graphQuery(Self.directives)
        let errors = try XCTUnwrap(try JSONParser.parse(Array(directives.body.utf8))["errors"]?.arrayValue)
        XCTAssertEqual(errors.count, 10)
        XCTAssertEqual(
            errors[9],
            [
                "message": #"Unknown directive "@aa"."#, "locations": [["line": 1, "column": 51]],
                "extensions": ["code": "GRAPHQL_VALIDATION_FAILED"]
            ])
        let suggestions = try await served.graphQuery("query cop { __schema { directive } }")
        XCTAssertEqual(
            suggestions.body,
            #"{"errors":[{"message":"Cannot query field \"directive\" on type \"__Schema\". Did you mean \"directives\"?","locations":[{"line":1,"column":24}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        )
        let get = try await served.getQuery("query cop {__typename}")
        XCTAssertEqual(get.status, 200)
        XCTAssertEqual(get.body, #"{"data":{"__typename":"Query"}}"#)
        let introspection = try await served.graphQuery("query cop { __schema { queryType { name } } }")
        XCTAssertEqual(introspection.body, #"{"data":{"__schema":{"queryType":{"name":"Query"}}}}"#)
        let unknown = try await served.graphQuery(
            "query cop { " + (0..<150).map { "f\($0)" }.joined(separator: " ") + " }")
        XCTAssertEqual(try JSONParser.parse(Array(unknown.body.utf8))["errors"]?.arrayValue?.count, 101)
        let page = try await served.send("GET", "/", headers: ["Accept": "text/html"])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.type, "text/html; charset=utf-8")
        await served.stop()
    }
}
