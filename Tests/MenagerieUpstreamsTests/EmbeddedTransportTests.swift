import UpstreamStubs
import DataLoader
import Foundation
import JSON
import Locking
@testable import MenagerieUpstreams
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// The embedded snapshot layout, served from the shared reference data (never copied).
let sharedSnapshotLookup: @Sendable (String) -> String? = { path in
    switch path {
    case "dog-ceo/breeds-list-all.json": return SharedData.text("dog-ceo/breeds-list-all.json")
    case "dog-ceo/breed-images.json":
        let akita =
            (try? JSONParser.parse(SharedData.text("dog-ceo/breed-akita-images.json")))?["message"] ?? .array([])
        return JSONValue.object([
            "akita": akita,
            "hound": ["https://images.dog.ceo/breeds/hound/main.jpg"],
            "hound/afghan": [
                "https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg",
                "https://images.dog.ceo/breeds/hound-afghan/n02088094_1126.jpg"
            ],
            "hound/basset": ["https://images.dog.ceo/breeds/hound-basset/n02088238_10005.jpg"]
        ]).serialized()
    case "thedogapi/breeds.json": return SharedData.text("thedogapi/breeds.json")
    case "zoo/animals.json": return SharedData.text("zoo-animal-api/animals.json")
    default: return nil
    }
}

final class EmbeddedTransportTests: XCTestCase {
    func get(_ transport: EmbeddedTransport, _ url: String) async throws -> (status: Int, body: JSONValue?) {
        let response = try await transport.send(UpstreamRequest(url: url))
        return (response.status, try? JSONParser.parse(response.body))
    }

    func testDogCEORoutesInTheWireEnvelope() async throws {
        let dog = EmbeddedTransport(upstream: .dogCEO, lookup: sharedSnapshotLookup)
        let base = "https://dog.ceo/api"
        let list = try await dog.send(UpstreamRequest(url: base + "/breeds/list/all"))
        XCTAssertEqual(String(decoding: list.body, as: UTF8.self), SharedData.text("dog-ceo/breeds-list-all.json"))

        let hound = try await get(dog, base + "/breed/hound/images")
        XCTAssertEqual(hound.status, 200)
        XCTAssertEqual(hound.body?["status"], "success")
        XCTAssertEqual(hound.body?["message"]?.arrayValue?.count, 4) // main breed plus its sub-breeds

        let afghan = try await get(dog, base + "/breed/hound/afghan/images")
        XCTAssertEqual(afghan.body?["message"]?.arrayValue?.count, 2)

        let random = try await get(dog, base + "/breed/hound/images/random/3")
        XCTAssertEqual(random.body?["message"]?.arrayValue?.count, 3)
        let again = try await get(dog, base + "/breed/hound/images/random/3")
        XCTAssertEqual(random.body, again.body) // deterministic

        let one = try await get(dog, base + "/breed/akita/images/random")
        XCTAssertNotNil(one.body?["message"]?.stringValue)

        let tooMany = try await get(dog, base + "/breed/hound/afghan/images/random/50")
        XCTAssertEqual(tooMany.body?["message"]?.arrayValue?.count, 2)

        let unknown = try await get(dog, base + "/breed/nosuch/images")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(
            unknown.body, ["status": "error", "message": "Breed not found (main breed does not exist)", "code": 404])

        let unknownSub = try await get(dog, base + "/breed/hound/nosuch/images")
        XCTAssertEqual(unknownSub.body?["message"], "Breed not found (sub breed does not exist)")

        let subList = try await get(dog, base + "/breed/australian/list")
        XCTAssertEqual(subList.body?["message"], ["kelpie", "shepherd"])

        let noImages = try await get(dog, base + "/breed/beagle/images")
        XCTAssertEqual(noImages.body?["message"], [])

        let noRoute = try await get(dog, base + "/nothing/here")
        XCTAssertEqual(noRoute.status, 404)
    }

    func testDogCEOClientOverEmbeddedTransport() async throws {
        let environment = UpstreamsEnvironment.embedded(lookup: sharedSnapshotLookup)
        let breeds = try await environment.dogCEO.breeds().value.value
        XCTAssertGreaterThan(breeds.count, 100)
        let images = try await environment.dogCEO.images(breed: "hound", subBreed: "basset").value
        XCTAssertEqual(images, ["https://images.dog.ceo/breeds/hound-basset/n02088238_10005.jpg"])
        let missing = try await environment.dogCEO.images(breed: "nosuch").value
        XCTAssertNil(missing)
    }

    func testTheDogAPIRoutes() async throws {
        let api = EmbeddedTransport(upstream: .theDogAPI, lookup: sharedSnapshotLookup)
        let base = "https://api.thedogapi.com/v1"
        let page = try await api.send(UpstreamRequest(url: base + "/breeds?limit=10&page=1"))
        XCTAssertEqual(page.header("pagination-count"), "170")
        let items = try JSONParser.parse(page.body).arrayValue
        XCTAssertEqual(items?.count, 10)
        let search = try await get(api, base + "/breeds/search?q=HOUND")
        XCTAssertTrue(
            (search.body?.arrayValue ?? []).allSatisfy {
                ($0["name"]?.stringValue ?? "").lowercased().contains("hound")
            })
        XCTAssertGreaterThan(search.body?.arrayValue?.count ?? 0, 3)
        let one = try await get(api, base + "/breeds/2")
        XCTAssertEqual(one.body?["name"], "Afghan Hound")
        let environment = UpstreamsEnvironment.embedded(lookup: sharedSnapshotLookup)
        let breeds = try await environment.theDogAPI.breeds().value.value
        XCTAssertEqual(breeds.count, 170)
    }

    func testZooRoutesAreDeterministicAndDistinct() async throws {
        let zoo = EmbeddedTransport(upstream: .zoo, lookup: sharedSnapshotLookup)
        let base = "https://zoo-animal-api.herokuapp.com"
        let five = try await get(zoo, base + "/animals/rand/5")
        let ids = five.body?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        XCTAssertEqual(ids.count, 5)
        XCTAssertEqual(Set(ids).count, 5)
        let again = try await get(zoo, base + "/animals/rand/5")
        XCTAssertEqual(five.body, again.body)
        let capped = try await get(zoo, base + "/animals/rand/25")
        XCTAssertEqual(capped.body?.arrayValue?.count, 10)
        let bad = try await zoo.send(UpstreamRequest(url: base + "/animals/rand/0"))
        XCTAssertEqual(bad.status, 400)
        let noSuchRoute = try await zoo.send(UpstreamRequest(url: base + "/animals/3"))
        XCTAssertEqual(noSuchRoute.status, 404, "no version of the Zoo API had /animals/{id}")

        let environment = UpstreamsEnvironment.embedded(lookup: sharedSnapshotLookup)
        let animals = try await environment.zoo.animals().value.value
        XCTAssertEqual(animals.count, 55)
        let random = try await environment.zoo.randomAnimals(count: 7).value
        XCTAssertEqual(Set(random.map(\.id)).count, 7)
        let byID = try await environment.zoo.animal(id: 3).value
        XCTAssertEqual(byID?.id, 3)
    }

    func testMissingSnapshotIsUnavailable() async throws {
        let environment = UpstreamsEnvironment.embedded(lookup: { _ in nil })
        await XCTAssertThrowsUpstream(try await environment.dogCEO.breeds().value.value, code: "UPSTREAM_UNAVAILABLE")
    }

    func testDnDWithoutHandlerIsUnavailableAndWithHandlerUsesIt() async throws {
        let without = UpstreamsEnvironment.embedded(lookup: sharedSnapshotLookup)
        let results = try? await without.dnd.monsters([DnDMonsterKey(index: "aboleth", selection: ["name"])])
        XCTAssertNil(results)
        await XCTAssertThrowsUpstream(
            try await without.dnd.monsters(DnDMonsterQuery(), selection: ["name"]).value.value,
            code: "UPSTREAM_UNAVAILABLE")

        let with = UpstreamsEnvironment.embedded(lookup: sharedSnapshotLookup) { request in
            XCTAssertEqual(request.method, "POST")
            return UpstreamResponse(status: 200, text: #"{"data":{"m0":{"name":"Aboleth"}}}"#)
        }
        let answer = try await with.dnd.monsters([DnDMonsterKey(index: "aboleth", selection: ["name"])])
        XCTAssertEqual(try answer[0].get().monster?["name"], "Aboleth")
    }
}

final class EnvironmentTests: XCTestCase {
    func testSourcesOfEachUpstream() {
        var configuration = UpstreamsConfiguration(mode: .live)
        XCTAssertEqual(configuration.modes[.dogCEO], .live)
        XCTAssertEqual(configuration.modes[.dnd5e], .live)
        XCTAssertEqual(configuration.modes[.zoo], .embedded, "the zoo has no public host: live mode keeps it embedded")
        XCTAssertEqual(configuration.source(.zoo), "embedded")
        XCTAssertEqual(configuration.source(.dogCEO), "https://dog.ceo/api")
        configuration.setURL("http://127.0.0.1:9999", for: .zoo)
        XCTAssertEqual(configuration.modes[.zoo], .live)
        XCTAssertEqual(configuration.baseURL(.zoo), "http://127.0.0.1:9999")
        configuration.setEmbedded(.dogCEO)
        XCTAssertEqual(configuration.modes[.dogCEO], .embedded)
        XCTAssertEqual(configuration.baseURL(.dnd5e), "https://www.dnd5eapi.co/graphql/2014")
        XCTAssertEqual(configuration.maxUpstreamRequests, UpstreamsConfiguration.defaultMaxUpstreamRequests)
        configuration.setMode(.embedded)
        XCTAssertTrue(UpstreamID.allCases.allSatisfy { configuration.modes[$0] == .embedded })
    }

    func testLoadersOfOneRequestShareUpstreamCalls() async throws {
        let dogAPI = try StubServer { _ in .json(SharedData.text("thedogapi/breeds.json")) }
        let zoo = try StubServer { _ in .json(SharedData.text("zoo-animal-api/animals.json")) }
        let dogCEO = try StubServer { request in
            request.path.hasPrefix("/breed/akita")
                ? .json(SharedData.text("dog-ceo/breed-akita-images.json"))
                : .json(SharedData.text("dog-ceo/error-breed-not-found.json"), status: 404)
        }
        defer { [dogAPI, zoo, dogCEO].forEach { $0.stop() } }
        var configuration = UpstreamsConfiguration(mode: .embedded)
        configuration.setURL(dogAPI.baseURL, for: .theDogAPI)
        configuration.setURL(zoo.baseURL, for: .zoo)
        configuration.setURL(dogCEO.baseURL, for: .dogCEO)
        let environment = UpstreamsEnvironment(configuration: configuration)
        let scheduler = BatchScheduler()
        let clients = environment.clients(scheduler: scheduler)
        let loaders = clients.makeLoaders(scheduler: scheduler)
        // Three sibling fields, each a unit entered by its parent before it starts: two wait on
        // upstream lists directly (twice each: one request), one on a loader.
        scheduler.enter()
        scheduler.enter()
        async let breeds = scheduler.runEntered {
            // (Concurrent child tasks of a unit would have to be units too: rule 2.)
            let first = try await clients.theDogAPI.breeds().value
            let second = try await clients.theDogAPI.breeds().value
            return [first.value.count, second.value.count]
        }
        scheduler.enter()
        async let animals = scheduler.runEntered {
            var found: [Int?] = []
            for id in [3, 20, 424242] { found.append(try await clients.zoo.animal(id: id).value?.id) }
            return found
        }
        scheduler.enter()
        async let images = scheduler.runEntered { await loaders.breedImages.loadMany(["akita", "nosuch", "akita"]) }
        scheduler.leave() // the parent now only waits for its children
        let (breedCounts, animalIDs, imageResults) = try await (breeds, animals, images)
        XCTAssertEqual(scheduler.dispatchCount, 1)
        // Balanced once the last batch task has delivered (it may end just after its waiters).
        for _ in 0..<1_000 where scheduler.activeCount != 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertEqual(scheduler.activeCount, 0)
        XCTAssertEqual(breedCounts, [170, 170])
        XCTAssertEqual(animalIDs, [3, 20, nil])
        XCTAssertEqual(try imageResults[0].get()?.count, 6)
        XCTAssertNil(try imageResults[1].get())
        XCTAssertEqual(dogAPI.requestCount, 1)
        XCTAssertEqual(zoo.requestCount, 1)
        XCTAssertEqual(dogCEO.requestCount, 2) // one per distinct breed
        let metrics = environment.metricsText(prefix: "menagerie")
        XCTAssertTrue(metrics.contains("menagerie_loader_batches_total{loader=\"dog-ceo.images\"} 1\n"))
        XCTAssertTrue(metrics.contains("menagerie_upstream_requests_total{upstream=\"zoo\"} 1\n"))
        XCTAssertTrue(metrics.contains("menagerie_upstream_requests_total{upstream=\"dnd5e\"} 0\n"))
        XCTAssertFalse(metrics.contains("secret"))
    }

    func testSingleAnimalLookupReadsTheCatalog() async throws {
        // No version of the Zoo API had `/animals/{id}`: one animal comes from the list.
        let zoo = try StubServer { request in
            request.path == "/animals"
                ? .json(SharedData.text("zoo-animal-api/animals.json")) : .text("Error", status: 404)
        }
        defer { zoo.stop() }
        var configuration = UpstreamsConfiguration(mode: .embedded)
        configuration.setURL(zoo.baseURL, for: .zoo)
        let environment = UpstreamsEnvironment(configuration: configuration)
        let animal = try await environment.clients().zoo.animal(id: 3).value
        XCTAssertEqual(animal?.name, "African Lion")
        XCTAssertEqual(zoo.requests.map(\.target), ["/animals"])
    }

    /// A wait on The Dog API's breeds (leaf data) is not runnable work: the D&D loads go out
    /// while it is on its way. (A wait on the zoo's or Dog CEO's list is: see `FixtureTests`'
    /// call counts, where the monsters they link to share one D&D request.)
    func testLoadsAreSentWhileTheFactsListIsAwaited() async throws {
        let inProgress = Locked((now: 0, peak: 0))
        func slow(_ answer: @escaping @Sendable (StubRequest) -> StubAction) throws -> StubServer {
            try StubServer { request in
                inProgress.withLock {
                    $0.now += 1; $0.peak = max($0.peak, $0.now)
                }
                usleep(300_000)
                inProgress.withLock { $0.now -= 1 }
                return answer(request)
            }
        }
        let dogAPI = try slow { _ in .json(SharedData.text("thedogapi/breeds.json")) }
        let dnd = try slow(dndStubAnswer)
        defer { [dogAPI, dnd].forEach { $0.stop() } }
        var configuration = UpstreamsConfiguration(mode: .embedded)
        configuration.setURL(dogAPI.baseURL, for: .theDogAPI)
        configuration.setURL(dnd.baseURL + "/graphql/2014", for: .dnd5e)
        let environment = UpstreamsEnvironment(configuration: configuration)
        let scheduler = BatchScheduler()
        let clients = environment.clients(scheduler: scheduler)
        let loaders = clients.makeLoaders(scheduler: scheduler)
        let values = await scheduler.run {
            await withTaskGroup(of: String.self) { group in
                // One field waits on the facts list directly, two on the D&D loader: the loads
                // must be sent while the list is on its way, not after.
                let work: [@Sendable () async -> String] = [
                    { (try? await clients.theDogAPI.breeds().value.value.first?.name) ?? "-" },
                    {
                        (try? await loaders.monsters.load(DnDMonsterKey(index: "mastiff", selection: ["name"])))?
                            .monster?["name"]?.stringValue ?? "-"
                    },
                    {
                        (try? await loaders.monsters.load(DnDMonsterKey(index: "aboleth", selection: ["name"])))?
                            .monster?["name"]?.stringValue ?? "-"
                    }
                ]
                for body in work {
                    scheduler.enter()
                    group.addTask { await scheduler.runEntered { await body() } }
                }
                return await scheduler.waiting {
                    var all: [String] = []
                    for await value in group { all.append(value) }
                    return all.sorted()
                }
            }
        }
        XCTAssertEqual(values, ["Aboleth", "Affenpinscher", "Mastiff"])
        XCTAssertEqual([dogAPI.requestCount, dnd.requestCount], [1, 1])
        // Both upstreams were asked at once (each stub holds its request 0.3 s).
        XCTAssertEqual(inProgress.withLock { $0.peak }, 2)
        // Balanced once the last batch task has delivered (it may end just after its waiters).
        for _ in 0..<1_000 where scheduler.activeCount != 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertEqual(scheduler.activeCount, 0)
    }
}
