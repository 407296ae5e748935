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

/// Options given to `menagerie serve` reach the running server: the app and server are built
/// exactly as `serve` builds them, and requests go over a socket.
final class ServeWiringTests: XCTestCase {
    func testConfiguredLimitsAreEnforcedOverHTTP() async throws {
        let configuration = try ServeConfiguration.parse(
            ["--port", "0", "--max-depth", "3", "--max-aliases", "1", "--event-loops", "1", "--log-level", "off"],
            environment: { $0 == "MENAGERIE_MAX_FIELDS" ? "6" : nil })
        let app = try ServeCommand.makeApp(configuration, environment: { _ in nil })
        let server = GraphQLServer(
            service: MenagerieService(app: app),
            configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil),
            readiness: Readiness(ready: true))
        let port = try server.start()

        func post(_ query: String) async throws -> (Int, JSONValue) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/graphql-response+json", forHTTPHeaderField: "Accept")
            request.httpBody = Data(
                JSONValue.object(JSONObject([(key: "query", value: .string(query))])).serializedBytes())
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONParser.parse(Array(data)))
        }

        let (okStatus, ok) = try await post("{ breeds(limit: 1) { items { name } } }")
        XCTAssertEqual(okStatus, 200)
        XCTAssertEqual(ok["data"]?["breeds"]?["items"]?[0]?["name"], "Affenpinscher")

        let (deepStatus, deep) = try await post("{ monsters(limit: 1) { items { animal { name } } } }")
        XCTAssertEqual(deepStatus, 400)
        XCTAssertNil(deep["data"])
        XCTAssertEqual(deep["errors"]?[0]?["message"], "The operation nests selections 4 levels deep; the limit is 3.")
        XCTAssertEqual(deep["errors"]?[0]?["extensions"]?["code"], "GRAPHQL_VALIDATION_FAILED")

        let (aliasStatus, aliases) = try await post(
            "{ a: breeds(limit: 1) { totalCount } b: breeds(limit: 2) { totalCount } }")
        XCTAssertEqual(aliasStatus, 400)
        XCTAssertEqual(aliases["errors"]?[0]?["message"], "The operation uses 2 aliases; the limit is 1.")

        let (fieldStatus, fields) = try await post(
            "{ breeds(limit: 1) { totalCount hasMore items { name } } animals(limit: 1) { totalCount hasMore } }")
        XCTAssertEqual(fieldStatus, 400)
        XCTAssertEqual(
            fields["errors"]?[0]?["message"],
            "The operation selects 8 fields with its fragments expanded; the limit is 6.")
        await server.shutdown()
    }

    func testIntrospectionSwitchedOffOverHTTP() async throws {
        XCTAssertTrue(try ServeConfiguration.parse([], environment: { _ in nil }).introspection)
        XCTAssertFalse(
            try ServeConfiguration.parse([], environment: { $0 == "MENAGERIE_INTROSPECTION" ? "off" : nil })
                .introspection)
        XCTAssertThrowsError(
            try ServeConfiguration.parse([], environment: { $0 == "MENAGERIE_INTROSPECTION" ? "maybe" : nil })
        ) { error in
            XCTAssertEqual(
                (error as? ArgumentError)?.message,
                "menagerie serve: MENAGERIE_INTROSPECTION must be 'on' or 'off', got 'maybe'")
        }
        let configuration = try ServeConfiguration.parse(
            ["--port", "0", "--no-introspection", "--event-loops", "1", "--log-level", "off"],
            environment: { $0 == "MENAGERIE_INTROSPECTION" ? "on" : nil })
        XCTAssertFalse(configuration.introspection)
        let app = try ServeCommand.makeApp(configuration, environment: { _ in nil })
        let server = GraphQLServer(
            service: MenagerieService(app: app),
            configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil),
            readiness: Readiness(ready: true))
        let port = try server.start()
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/graphql-response+json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(#"{"query":"{ __typename __schema { queryType { name } } }"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let body = try JSONParser.parse(Array(data))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400)
        XCTAssertNil(body["data"])
        XCTAssertEqual(body["errors"]?[0]?["extensions"]?["code"], "INTROSPECTION_DISABLED")
        request.httpBody = Data(#"{"query":"{ __typename }"}"#.utf8)
        let (typename, _) = try await URLSession.shared.data(for: request)
        XCTAssertEqual(try JSONParser.parse(Array(typename)), ["data": ["__typename": "Query"]])
        await server.shutdown()
    }
}
