import JSON
@testable import Menagerie
@testable import MenagerieUpstreams
import Upstreams
import XCTest

/// The embedded D&D GraphQL endpoint answers like the real API.
final class EmbeddedDnDTests: XCTestCase {
    func post(_ query: String, variables: JSONObject = JSONObject()) async throws -> (status: Int, body: JSONValue) {
        let endpoint = try EmbeddedDnDEndpoint.fromSnapshot()
        var body = JSONObject()
        body["query"] = .string(query)
        body["variables"] = .object(variables)
        let response = await endpoint.answer(
            UpstreamRequest(
                method: "POST", url: "https://www.dnd5eapi.co/graphql/2014",
                body: JSONValue.object(body).serializedBytes()))
        return (response.status, try JSONParser.parse(response.body))
    }

    func testMonstersAreSortedAndFilteredLikeTheRealAPI() async throws {
        let (status, body) = try await post(#"{ monsters(name: "RED", type: "DRAGON") { index name } }"#)
        XCTAssertEqual(status, 200)
        let names = body["data"]?["monsters"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(names, ["Adult Red Dragon", "Ancient Red Dragon", "Red Dragon Wyrmling", "Young Red Dragon"])
    }

    func testDefaultLimitAndSkip() async throws {
        let all = try await post("{ monsters { index } }").body["data"]?["monsters"]?.arrayValue ?? []
        XCTAssertEqual(all.count, min(100, 65))
        let page =
            try await post("{ monsters(skip: 2, limit: 2) { index } }").body["data"]?["monsters"]?.arrayValue ?? []
        XCTAssertEqual(
            page.map { $0["index"]?.stringValue }, all.dropFirst(2).prefix(2).map { $0["index"]?.stringValue })
    }

    func testLimitZeroIsRejected() async throws {
        let (_, body) = try await post("{ monsters(limit: 0) { index } }")
        XCTAssertNotNil(body["errors"]?.arrayValue?.first?["message"]?.stringValue)
        XCTAssertEqual(body["data"], .null)
    }

    func testNumberFiltersAndUnions() async throws {
        let (_, body) = try await post(
            """
            query ($cr: NumberFilterInput) { monsters(challenge_rating: $cr) { index challenge_rating
              armor_class { __typename ... on ArmorClassSpell { value spell { name } } ... on ArmorClassDex { value } }
              actions { damage { __typename ... on Damage { damage_dice damage_type { index } } ... on DamageChoice { choose } } } } }
            """, variables: ["cr": .object(["range": .object(["gte": 2, "lte": 2])])])
        let monsters = body["data"]?["monsters"]?.arrayValue ?? []
        XCTAssertFalse(monsters.isEmpty)
        XCTAssertTrue(monsters.allSatisfy { $0["challenge_rating"]?.doubleValue == 2 })
        XCTAssertNil(body["errors"])
        let mage = try await post(
            #"{ monster(index: "mage") { armor_class { __typename ... on ArmorClassSpell { spell { name } } } } }"#
        ).body
        XCTAssertEqual(mage["data"]?["monster"]?["armor_class"]?[1]?["spell"]?["name"], "Mage Armor")
    }

    func testUnknownMonsterIsNullAndMissingDescIsAnError() async throws {
        let (status, body) = try await post(#"{ monster(index: "unknown") { name } }"#)
        XCTAssertEqual(status, 200)
        XCTAssertEqual(body["data"]?["monster"], .null)
        let rat = try await post(#"{ monster(index: "rat") { name desc } }"#).body
        if rat["data"]?["monster"] == .null {
            XCTAssertNotNil(rat["errors"])
        }
    }

    func testEmbeddedModeServesMonstersThroughTheEngine() async throws {
        let app = try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded))
        let result = await app.execute(
            query: #"{ a: monster(index: "lion") { name animal { name } } monsters(limit: 1) { totalCount } }"#)
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.data?["a"]?["name"], "Lion")
        XCTAssertEqual(result.data?["a"]?["animal"]?["name"], "Lion")
        XCTAssertEqual(result.data?["monsters"]?["totalCount"], 65)
    }
}
