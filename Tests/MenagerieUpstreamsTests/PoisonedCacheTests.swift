import Clocks
import Foundation
import JSON
import Locking
@testable import MenagerieUpstreams
import UpstreamStubs
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// A garbage answer (HTTP 200 with the CDN's long caching header) is never cached or shared:
/// the request it answered fails with `UPSTREAM_BAD_RESPONSE`, and the next call asks the
/// upstream again, for every client.
final class PoisonedCacheTests: XCTestCase {
    /// Dog CEO's CDN header, sent with the garbage and the good answers alike.
    static let cdnCaching = ("Cache-Control", "s-maxage=21600, max-age=1800")

    /// A stub answering `garbage` (200, JSON content type, CDN caching) until healed, then `healthy`.
    final class PoisonableUpstream: Sendable {
        let server: StubServer
        private let flag: Flag

        init(
            garbage: String = "<html>not json at all", delay: Double = 0,
            healthy: @escaping @Sendable (StubRequest) -> StubAction
        ) throws {
            let flag = Flag()
            self.flag = flag
            server = try StubServer { request in
                if flag.isSet {
                    return .respond(
                        status: 200, headers: [("Content-Type", "application/json"), PoisonedCacheTests.cdnCaching],
                        body: Array(garbage.utf8), delay: delay)
                }
                guard case .respond(let status, let headers, let body, let delay) = healthy(request) else {
                    return healthy(request)
                }
                return .respond(
                    status: status, headers: headers + [PoisonedCacheTests.cdnCaching], body: body, delay: delay)
            }
        }

        var baseURL: String { server.baseURL }
        var requestCount: Int { server.requestCount }
        /// The upstream answers properly from now on.
        func heal() { flag.clear() }
        func stop() { server.stop() }
    }

    /// A thread-safe boolean, set at first.
    final class Flag: Sendable {
        private let value = Locked(true)
        var isSet: Bool { value.withLock { $0 } }
        func clear() { value.withLock { $0 = false } }
    }

    func pipeline(_ upstream: UpstreamName, clock: MonotonicClock = .system) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: upstream, transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled), clock: clock)
    }

    func testDogCEOGarbageIsNotCachedAndTheNextCallAsksAgain() async throws {
        let upstream = try PoisonableUpstream { request in
            request.path == "/api/breeds/list/all"
                ? .json(SharedData.text("dog-ceo/breeds-list-all.json"))
                : .json(SharedData.text("dog-ceo/breed-akita-images.json"))
        }
        defer { upstream.stop() }
        let client = DogCEOClient(pipeline: pipeline(.dogCEO), baseURL: upstream.baseURL + "/api")
        await XCTAssertThrowsUpstream(try await client.breeds().value.value, code: "UPSTREAM_BAD_RESPONSE")
        await XCTAssertThrowsUpstream(try await client.images(breed: "akita").value, code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(client.pipeline.cache.count, 0)

        upstream.heal()
        let breeds = try await client.breeds().value.value
        XCTAssertNotNil(breeds.first { $0.name == "hound" })
        let answer1 = try await client.images(breed: "akita").value?.count
        XCTAssertEqual(answer1, 6)
        XCTAssertEqual(upstream.requestCount, 4)
        // The good answers are cached (6 h from `s-maxage`).
        _ = try await client.breeds().value.value
        _ = try await client.images(breed: "akita").value
        XCTAssertEqual(upstream.requestCount, 4)
        XCTAssertEqual(client.pipeline.cache.count, 2)
    }

    func testWellFormedJSONOfTheWrongShapeIsNotCachedEither() async throws {
        let upstream = try PoisonableUpstream(garbage: #"{"status":"success","message":42}"#) { _ in
            .json(SharedData.text("dog-ceo/breed-akita-images.json"))
        }
        defer { upstream.stop() }
        let client = DogCEOClient(pipeline: pipeline(.dogCEO), baseURL: upstream.baseURL + "/api")
        await XCTAssertThrowsUpstream(try await client.images(breed: "akita").value, code: "UPSTREAM_BAD_RESPONSE")
        await XCTAssertThrowsUpstream(try await client.images(breed: "akita").value, code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(upstream.requestCount, 2)
        upstream.heal()
        let answer2 = try await client.images(breed: "akita").value?.count
        XCTAssertEqual(answer2, 6)
        XCTAssertEqual(upstream.requestCount, 3)
    }

    func testTheDogAPIGarbageIsNotCached() async throws {
        let upstream = try PoisonableUpstream { _ in .json(SharedData.text("thedogapi/breeds.json")) }
        defer { upstream.stop() }
        let client = TheDogAPIClient(
            pipeline: pipeline(.theDogAPI), baseURL: upstream.baseURL + "/v1", apiKey: APIKey("test-key"))
        await XCTAssertThrowsUpstream(try await client.breeds().value.value, code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(client.pipeline.cache.count, 0)
        upstream.heal()
        let answer3 = try await client.breeds().value.value.count
        XCTAssertEqual(answer3, 170)
        let answer4 = try await client.breeds().value.value.count
        XCTAssertEqual(answer4, 170)
        XCTAssertEqual(upstream.requestCount, 2)
    }

    func testZooGarbageIsNotCached() async throws {
        let upstream = try PoisonableUpstream { _ in .json(SharedData.text("zoo-animal-api/animals.json")) }
        defer { upstream.stop() }
        let client = ZooClient(pipeline: pipeline(.zoo), baseURL: upstream.baseURL)
        await XCTAssertThrowsUpstream(try await client.animals().value.value, code: "UPSTREAM_BAD_RESPONSE")
        await XCTAssertThrowsUpstream(try await client.animal(id: 20).value, code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(client.pipeline.cache.count, 0)
        upstream.heal()
        let answer5 = try await client.animals().value.value.count
        XCTAssertEqual(answer5, 55)
        let answer6 = try await client.animal(id: 20).value?.id
        XCTAssertEqual(answer6, 20)
        _ = try await client.animals().value.value
        _ = try await client.animal(id: 20).value
        // Two failed list requests, then one healthy list (cached) serves every later call.
        XCTAssertEqual(upstream.requestCount, 3)
    }

    func testDnDAnswerWithErrorsIsNotCached() async throws {
        let upstream = try PoisonableUpstream(
            garbage: #"{"errors":[{"message":"Internal server error"}],"data":null}"#, healthy: dndStubAnswer)
        defer { upstream.stop() }
        let client = DnDClient(pipeline: pipeline(.dnd5e), endpoint: upstream.baseURL + "/graphql/2014")
        let key = DnDMonsterKey(index: "aboleth", selection: ["index", "name"])
        let failed = try await client.monsters([key])
        XCTAssertThrowsError(try failed[0].get()) {
            XCTAssertEqual(($0 as? UpstreamError)?.code, "UPSTREAM_BAD_RESPONSE")
        }
        await XCTAssertThrowsUpstream(
            try await client.monsters(DnDMonsterQuery(), selection: ["index"]).value.value,
            code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(client.pipeline.cache.count, 0)
        upstream.heal()
        let answer7 = try await client.monsters([key])[0].get().monster?["name"]
        XCTAssertEqual(answer7, "Aboleth")
        let answer8 = try await client.monsters([key])[0].get().monster?["name"]
        XCTAssertEqual(answer8, "Aboleth")
        XCTAssertEqual(upstream.requestCount, 3)
    }

    func testDnDPartialAnswerKeepsTheAliasesThatAnsweredAndIsNotCached() async throws {
        let partial =
            #"{"errors":[{"message":"Cannot return null for non-nullable field Monster.name.","path":["m1","name"]}],"data":{"m0":{"index":"aboleth","name":"Aboleth"},"m1":null}}"#
        let upstream = try PoisonableUpstream(garbage: partial, healthy: dndStubAnswer)
        defer { upstream.stop() }
        let client = DnDClient(pipeline: pipeline(.dnd5e), endpoint: upstream.baseURL + "/graphql/2014")
        let keys = [
            DnDMonsterKey(index: "aboleth", selection: ["index", "name"]),
            DnDMonsterKey(index: "acolyte", selection: ["index", "name"])
        ]
        let first = try await client.monsters(keys)
        XCTAssertEqual(try first[0].get().monster?["name"], "Aboleth")
        XCTAssertEqual(try first[0].get().errors, [])
        XCTAssertThrowsError(try first[1].get()) {
            XCTAssertEqual(($0 as? UpstreamError)?.code, "UPSTREAM_BAD_RESPONSE")
        }
        XCTAssertEqual(client.pipeline.cache.count, 0)
        upstream.heal()
        let second = try await client.monsters(keys)
        XCTAssertEqual(try second[1].get().monster?["name"], "Acolyte")
        XCTAssertEqual(upstream.requestCount, 2)
        _ = try await client.monsters(keys)
        XCTAssertEqual(upstream.requestCount, 2)
    }

    func testDeduplicatedWaitersOfAGarbageAnswerAllFailAndNothingIsStored() async throws {
        let upstream = try PoisonableUpstream(delay: 0.3) { _ in .json(SharedData.text("dog-ceo/breeds-list-all.json"))
        }
        defer { upstream.stop() }
        let client = DogCEOClient(pipeline: pipeline(.dogCEO), baseURL: upstream.baseURL + "/api")
        let codes = await withTaskGroup(of: String.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await client.breeds().value.value
                        return "ok"
                    } catch let error as UpstreamError {
                        return error.code
                    } catch {
                        return "\(error)"
                    }
                }
            }
            var all: [String] = []
            for await code in group { all.append(code) }
            return all
        }
        XCTAssertEqual(codes, Array(repeating: "UPSTREAM_BAD_RESPONSE", count: 5))
        XCTAssertEqual(upstream.requestCount, 1)
        XCTAssertEqual(client.pipeline.counters.values.deduplicated, 4)
        XCTAssertEqual(client.pipeline.cache.count, 0)
        upstream.heal()
        let answer9 = try await client.breeds().value.value.isEmpty
        XCTAssertFalse(answer9)
        XCTAssertEqual(upstream.requestCount, 2)
    }

    /// Callers that decode one request differently still share one upstream call (the
    /// in-flight key is the request, not the request and the type); each gets its own decoding.
    func testConcurrentCallersWithDifferentDecodingsShareOneCall() async throws {
        let upstream = try PoisonableUpstream(delay: 0.3) { _ in .json(SharedData.text("dog-ceo/breeds-list-all.json"))
        }
        defer { upstream.stop() }
        upstream.heal()
        let p = pipeline(.dogCEO)
        let request = UpstreamRequest(url: upstream.baseURL + "/api/breeds/list/all")
        let policy = CachePolicy(defaultTTL: .seconds(60))
        async let count = p.fetchDecodedAnswer(request, cache: policy) { response -> Int in response.body.count }.value
        async let text = p.fetchDecodedAnswer(request, cache: policy) { response -> String in
            String(decoding: response.body.prefix(10), as: UTF8.self)
        }.value
        let (bytes, start) = try await (count, text)
        XCTAssertEqual(bytes, Array(SharedData.text("dog-ceo/breeds-list-all.json").utf8).count)
        XCTAssertEqual(start, String(SharedData.text("dog-ceo/breeds-list-all.json").prefix(10)))
        XCTAssertEqual(upstream.requestCount, 1)
        XCTAssertEqual(p.counters.values.deduplicated, 1)
    }

    func testAGarbageAnswerKeepsTheGoodEntryForStaleIfError() async throws {
        let now = TestClock()
        let upstream = try PoisonableUpstream { _ in .json(SharedData.text("dog-ceo/breeds-list-all.json")) }
        defer { upstream.stop() }
        upstream.heal()
        let client = DogCEOClient(pipeline: pipeline(.dogCEO, clock: now.clock), baseURL: upstream.baseURL + "/api")
        let good = try await client.breeds().value.value
        now.advance(.seconds(21_601)) // expired, within the 1 h stale-if-error bound
        upstream.server.fault = .garbage
        await XCTAssertThrowsUpstream(try await client.breeds().value.value, code: "UPSTREAM_BAD_RESPONSE")
        upstream.server.fault = .serverError
        let answer10 = try await client.breeds().value.value
        XCTAssertEqual(answer10, good)
        XCTAssertEqual(client.pipeline.counters.values.staleServed, 1)
        upstream.server.fault = .none
        let answer11 = try await client.breeds().value.value
        XCTAssertEqual(answer11, good)
        XCTAssertEqual(upstream.requestCount, 4)
    }
}
