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
    static let breedsWithFacts = "{ breeds(limit: 20) { totalCount items { id name facts { temperament lifeSpan lifeSpanYears { min max } weight(unit: POUNDS) { min max unit } } } } }"
    static let monsters = "{ monsters(limit: 50) { items { id name hitPoints armorClass abilities { strength { score modifier } } } } }"
    static let monsterPage = "{ monsters(limit: 5, skip: 2) { totalCount hasMore items { id name } } }"
    static let search = #"{ search(text: "bear", limit: 50) { __typename name ... on Monster { challengeRating } ... on Animal { latinName } } }"#
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
    /// fresh cached answers (immediate resolvers): no loader batch, the same bytes as cold.
    func testWarmBreedFieldsAnswerAtOnceWithoutLoaders() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let query = "{ breeds(limit: 20) { totalCount items { id name imageUrl facts { temperament lifeSpan } } } }"
        let cold = await run(app, query)
        let batchesAfterCold = app.upstreams.loaderMetrics.totals["thedogapi.breed"]?.batches ?? 0
        XCTAssertEqual(batchesAfterCold, 1, "the cold request loads the facts through the loader")
        for _ in 0..<3 {
            let warm = await run(app, query)
            XCTAssertEqual(warm, cold)
        }
        XCTAssertEqual(app.upstreams.loaderMetrics.totals["thedogapi.breed"]?.batches, batchesAfterCold,
                       "warm requests use no facts loader")
        // Expired: the loader again (one batch), then at once again.
        time.advance(by: .seconds(6 * 3600 + 1))
        let refreshed = await run(app, query)
        XCTAssertEqual(refreshed, cold)
        XCTAssertEqual(app.upstreams.loaderMetrics.totals["thedogapi.breed"]?.batches, batchesAfterCold + 1)
        _ = await run(app, query)
        XCTAssertEqual(app.upstreams.loaderMetrics.totals["thedogapi.breed"]?.batches, batchesAfterCold + 1)
    }

    func testWarmRequestsDeriveNothingAndAnswerTheSame() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let queries = [Self.breedsWithFacts, Self.monsters, Self.monsterPage, Self.search, Self.animals, Self.crossLinks]
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
            XCTAssertEqual(afterRefresh[upstream], 2 * (afterCold[upstream] ?? 0), "\(upstream) derives once per answer")
        }
    }

    func testCatalogsAreSharedWhileTheAnswerIsFresh() async throws {
        let time = ManualClock()
        let app = try embeddedApp(time)
        let upstreams = app.upstreams
        let breeds = BreedCatalog.of(try await upstreams.dogCEO.breedsAnswer())
        let facts = BreedFactsIndex.of(try await upstreams.theDogAPI.breedsAnswer())
        let animals = AnimalCatalog.of(try await upstreams.zoo.animalsAnswer())
        let query = DnDMonsterQuery(name: "bear", limit: 10)
        let monsters = MonsterList.of(try await upstreams.dnd.monstersAnswer(query, selection: ["index", "name"]))

        time.advance(by: .seconds(3000))  // still fresh (zoo and D&D: 1 h, breed lists: 6 h)
        let breedsAgain = BreedCatalog.of(try await upstreams.dogCEO.breedsAnswer())
        let factsAgain = BreedFactsIndex.of(try await upstreams.theDogAPI.breedsAnswer())
        let animalsAgain = AnimalCatalog.of(try await upstreams.zoo.animalsAnswer())
        let monstersAgain = MonsterList.of(try await upstreams.dnd.monstersAnswer(query, selection: ["index", "name"]))
        XCTAssertTrue(breedsAgain === breeds)
        XCTAssertTrue(factsAgain === facts)
        XCTAssertTrue(animalsAgain === animals)
        XCTAssertTrue(monstersAgain === monsters)
        // The models themselves are shared: the same facts object, temperament parsed once.
        XCTAssertTrue(factsAgain.named("Affenpinscher") === facts.named("affenpinscher"))
        XCTAssertEqual(facts.named("Affenpinscher")?.temperament.first, "Stubborn")

        time.advance(by: .seconds(601))  // zoo and D&D expired; breed lists still fresh
        let animalsRefreshed = AnimalCatalog.of(try await upstreams.zoo.animalsAnswer())
        let monstersRefreshed = MonsterList.of(try await upstreams.dnd.monstersAnswer(query, selection: ["index", "name"]))
        let breedsStill = BreedCatalog.of(try await upstreams.dogCEO.breedsAnswer())
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
        XCTAssertNil(upstreams.zoo.freshAnimalsAnswer())
        XCTAssertNil(upstreams.dnd.freshMonstersAnswer(query, selection: selection))
        XCTAssertNil(upstreams.dnd.freshMonsterPageAnswer(query, selection: selection))
        XCTAssertNil(upstreams.dnd.freshMonsterIndexes(matching: query))

        let animals = try await upstreams.zoo.animalsAnswer()
        let monsters = try await upstreams.dnd.monstersAnswer(query, selection: selection)
        let page = try await upstreams.dnd.monsterPageAnswer(query, selection: selection)
        let indexes = try await upstreams.dnd.monsterIndexes(matching: query)
        XCTAssertTrue(upstreams.zoo.freshAnimalsAnswer() === animals)
        XCTAssertTrue(upstreams.dnd.freshMonstersAnswer(query, selection: selection) === monsters)
        XCTAssertTrue(upstreams.dnd.freshMonsterPageAnswer(query, selection: selection) === page)
        XCTAssertEqual(upstreams.dnd.freshMonsterIndexes(matching: query), indexes)
        XCTAssertEqual(indexes.count, page.value.totalCount)
        XCTAssertNil(upstreams.dnd.freshMonstersAnswer(query, selection: ["index"]), "another selection is another request")
        XCTAssertEqual(upstreams.dnd.freshMonstersAnswer(DnDMonsterQuery(limit: 0), selection: selection)?.value.count, 0)

        time.advance(by: .seconds(3601))  // zoo and D&D answers expired
        XCTAssertNil(upstreams.zoo.freshAnimalsAnswer())
        XCTAssertNil(upstreams.dnd.freshMonstersAnswer(query, selection: selection))
        XCTAssertNil(upstreams.dnd.freshMonsterPageAnswer(query, selection: selection))
        XCTAssertNil(upstreams.dnd.freshMonsterIndexes(matching: query))
    }

    func testSearchKeysMatchLikeLowercasedNames() throws {
        let catalog = BreedCatalog([DogCEOBreed(name: "hound", subBreeds: ["afghan", "basset"]), DogCEOBreed(name: "akita", subBreeds: [])])
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
