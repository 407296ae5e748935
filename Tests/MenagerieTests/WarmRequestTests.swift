import Foundation
import JSON
@testable import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// A warm request is cheap by construction: what can be computed once per upstream answer
/// (catalogs, sorted orders, name indexes, search keys, parsed facts, monster models) is
/// derived when a request first needs it and shared by every request while the answer is
/// cached; a refreshed answer derives again. The answers stay the same.
final class WarmRequestTests: XCTestCase {
    static let breedsWithFacts =
        "{ breeds(limit: 20) { totalCount items { id name facts { temperament lifeSpan lifeSpanYears { min max } weight(unit: POUNDS) { min max unit } } } } }"
    static let monsters =
        "{ monsters(limit: 50) { items { id name hitPoints armorClass abilities { strength { score modifier } } } } }"
    static let monsterPage = "{ monsters(limit: 5, skip: 2) { totalCount hasMore items { id name } } }"
    static let search =
        #"{ search(text: "bear", limit: 50) { __typename name ... on Monster { challengeRating } ... on Animal { latinName } } }"#
    static let animals = #"{ animals(search: "a", type: MAMMAL, limit: 5) { totalCount items { id name type } } }"#
    static let crossLinks = #"{ monster(index: "brown-bear") { name animal { name } breed { name } } }"#

    func embeddedApp(_ time: ManualClock) throws -> MenagerieApp {
        try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded), clock: time.clock)
    }

    func derivations(_ app: MenagerieApp) -> [UpstreamID: Int] {
        var counts: [UpstreamID: Int] = [:]
        for pipeline in app.upstreams.pipelines {
            if let upstream = UpstreamID(pipeline.upstream) { counts[upstream] = pipeline.counters.values.derivations }
        }
        return counts
    }

    func run(_ app: MenagerieApp, _ query: String, file: StaticString = #filePath, line: UInt = #line) async -> String {
        let result = await app.execute(query: query)
        XCTAssertEqual(result.errors, [], file: file, line: line)
        return String(decoding: result.jsonBytes(), as: UTF8.self)
    }

    /// Warm, `breeds` and the breeds' `facts` and `imageUrl` are answered at once from the
    /// fresh cached answers (ready, not pending): no upstream request, the same bytes as cold.
    func testWarmBreedFieldsAnswerAtOnce() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let facts = app.upstreams.theDogAPI.pipeline.counters
        let query = "{ breeds(limit: 20) { totalCount items { id name imageUrl facts { temperament lifeSpan } } } }"
        let cold = await run(app, query)
        XCTAssertEqual(facts.values.requests, 1, "the cold request fetches the facts")
        XCTAssertEqual(facts.values.readyAnswers, 0, "cold, the facts are pending")
        for round in 1...3 {
            let warm = await run(app, query)
            XCTAssertEqual(warm, cold)
            XCTAssertEqual(facts.values.readyAnswers, round, "warm, the facts index is ready once per request")
        }
        XCTAssertEqual(facts.values.requests, 1, "warm requests ask nothing")
        // Expired: pending again (one request), then ready again.
        time.advance(by: .seconds(6 * 3600 + 1))
        let refreshed = await run(app, query)
        XCTAssertEqual(refreshed, cold)
        XCTAssertEqual(facts.values.requests, 2)
        XCTAssertEqual(facts.values.readyAnswers, 3)
        _ = await run(app, query)
        XCTAssertEqual(facts.values.requests, 2)
        XCTAssertEqual(facts.values.readyAnswers, 4)
    }

    func testWarmRequestsDeriveNothingAndAnswerTheSame() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let queries = [
            Self.breedsWithFacts, Self.monsters, Self.monsterPage, Self.search, Self.animals, Self.crossLinks
        ]
        var cold: [String] = []
        for query in queries { cold.append(await run(app, query)) }
        let afterCold = derivations(app)
        // Dog CEO: the breed catalog; The Dog API: the whole list of its (one) page, then the
        // facts index; Zoo: the animal catalog.
        XCTAssertEqual(afterCold[.dogCEO], 1)
        XCTAssertEqual(afterCold[.theDogAPI], 2)
        XCTAssertEqual(afterCold[.zoo], 1)
        XCTAssertGreaterThan(afterCold[.dnd5e] ?? 0, 0)

        for _ in 0..<3 {
            for (query, answer) in zip(queries, cold) {
                let warm = await run(app, query)
                XCTAssertEqual(warm, answer, "a warm answer differs from the cold one: \(query)")
            }
        }
        XCTAssertEqual(derivations(app), afterCold, "warm requests derive nothing")

        // Past every freshness lifetime: answers fetched again, derived again, same results.
        time.advance(by: .seconds(6 * 3600 + 1))
        for (query, answer) in zip(queries, cold) {
            let refreshed = await run(app, query)
            XCTAssertEqual(refreshed, answer)
        }
        let afterRefresh = derivations(app)
        for upstream in UpstreamID.allCases {
            XCTAssertEqual(
                afterRefresh[upstream], 2 * (afterCold[upstream] ?? 0), "\(upstream) derives once per answer")
        }
    }

    func testCatalogsAreSharedWhileTheAnswerIsFresh() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let upstreams = app.upstreams
        let breeds = BreedCatalog.of(try await upstreams.dogCEO.breeds().value)
        let facts = BreedFactsIndex.of(try await upstreams.theDogAPI.breeds().value)
        let animals = AnimalCatalog.of(try await upstreams.zoo.animals().value)
        let query = DnDMonsterQuery(name: "bear", limit: 10)
        let monsters = MonsterList.of(try await upstreams.dnd.monsters(query, selection: ["index", "name"]).value)

        time.advance(by: .seconds(3000)) // still fresh (zoo and D&D: 1 h, breed lists: 6 h)
        let breedsAgain = BreedCatalog.of(try await upstreams.dogCEO.breeds().value)
        let factsAgain = BreedFactsIndex.of(try await upstreams.theDogAPI.breeds().value)
        let animalsAgain = AnimalCatalog.of(try await upstreams.zoo.animals().value)
        let monstersAgain = MonsterList.of(try await upstreams.dnd.monsters(query, selection: ["index", "name"]).value)
        XCTAssertTrue(breedsAgain === breeds)
        XCTAssertTrue(factsAgain === facts)
        XCTAssertTrue(animalsAgain === animals)
        XCTAssertTrue(monstersAgain === monsters)
        // The models themselves are shared: the same facts object, temperament parsed once.
        XCTAssertTrue(factsAgain.named("Affenpinscher") === facts.named("affenpinscher"))
        XCTAssertEqual(facts.named("Affenpinscher")?.temperament.first, "Stubborn")

        time.advance(by: .seconds(601)) // zoo and D&D expired; breed lists still fresh
        let animalsRefreshed = AnimalCatalog.of(try await upstreams.zoo.animals().value)
        let monstersRefreshed = MonsterList.of(
            try await upstreams.dnd.monsters(query, selection: ["index", "name"]).value)
        let breedsStill = BreedCatalog.of(try await upstreams.dogCEO.breeds().value)
        XCTAssertFalse(animalsRefreshed === animals)
        XCTAssertFalse(monstersRefreshed === monsters)
        XCTAssertTrue(breedsStill === breeds)
        XCTAssertEqual(animalsRefreshed.sorted.map(\.id), animals.sorted.map(\.id))
        XCTAssertEqual(monstersRefreshed.models.map(\.index), monsters.models.map(\.index))
    }

    /// The clients' `fresh…` accessors (what `monsters`, `search` and `animals` answer at once
    /// from): nil before the first fetch and after expiry, else the very answer the waiting
    /// call shares.
    func testFreshAnswersAreTheCachedOnesWithoutWaiting() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let upstreams = app.upstreams
        let query = DnDMonsterQuery(name: "bear", limit: 10)
        let selection: UpstreamSelection = ["index", "name"]
        XCTAssertNil(upstreams.zoo.animals().readyValue)
        XCTAssertNil(upstreams.dnd.monsters(query, selection: selection).readyValue)
        XCTAssertNil(upstreams.dnd.monsterPage(query, selection: selection).readyValue)
        XCTAssertNil(upstreams.dnd.monsterIndexes(matching: query).readyValue)

        let animals = try await upstreams.zoo.animals().value
        let monsters = try await upstreams.dnd.monsters(query, selection: selection).value
        let page = try await upstreams.dnd.monsterPage(query, selection: selection).value
        let indexes = try await upstreams.dnd.monsterIndexes(matching: query).value
        XCTAssertTrue(upstreams.zoo.animals().readyValue === animals)
        XCTAssertTrue(upstreams.dnd.monsters(query, selection: selection).readyValue === monsters)
        XCTAssertTrue(upstreams.dnd.monsterPage(query, selection: selection).readyValue === page)
        XCTAssertEqual(upstreams.dnd.monsterIndexes(matching: query).readyValue, indexes)
        XCTAssertEqual(indexes.count, page.value.totalCount)
        XCTAssertNil(
            upstreams.dnd.monsters(query, selection: ["index"]).readyValue, "another selection is another request")
        XCTAssertEqual(
            upstreams.dnd.monsters(DnDMonsterQuery(limit: 0), selection: selection).readyValue?.value.count, 0)

        time.advance(by: .seconds(3601)) // zoo and D&D answers expired
        XCTAssertNil(upstreams.zoo.animals().readyValue)
        XCTAssertNil(upstreams.dnd.monsters(query, selection: selection).readyValue)
        XCTAssertNil(upstreams.dnd.monsterPage(query, selection: selection).readyValue)
        XCTAssertNil(upstreams.dnd.monsterIndexes(matching: query).readyValue)
    }

    func testSearchKeysMatchLikeLowercasedNames() throws {
        let catalog = BreedCatalog([
            DogCEOBreed(name: "hound", subBreeds: ["afghan", "basset"]), DogCEOBreed(name: "akita", subBreeds: [])
        ])
        XCTAssertEqual(catalog.all.map(\.id), ["hound/afghan", "akita", "hound/basset", "hound"])
        XCTAssertEqual(catalog.matching(search: "HOUND").map(\.id), ["hound/afghan", "hound/basset", "hound"])
        XCTAssertEqual(catalog.matching(search: "hound", includeSubBreeds: false).map(\.id), ["hound"])
        XCTAssertEqual(catalog.matching(search: "").map(\.id), catalog.all.map(\.id))
        XCTAssertEqual(catalog.matching(search: nil, includeSubBreeds: false).map(\.id), ["akita", "hound"])
        XCTAssertEqual(catalog.find(" Hound/Afghan ")?.name, "Afghan Hound")
        XCTAssertEqual(catalog.named("afghan hound")?.id, "hound/afghan")
        XCTAssertEqual(catalog.find("hound")?.subBreeds.map(\.name), ["Afghan Hound", "Basset Hound"])
    }
}
