import Foundation
import JSON
import Locking
import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// Live mode against the world as it is, shown on the INDEPENDENT stub upstreams of the recorded
/// data (``RecordedUpstreams``): the zoo without a public host, the Zoo routes that exist, one
/// request's upstream calls shared and budgeted, The Dog API's key and paging, `check`.
/// Assertions are on values, request counts and bytes, never on time.
final class LiveModeTests: XCTestCase {
    static let apiKey = "live-mode-key-0123456789"

    /// One stub process for the suite (each test resets its faults, modes and logs).
    static let shared = Result { try RecordedUpstreams(apiKey: apiKey) }

    override class func tearDown() {
        if case .success(let stubs) = shared { stubs.stop() }
        super.tearDown()
    }

    func stubs() async throws -> RecordedUpstreams {
        let stubs = try Self.shared.get()
        try await stubs.reset()
        return stubs
    }

    /// Every upstream at its stub (one attempt, 5 s timeout), except those in `embedded`.
    func configuration(
        _ stubs: RecordedUpstreams, embedded: Set<UpstreamID> = [], key: String? = apiKey,
        maxUpstreamRequests: Int? = UpstreamsConfiguration.defaultMaxUpstreamRequests
    ) -> UpstreamsConfiguration {
        var configuration = UpstreamsConfiguration(mode: .embedded)
        for upstream in UpstreamID.allCases where !embedded.contains(upstream) {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
            configuration.settings[upstream]?.retry.maxAttempts = 1
            configuration.settings[upstream]?.timeout = .seconds(5)
        }
        configuration.theDogAPIKey = APIKey(key)
        configuration.maxUpstreamRequests = maxUpstreamRequests
        return configuration
    }

    func run(_ app: MenagerieApp, _ query: String) async throws -> JSONValue {
        try JSONParser.parse(await app.execute(query: query).jsonString(pretty: false))
    }

    func paths(_ stubs: RecordedUpstreams, _ upstream: UpstreamID) async throws -> [String] {
        try await stubs.requests(for: upstream).map(\.path)
    }

    // MARK: The zoo

    func testLiveModeKeepsTheZooEmbeddedAndCallsTheOthers() async throws {
        let stubs = try await stubs()
        var configuration = UpstreamsConfiguration(mode: .live)
        XCTAssertEqual(configuration.modes[.zoo], .embedded)
        for upstream in [UpstreamID.dogCEO, .theDogAPI, .dnd5e] {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
        }
        configuration.theDogAPIKey = APIKey(Self.apiKey)
        let app = try MenagerieApp(configuration: configuration)
        let response = try await run(
            app, #"{ animals(limit: 2) { totalCount items { name } } breed(id: "akita") { name } }"#)
        XCTAssertNil(response["errors"], "\(response)")
        XCTAssertEqual(response["data"]?["animals"]?["items"]?.arrayValue?.count, 2)
        XCTAssertEqual(response["data"]?["breed"]?["name"]?.stringValue, "Akita")
        let zooRequests = try await paths(stubs, .zoo)
        XCTAssertEqual(zooRequests, [], "the zoo is served from the snapshot")
        let dogCEORequests = try await paths(stubs, .dogCEO)
        XCTAssertEqual(dogCEORequests, ["/api/breeds/list/all"])
    }

    func testAnimalByIDReadsTheCatalogWithCanonicalIDs() async throws {
        let stubs = try await stubs()
        let app = try MenagerieApp(configuration: configuration(stubs))
        let response = try await run(
            app,
            """
            {
              lion: animal(id: "3") { id name }
              spaced: animal(id: " 3 ") { name }
              zero: animal(id: "03") { name }
              plus: animal(id: "+3") { name }
              decimal: animal(id: "3.0") { name }
              unknown: animal(id: "2") { name }
              animals(limit: 1) { items { id } }
            }
            """)
        XCTAssertNil(response["errors"], "\(response)")
        let data = try XCTUnwrap(response["data"])
        XCTAssertEqual(data["lion"]?["name"]?.stringValue, "African Lion")
        XCTAssertEqual(data["lion"]?["id"]?.stringValue, "3")
        XCTAssertEqual(data["spaced"]?["name"]?.stringValue, "African Lion")
        for alias in ["zero", "plus", "decimal", "unknown"] { XCTAssertEqual(data[alias]?.isNull, true, alias) }
        let zooRequests = try await paths(stubs, .zoo)
        XCTAssertEqual(zooRequests, ["/animals"], "one list request; never /animals/{id}")
    }

    func testRandomAnimalsOnBothGenerationsOfTheZooAPI() async throws {
        let stubs = try await stubs()
        let app = try MenagerieApp(configuration: configuration(stubs))
        let deployed = try await run(app, "{ randomAnimals(count: 3) { id } }")
        XCTAssertEqual(deployed["data"]?["randomAnimals"]?.arrayValue?.count, 3, "\(deployed)")
        try await stubs.setMode(.openSource, for: .zoo)
        let openSource = try await run(app, "{ randomAnimals(count: 4) { id } }")
        XCTAssertEqual(openSource["data"]?["randomAnimals"]?.arrayValue?.count, 4, "\(openSource)")
        XCTAssertNil(openSource["errors"])
        let again = try await run(app, "{ randomAnimals(count: 2) { id } }")
        XCTAssertEqual(again["data"]?["randomAnimals"]?.arrayValue?.count, 2)
        let zooRequests = try await paths(stubs, .zoo)
        XCTAssertEqual(
            zooRequests, ["/animals/rand/3", "/animals/rand/4", "/animals/random/4", "/animals/random/2"],
            "rand, then random on its 404, remembered")
    }

    // MARK: One request's calls

    static let nestedTerriers =
        #"{ breed(id: "terrier/irish") { parent { subBreeds { parent { subBreeds { id images(count: 2) } } } } } }"#
    static let terriers = #"{ breed(id: "terrier/irish") { parent { subBreeds { id images(count: 2) } } } }"#

    func testANestedAnswerAsksEachDistinctBreedOnce() async throws {
        let stubs = try await stubs()
        let small = try await run(try MenagerieApp(configuration: configuration(stubs)), Self.terriers)
        let smallRequests = try await paths(stubs, .dogCEO)
        try await stubs.reset()
        let nested = try await run(try MenagerieApp(configuration: configuration(stubs)), Self.nestedTerriers)
        let nestedRequests = try await paths(stubs, .dogCEO)
        XCTAssertNil(nested["errors"], "\(nested)")

        // Every breed the answer names, and the pictures of each occurrence.
        var pictures: [String: [JSONValue]] = [:]
        let outer = try XCTUnwrap(nested["data"]?["breed"]?["parent"]?["subBreeds"]?.arrayValue)
        for item in outer {
            for breed in item["parent"]?["subBreeds"]?.arrayValue ?? [] {
                pictures[breed["id"]?.stringValue ?? "", default: []].append(breed["images"] ?? .null)
            }
        }
        let distinct = Set(pictures.keys).union(["terrier/irish", "terrier"])
        XCTAssertEqual(outer.count * outer.count, pictures.values.reduce(0) { $0 + $1.count }, "23 × 23 occurrences")
        XCTAssertLessThanOrEqual(
            nestedRequests.count, distinct.count,
            "at most one Dog CEO request per distinct breed: \(nestedRequests.count) for \(distinct.count)")
        for (breed, shown) in pictures {
            XCTAssertEqual(
                Set(shown.map { $0.serialized() }).count, 1, "\(breed): the same pictures wherever it appears")
        }
        // Twenty-three times the answer, the same upstream requests.
        XCTAssertEqual(Set(nestedRequests), Set(smallRequests))
        XCTAssertEqual(nestedRequests.count, smallRequests.count)
        let smallBytes = small.serialized().utf8.count, nestedBytes = nested.serialized().utf8.count
        XCTAssertGreaterThan(nestedBytes, 20 * smallBytes)
    }

    func testTheBudgetFailsOnlyTheFieldsPastItAndTheNextRequestHasItsOwn() async throws {
        let stubs = try await stubs()
        let app = try MenagerieApp(configuration: configuration(stubs, maxUpstreamRequests: 5))
        let response = try await run(app, "{ breeds(limit: 10) { items { id images(count: 1) } } }")
        let items = try XCTUnwrap(response["data"]?["breeds"]?["items"]?.arrayValue)
        XCTAssertEqual(items.count, 10, "the breed list itself stands")
        XCTAssertEqual(items.compactMap { $0["id"]?.stringValue }.count, 10)
        // Five sends: the breed list and four image lists; the six other image fields are refused.
        XCTAssertEqual(items.filter { $0["images"]?.arrayValue?.count == 1 }.count, 4, "\(response)")
        let errors = try XCTUnwrap(response["errors"]?.arrayValue)
        XCTAssertEqual(errors.count, 6)
        for error in errors {
            XCTAssertEqual(error["extensions"]?["code"]?.stringValue, "UPSTREAM_BUDGET_EXCEEDED", "\(error)")
            XCTAssertEqual(error["extensions"]?["upstream"]?.stringValue, "dog-ceo", "\(error)")
            XCTAssertEqual(error["path"]?[3]?.stringValue, "images", "\(error)")
        }
        let sent = try await stubs.requests(for: .dogCEO).count
        XCTAssertEqual(sent, 5)
        XCTAssertTrue(
            app.upstreams.metricsText(prefix: "m").contains(
                #"m_upstream_errors_total{upstream="dog-ceo",code="UPSTREAM_BUDGET_EXCEEDED"} 6"#))

        // Recovery: the next request has a budget of its own (the list is cached now).
        let next = try await run(app, "{ breeds(limit: 2) { items { images(count: 1) } } }")
        XCTAssertNil(next["errors"], "\(next)")
    }

    // MARK: The Dog API

    func testARefusedKeyIsAnErrorForClientsAndANoticeNamingTheVariable() async throws {
        let stubs = try await stubs()
        let app = try MenagerieApp(configuration: configuration(stubs, key: nil))
        let notices = Locked<[String]>([])
        app.upstreams.notices.setHandler { message in notices.withLock { $0.append(message) } }
        let response = try await run(app, #"{ breed(id: "akita") { name facts { lifeSpan } } }"#)
        XCTAssertEqual(response["data"]?["breed"]?["name"]?.stringValue, "Akita")
        XCTAssertEqual(response["data"]?["breed"]?["facts"]?.isNull, true)
        let error = try XCTUnwrap(response["errors"]?[0])
        XCTAssertEqual(error["extensions"]?["code"]?.stringValue, "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(
            error["message"]?.stringValue,
            "Upstream thedogapi refused the request (HTTP 403: missing or invalid API key).")
        XCTAssertFalse(response.serialized().contains("MENAGERIE_"), "no configuration names in answers")
        let given = notices.withLock { $0 }
        XCTAssertEqual(given.count, 1)
        XCTAssertTrue(
            given.first?.contains("HTTP 403") == true && given.first?.contains("set MENAGERIE_THEDOGAPI_KEY") == true,
            "\(given)")
    }

    func testThePagedBreedListIsReadWhole() async throws {
        let stubs = try await stubs()
        try await stubs.setMode(.paged, for: .theDogAPI)
        let app = try MenagerieApp(configuration: configuration(stubs))
        // Affenpinscher is on the first page, Yorkshire Terrier on the last.
        let response = try await run(
            app,
            """
            { a: breed(id: "affenpinscher") { facts { lifeSpan } } y: breed(id: "terrier/yorkshire") { facts { lifeSpan } } }
            """)
        XCTAssertNil(response["errors"], "\(response)")
        let breeds = try XCTUnwrap(
            try JSONParser.parse(
                String(
                    contentsOf: RecordedUpstreams.shared.appendingPathComponent("thedogapi/breeds.json"),
                    encoding: .utf8)
            ).arrayValue)
        let yorkshire = try XCTUnwrap(breeds.first { $0["name"]?.stringValue == "Yorkshire Terrier" })
        XCTAssertEqual(response["data"]?["y"]?["facts"]?["lifeSpan"]?.stringValue, yorkshire["life_span"]?.stringValue)
        XCTAssertNotNil(response["data"]?["a"]?["facts"]?["lifeSpan"]?.stringValue)
        let requests = try await paths(stubs, .theDogAPI)
        XCTAssertEqual(requests, ["/v1/breeds"] + (1...8).map { "/v1/breeds?limit=20&page=\($0)" })
        // The pages are cached: the next request asks nothing.
        try await stubs.reset()
        try await stubs.setMode(.paged, for: .theDogAPI)
        _ = try await run(app, #"{ breed(id: "terrier/yorkshire") { facts { lifeSpan } } }"#)
        let again = try await paths(stubs, .theDogAPI)
        XCTAssertEqual(again, [])
    }

    // MARK: check

    func testCheckReportsEveryLiveUpstream() async throws {
        let stubs = try await stubs()
        let all = await UpstreamCheck.run(configuration(stubs))
        XCTAssertEqual(all.map(\.upstream), [.dogCEO, .theDogAPI, .zoo, .dnd5e])
        XCTAssertTrue(all.allSatisfy(\.usable), "\(all)")
        XCTAssertEqual(all.map(\.status), [200, 200, 200, 200])
        XCTAssertEqual(all[1].key, "accepted")
        XCTAssertEqual(all[3].verdict, "ok: the introspected schema has every field Menagerie asks for")

        let embeddedZoo = await UpstreamCheck.run(configuration(stubs, embedded: [.zoo]))
        XCTAssertEqual(embeddedZoo[2].source, "embedded")
        XCTAssertNil(embeddedZoo[2].reachable)
        XCTAssertTrue(embeddedZoo[2].usable)

        try await stubs.setFault(.refuse, for: .dogCEO)
        let oneDown = await UpstreamCheck.run(configuration(stubs))
        XCTAssertEqual(oneDown.map(\.usable), [false, true, true, true])
        XCTAssertEqual(oneDown[0].reachable, false)
        try await stubs.clear()

        let noKey = await UpstreamCheck.run(configuration(stubs, key: nil))
        XCTAssertEqual(noKey.map(\.usable), [true, false, true, true])
        XCTAssertEqual(noKey[1].status, 403)
        XCTAssertEqual(noKey[1].key, "missing")
        XCTAssertTrue(noKey[1].verdict.contains("MENAGERIE_THEDOGAPI_KEY"))

        let wrongKey = await UpstreamCheck.run(configuration(stubs, key: "not-the-key"))
        XCTAssertEqual(wrongKey[1].key, "refused")
        XCTAssertFalse(wrongKey[1].usable)
    }
}
