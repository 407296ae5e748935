import Foundation
import JSON
import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// Smoke tests of Menagerie in live mode against the INDEPENDENT stub upstreams
/// (`Tests/Stubs/recorded_upstreams.py`, see ``RecordedUpstreams``), which serve the
/// recorded data of `../shared/upstreams`: a wire-format bug shared by the clients
/// and the project's own simulators would show here. Expected values are read from
/// the recorded files at run time.
final class RecordedUpstreamsTests: XCTestCase {
    static let apiKey = "recorded-secret-key-0123456789"

    /// An app whose four upstreams are the stubs (one attempt, 5 s timeout).
    func makeApp(_ stubs: RecordedUpstreams) throws -> MenagerieApp {
        var configuration = UpstreamsConfiguration(mode: .live)
        for upstream in UpstreamID.allCases {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
            configuration.settings[upstream]?.retry.maxAttempts = 1
            configuration.settings[upstream]?.timeout = .seconds(5)
        }
        configuration.theDogAPIKey = APIKey(Self.apiKey)
        return try MenagerieApp(configuration: configuration)
    }

    /// Runs `query` through the real GraphQL HTTP server; returns the parsed response.
    func run(_ query: String, stubs: RecordedUpstreams) async throws -> JSONValue {
        let server = try FixtureServer()
        server.use(try makeApp(stubs))
        let (_, body) = try await server.post(query: query, variables: [:], operationName: nil)
        await server.stop()
        return try JSONParser.parse(body)
    }

    /// A recorded file of `../shared/upstreams`, parsed.
    func recorded(_ path: String) throws -> JSONValue {
        try JSONParser.parse(String(contentsOf: RecordedUpstreams.shared.appendingPathComponent(path), encoding: .utf8))
    }

    func testQueriesAnswerFromTheRecordedData() async throws {
        let stubs = try RecordedUpstreams(apiKey: Self.apiKey)
        defer { stubs.stop() }
        let response = try await run(
            """
            {
              akita: breed(id: "akita") { name facts { origin lifeSpan temperament } }
              briard: breed(id: "briard") { name facts { lifeSpan } }
              monster(index: "aboleth") { name hitPoints armorClass xp }
              animal(id: "3") { name latinName }
            }
            """, stubs: stubs)
        XCTAssertNil(response["errors"], "\(response)")
        let data = try XCTUnwrap(response["data"])

        let breeds = try XCTUnwrap(try recorded("thedogapi/breeds.json").arrayValue)
        let akita = try XCTUnwrap(breeds.first { $0["name"]?.stringValue == "Akita" })
        XCTAssertEqual(data["akita"]?["name"]?.stringValue, "Akita")
        XCTAssertEqual(data["akita"]?["facts"]?["lifeSpan"]?.stringValue, akita["life_span"]?.stringValue)
        XCTAssertEqual(data["akita"]?["facts"]?["origin"]?.stringValue, akita["origin"]?.stringValue)
        let temperament = data["akita"]?["facts"]?["temperament"]?.arrayValue?.compactMap(\.stringValue)
        XCTAssertEqual(temperament?.joined(separator: ", "), akita["temperament"]?.stringValue)
        let briard = try XCTUnwrap(breeds.first { $0["name"]?.stringValue == "Briard" })
        XCTAssertEqual(data["briard"]?["facts"]?["lifeSpan"]?.stringValue, briard["life_span"]?.stringValue)

        let monsters = try XCTUnwrap(try recorded("dnd5eapi/monsters.json").arrayValue)
        let aboleth = try XCTUnwrap(monsters.first { $0["index"]?.stringValue == "aboleth" })
        XCTAssertEqual(data["monster"]?["name"]?.stringValue, "Aboleth")
        XCTAssertEqual(data["monster"]?["hitPoints"]?.intValue, aboleth["hit_points"]?.intValue)
        XCTAssertEqual(data["monster"]?["armorClass"]?.intValue, aboleth["armor_class"]?[0]?["value"]?.intValue)
        XCTAssertEqual(data["monster"]?["xp"]?.intValue, aboleth["xp"]?.intValue)

        let animals = try XCTUnwrap(try recorded("zoo-animal-api/animals.json").arrayValue)
        let lion = try XCTUnwrap(animals.first { $0["id"]?.intValue == 3 })
        XCTAssertEqual(data["animal"]?["name"]?.stringValue, lion["name"]?.stringValue)
        XCTAssertEqual(data["animal"]?["latinName"]?.stringValue, lion["latin_name"]?.stringValue)

        // The Dog API received the key; the D&D API a GraphQL POST.
        let dogAPI = try await stubs.requests(for: .theDogAPI)
        XCTAssertFalse(dogAPI.isEmpty)
        XCTAssertTrue(dogAPI.allSatisfy { $0.headers["x-api-key"] == Self.apiKey })
        let dnd = try await stubs.requests(for: .dnd5e)
        XCTAssertTrue(dnd.contains { $0.method == "POST" && $0.body.contains("aboleth") })
    }

    func testGarbageFromDogCEOFailsOnlyDogCEOFields() async throws {
        let stubs = try RecordedUpstreams(apiKey: Self.apiKey)
        defer { stubs.stop() }
        try await stubs.setFault(.garbage, for: .dogCEO)
        let response = try await run(
            """
            {
              breed(id: "akita") { name }
              monster(index: "aboleth") { name }
              animal(id: "3") { name }
            }
            """, stubs: stubs)
        let data = try XCTUnwrap(response["data"])
        XCTAssertEqual(data["breed"]?.isNull, true, "\(response)")
        XCTAssertEqual(data["monster"]?["name"]?.stringValue, "Aboleth")
        XCTAssertEqual(data["animal"]?["name"]?.stringValue, "African Lion")
        let errors = try XCTUnwrap(response["errors"]?.arrayValue)
        XCTAssertFalse(errors.isEmpty)
        for error in errors {
            XCTAssertEqual(error["extensions"]?["upstream"]?.stringValue, "dog-ceo", "\(error)")
            XCTAssertEqual(error["path"]?[0]?.stringValue, "breed", "\(error)")
        }
        let dogCEO = try await stubs.requests(for: .dogCEO)
        XCTAssertFalse(dogCEO.isEmpty, "the gateway asked Dog CEO")
        try await stubs.clear()
    }

    /// A 302 from The Dog API to another origin is not followed: the key never
    /// reaches that origin, and only The Dog API's fields fail.
    func testRedirectToAnotherOriginDoesNotCarryTheKey() async throws {
        let stubs = try RecordedUpstreams(apiKey: Self.apiKey)
        defer { stubs.stop() }
        try await stubs.setFault(.redirect, for: .theDogAPI)
        let response = try await run(#"{ breed(id: "akita") { name facts { lifeSpan } } }"#, stubs: stubs)
        XCTAssertEqual(response["data"]?["breed"]?["name"]?.stringValue, "Akita", "\(response)")
        XCTAssertEqual(response["data"]?["breed"]?["facts"]?.isNull, true, "\(response)")
        for error in response["errors"]?.arrayValue ?? [] {
            XCTAssertEqual(error["extensions"]?["upstream"]?.stringValue, "thedogapi", "\(error)")
        }
        let evil = try await stubs.evilRequests()
        XCTAssertFalse(evil.contains { $0.headers["x-api-key"] != nil }, "the API key reached another origin: \(evil)")
        let dogAPI = try await stubs.requests(for: .theDogAPI)
        XCTAssertFalse(dogAPI.isEmpty)
    }
}
