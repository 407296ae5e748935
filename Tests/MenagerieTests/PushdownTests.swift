import Foundation
import JSON
@testable import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// What the gateway asks the D&D GraphQL API for: only the fields the client's
/// query needs (fragments, aliases, @skip/@include followed), filters passed on
/// where the upstream can express them.
final class PushdownTests: XCTestCase {
    func withStubs(_ body: (MenagerieApp, StubUpstreams) async throws -> Void) async throws {
        let stubs = try StubUpstreams()
        defer { stubs.stop() }
        var configuration = UpstreamsConfiguration(mode: .live)
        for upstream in UpstreamID.allCases {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
            configuration.settings[upstream]?.retry.maxAttempts = 1
        }
        try await body(try MenagerieApp(configuration: configuration), stubs)
    }

    /// The GraphQL documents the D&D stub received, in order.
    func upstreamQueries(_ stubs: StubUpstreams) -> [(query: String, variables: JSONObject)] {
        (stubs.servers[.dnd5e]?.requests ?? []).compactMap { request in
            guard let body = try? JSONParser.parse(request.body), let query = body["query"]?.stringValue else {
                return nil
            }
            return (query, body["variables"]?.objectValue ?? JSONObject())
        }
    }

    func testOnlySelectedFieldsAreAskedFor() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(query: #"{ monster(index: "aboleth") { name hitPoints speed { fly } } }"#)
            XCTAssertEqual(result.errors, [])
            XCTAssertEqual(
                upstreamQueries(stubs).map(\.query),
                ["query Lookup($i0: String!) { m0: monster(index: $i0) { index name hit_points speed { fly } } }"])
        }
    }

    func testFragmentsAndDirectivesDecideThePushdown() async throws {
        let query = """
            query ($withXP: Boolean!) {
              search(text: "wolf", limit: 3) {
                ... on Monster { armorClass xp @include(if: $withXP) actions @skip(if: true) { name } }
                ...Abilities
                ... on Animal { latinName }
              }
            }
            fragment Abilities on Monster { abilities { wisdom { modifier } } specialAbilities { description damage { type } } }
            """
        try await withStubs { app, stubs in
            let result = await app.execute(query: query, variables: ["withXP": false])
            XCTAssertEqual(result.errors, [])
            let sent = upstreamQueries(stubs)
            XCTAssertEqual(sent.count, 1)
            XCTAssertEqual(
                sent.first?.query,
                "query Monsters($limit: Int, $name: String) { monsters(limit: $limit, name: $name) "
                    + "{ index name armor_class { ... on ArmorClassDex { value } ... on ArmorClassNatural { value } ... on ArmorClassArmor { value } "
                    + "... on ArmorClassSpell { value } ... on ArmorClassCondition { value } } wisdom "
                    + "special_abilities { name desc damage { __typename damage_dice damage_type { index } } } } }")
            XCTAssertEqual(sent.first?.variables, ["limit": 3, "name": "wolf"])
        }
    }

    func testActionDamageUnionIsAskedWithAFragment() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(query: #"{ monster(index: "wolf") { actions { damage { dice } } } }"#)
            XCTAssertEqual(result.errors, [])
            XCTAssertEqual(
                upstreamQueries(stubs).first?.query,
                "query Lookup($i0: String!) { m0: monster(index: $i0) { index name actions { name damage { __typename ... on Damage { damage_dice } } } } }"
            )
        }
    }

    func testFiltersArePassedOnWholeNumbersOnly() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(
                query: """
                    { monsters(type: "beast", size: LARGE, search: "o", minChallengeRating: 0.5, maxChallengeRating: 2, limit: 2) { totalCount items { name challengeRating } } }
                    """)
            XCTAssertEqual(result.errors, [])
            let sent = upstreamQueries(stubs)
            XCTAssertEqual(sent.count, 2)
            // The fractional bound widens to whole numbers upstream; the gateway filters exactly and
            // looks the page's monsters up by index.
            XCTAssertEqual(sent.first?.variables["challenge_rating"], .object(["range": .object(["lte": 2, "gte": 0])]))
            XCTAssertEqual(sent.first?.variables["type"], "beast")
            XCTAssertEqual(sent.first?.variables["size"], "Large")
            XCTAssertEqual(sent.first?.variables["name"], "o")
            XCTAssertEqual(sent.last?.query.hasPrefix("query Lookup("), true)
            let items = result.data?["monsters"]?["items"]?.arrayValue ?? []
            XCTAssertEqual(items.count, 2)
            for item in items {
                XCTAssertTrue((0.5...2).contains(item["challengeRating"]?.doubleValue ?? -1))
            }
        }
    }

    func testWholeBoundsNeedNoGatewayFilteringAndLimitZeroIsNeverSent() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(
                query: """
                    { monsters(minChallengeRating: 1, maxChallengeRating: 3, limit: 0) { totalCount hasMore items { id } } }
                    """)
            XCTAssertEqual(result.errors, [])
            let sent = upstreamQueries(stubs)
            XCTAssertEqual(sent.count, 1, "only the count query: no page query for limit 0")
            XCTAssertEqual(sent.first?.variables["challenge_rating"], .object(["range": .object(["lte": 3, "gte": 1])]))
            XCTAssertFalse(sent.contains { $0.variables["limit"] == 0 })
        }
    }

    func testPageAndCountAreOneUpstreamQuery() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(
                query: """
                    { monsters(type: "dragon", search: "red", limit: 2, skip: 1) { totalCount hasMore items { name xp } } }
                    """)
            XCTAssertEqual(result.errors, [])
            let sent = upstreamQueries(stubs)
            XCTAssertEqual(
                sent.map(\.query),
                [
                    "query MonsterPage($skip: Int, $limit: Int, $name: String, $type: String) "
                        + "{ total: monsters(limit: 10000, name: $name, type: $type) { index } "
                        + "page: monsters(skip: $skip, limit: $limit, name: $name, type: $type) { index name xp } }"
                ])
            XCTAssertEqual(sent.first?.variables, ["skip": 1, "limit": 2, "name": "red", "type": "dragon"])
            let page = result.data?["monsters"]
            XCTAssertEqual(page?["items"]?.arrayValue?.count, 2)

            // The same answers as the count asked alone and the page asked alone.
            let count = await app.execute(query: #"{ monsters(type: "dragon", search: "red") { totalCount } }"#)
            let items = await app.execute(
                query: #"{ monsters(type: "dragon", search: "red", limit: 2, skip: 1) { items { name xp } } }"#)
            XCTAssertEqual(page?["totalCount"], count.data?["monsters"]?["totalCount"])
            XCTAssertEqual(page?["items"], items.data?["monsters"]?["items"])
            XCTAssertEqual(page?["hasMore"], .bool(1 + 2 < (page?["totalCount"]?.intValue ?? 0)))
            XCTAssertEqual(upstreamQueries(stubs).count, 3)
        }
    }

    func testCrossLinksLookUpMonstersByNameInOneQuery() async throws {
        try await withStubs { app, stubs in
            let result = await app.execute(
                query:
                    #"{ a: animal(id: "129") { monster { hitPoints } } b: animal(id: "199") { monster { hitPoints } } }"#
            )
            XCTAssertEqual(result.errors, [])
            XCTAssertEqual(result.data?["b"]?["monster"]?["hitPoints"], 11)
            let sent = upstreamQueries(stubs)
            XCTAssertEqual(
                sent.map(\.query),
                [
                    "query ByName($n0: String, $n1: String) { n0: monsters(name: $n0) { name index hit_points } "
                        + "n1: monsters(name: $n1) { name index hit_points } }"
                ])
            XCTAssertEqual(
                Set(sent.first?.variables.entries.compactMap { $0.value.stringValue } ?? []), ["lion", "wolf"])
        }
    }
}
