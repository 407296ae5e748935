import MenagerieUpstreams
import UpstreamStubs
import Foundation
import JSON
@testable import Menagerie
import Upstreams
import XCTest

/// Runs every query fixture of `Tests/Fixtures` against stub upstreams on loopback.
///
/// A fixture is `NAME.graphql` with the expected whole response `NAME.json`, and optionally
/// `NAME.variables.json` (variable values), `NAME.operation` (operation name),
/// `NAME.faults.json` (faults per upstream: `{"zoo": "serverError"}`; kinds: serverError,
/// garbage, hang, close, unauthorized, rateLimited) and `NAME.calls.json` (the expected
/// number of requests per upstream, so a batching regression fails).
///
/// Regenerate expectations for review: `MENAGERIE_REGENERATE_FIXTURES=1 swift test --filter FixtureTests`.
///
/// Each request goes through the real GraphQL HTTP server on loopback (POST /graphql,
/// `application/graphql-response+json`: 200 with data, 400 for request errors); the
/// upstreams are real HTTP servers on loopback reached by the live transport.
final class FixtureTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let apiKey = "fixture-secret-key-0123456789"

    func testFixtures() async throws {
        let stubs = try StubUpstreams()
        defer { stubs.stop() }
        let server = try FixtureServer()
        let regenerate = ProcessInfo.processInfo.environment["MENAGERIE_REGENERATE_FIXTURES"] == "1"
        let only = ProcessInfo.processInfo.environment["MENAGERIE_FIXTURE"]
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let names = files.filter { $0.hasSuffix(".graphql") }.map { String($0.dropLast(".graphql".count)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 40, "at least 40 fixtures")
        for name in names where only == nil || only == name {
            try await run(name, stubs: stubs, server: server, regenerate: regenerate)
        }
        await server.stop()
    }

    func run(_ name: String, stubs: StubUpstreams, server: FixtureServer, regenerate: Bool) async throws {
        stubs.reset()
        let query = try text(name + ".graphql") ?? ""
        var variables = JSONObject()
        if let text = try text(name + ".variables.json") {
            variables = try JSONParser.parse(text).objectValue ?? JSONObject()
        }
        let operation = try text(name + ".operation")?.trimmingCharacters(in: .whitespacesAndNewlines)
        var timeout: Duration = .seconds(5)
        if let text = try text(name + ".faults.json"), let faults = try JSONParser.parse(text).objectValue {
            for (key, value) in faults {
                guard let upstream = UpstreamID(rawValue: key), let kind = value.stringValue else { continue }
                if kind == "hang" { timeout = .seconds(1) }
                stubs.servers[upstream]?.fault = Self.fault(kind)
            }
        }
        var configuration = UpstreamsConfiguration(mode: .live)
        for upstream in UpstreamID.allCases {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
            configuration.settings[upstream]?.retry.maxAttempts = 1
            configuration.settings[upstream]?.timeout = timeout
        }
        configuration.theDogAPIKey = APIKey(Self.apiKey)
        let app = try MenagerieApp(configuration: configuration)
        server.use(app)
        let (status, body) = try await server.post(query: query, variables: variables, operationName: operation)
        let response = try JSONParser.parse(body)
        XCTAssertEqual(status, response["data"] == nil ? 400 : 200, "\(name): HTTP status")
        let actual = Self.normalized(response).serialized(pretty: true) + "\n"
        var counts = JSONObject()
        for (upstream, count) in stubs.callCounts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > 0 {
            counts.append(upstream.rawValue, .int(count))
        }
        let actualCalls = JSONValue.object(counts).serialized(pretty: true) + "\n"

        XCTAssertFalse(actual.contains(Self.apiKey), "\(name): the response carries the API key")
        XCTAssertFalse(actual.contains("127.0.0.1"), "\(name): the response carries a host's internals")

        if regenerate {
            try actual.write(
                to: Self.directory.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
            try actualCalls.write(
                to: Self.directory.appendingPathComponent(name + ".calls.json"), atomically: true, encoding: .utf8)
            return
        }
        guard let expectedText = try text(name + ".json") else {
            XCTFail("\(name): no expected response \(name).json (regenerate with MENAGERIE_REGENERATE_FIXTURES=1)")
            return
        }
        let expected = Self.normalized(try JSONParser.parse(expectedText)).serialized(pretty: true) + "\n"
        XCTAssertEqual(actual, expected, "\(name): response differs")
        if let callsText = try text(name + ".calls.json") {
            let expectedCalls =
                JSONValue.object(try JSONParser.parse(callsText).objectValue ?? JSONObject()).serialized(pretty: true)
                + "\n"
            XCTAssertEqual(actualCalls, expectedCalls, "\(name): upstream call counts differ")
        }
    }

    func text(_ file: String) throws -> String? {
        let url = Self.directory.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func fault(_ kind: String) -> StubFault {
        switch kind {
        case "serverError": return .serverError
        case "garbage": return .garbage
        case "hang": return .hang
        case "close": return .close
        case "unauthorized":
            return .answer(
                status: 401,
                body: #"{"message":"AUTHENTICATION_ERROR - no valid x-api-key in header","status":401,"level":"info"}"#)
        case "rateLimited": return .rateLimited(retryAfter: 1)
        case "graphqlErrors":
            return .answer(
                status: 200,
                body:
                    #"{"errors":[{"message":"Internal server error at db-7.internal:5432","extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#
            )
        default: return .none
        }
    }

    /// The response with its errors in a stable order (concurrent fields may fail in any order).
    static func normalized(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value, let errors = object["errors"]?.arrayValue else { return value }
        let sorted = errors.sorted { $0.serialized() < $1.serialized() }
        var entries = object.entries
        for index in entries.indices where entries[index].key == "errors" { entries[index].value = .array(sorted) }
        object = JSONObject(entries)
        return .object(object)
    }
}
