import XCTest
import GraphQLServer
import Menagerie
import RedisCache
import UpstreamStubs
@testable import MenagerieCLI

/// `menagerie serve --redis URL --redis-timeout MS` (and `MENAGERIE_REDIS_URL`,
/// `MENAGERIE_REDIS_TIMEOUT`), and two apps built as `serve` builds them sharing one Redis.
final class RedisOptionsTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ArgumentError) -> ServeConfiguration
    {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func message(
        _ arguments: [String], _ environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        do {
            _ = try parse(arguments, environment)
            XCTFail("expected an error for \(arguments) \(environment)", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    func testDefaultsAndSources() throws {
        let none = try parse([])
        XCTAssertNil(none.redis)
        XCTAssertEqual(none.redisTimeout, .milliseconds(50))
        XCTAssertNil(ServeCommand.makeSharedCache(none))
        XCTAssertNil(try parse([], ["MENAGERIE_REDIS_URL": " "]).redis, "empty means none")

        let flag = try parse(["--redis", "redis://:pw@cache:6380/2", "--redis-timeout", "20"])
        XCTAssertEqual(flag.redis?.description, "redis://:***@cache:6380/2")
        XCTAssertEqual(flag.redis?.password, "pw")
        XCTAssertEqual(flag.redisTimeout, .milliseconds(20))
        let cache = try XCTUnwrap(ServeCommand.makeSharedCache(flag))
        XCTAssertEqual(cache.client.configuration.timeout, .milliseconds(20))
        XCTAssertEqual(cache.client.configuration.url.host, "cache")

        let environment = try parse([], ["MENAGERIE_REDIS_URL": "redis://envhost", "MENAGERIE_REDIS_TIMEOUT": "75"])
        XCTAssertEqual(environment.redis?.description, "redis://envhost:6379")
        XCTAssertEqual(environment.redisTimeout, .milliseconds(75))
        // The flags win.
        let both = try parse(
            ["--redis=redis://flaghost", "--redis-timeout=10"],
            ["MENAGERIE_REDIS_URL": "redis://envhost", "MENAGERIE_REDIS_TIMEOUT": "75"])
        XCTAssertEqual(both.redis?.host, "flaghost")
        XCTAssertEqual(both.redisTimeout, .milliseconds(10))
    }

    func testBadValuesAreClearErrors() {
        let tls = message(["--redis", "rediss://:secret@cache:6380"])
        XCTAssertTrue(tls.contains("'--redis'") && tls.contains("rediss:// (TLS) is not supported"), tls)
        XCTAssertFalse(tls.contains("secret"))
        let scheme = message([], ["MENAGERIE_REDIS_URL": "http://cache:6379"])
        XCTAssertTrue(scheme.contains("MENAGERIE_REDIS_URL") && scheme.contains("not a redis:// URL"), scheme)
        XCTAssertTrue(message(["--redis", "redis://cache:99999"]).contains("port"))
        for bad in ["0", "5001", "abc", "1.5", "-3", ""] {
            let text = message(["--redis-timeout", bad])
            XCTAssertTrue(text.contains("'--redis-timeout' must be whole milliseconds from 1 to 5000"), text)
        }
        XCTAssertTrue(message([], ["MENAGERIE_REDIS_TIMEOUT": "x"]).contains("MENAGERIE_REDIS_TIMEOUT"))
    }

    func testHelpNamesTheOptionsAndVariables() {
        for text in [
            "--redis URL", "MENAGERIE_REDIS_URL", "--redis-timeout MS", "MENAGERIE_REDIS_TIMEOUT",
            "rediss:// is not supported"
        ] {
            XCTAssertTrue(ServeCommand.help.contains(text), text)
        }
    }

    /// Two replicas built as `serve` builds them, one live Dog CEO stub, one Redis: the second
    /// replica answers the first one's query without calling the upstream.
    func testTwoServeReplicasShareTheUpstreamsAnswers() async throws {
        let redis: RedisServerProcess
        do {
            redis = try RedisServerProcess()
        } catch {
            return XCTFail(String(describing: error))
        }
        defer { redis.stop() }
        let upstream = try StubServer { _ in
            .json("{\"message\":{\"affenpinscher\":[],\"hound\":[\"afghan\",\"basset\"]},\"status\":\"success\"}")
        }
        defer { upstream.stop() }
        let configuration = try parse([
            "--dog-ceo-url", upstream.baseURL, "--redis", redis.url(), "--redis-timeout", "1000"
        ])
        func replica() throws -> (MenagerieApp, String) {
            let cache = ServeCommand.makeSharedCache(configuration)
            let app = try ServeCommand.makeApp(configuration, environment: { _ in nil }, sharedCache: cache)
            return (app, cache?.metricsText(prefix: "menagerie") ?? "")
        }
        let (a, _) = try replica()
        let (b, _) = try replica()
        let query = "{ breeds(limit: 3) { items { name } } }"
        let first = await a.execute(query: query)
        XCTAssertEqual(upstream.requestCount, 1)
        let second = await b.execute(query: query)
        XCTAssertEqual(second.data, first.data)
        XCTAssertTrue(second.errors.isEmpty)
        XCTAssertEqual(upstream.requestCount, 1, "the second replica made no upstream call")
        XCTAssertEqual(b.upstreams.dogCEO.pipeline.counters.values.sharedHits, 1)
        XCTAssertTrue(
            b.upstreams.metricsText(prefix: "menagerie").contains(
                "menagerie_upstream_shared_cache_hits_total{upstream=\"dog-ceo\"} 1\n"))
        XCTAssertNil(b.upstreams.zoo.pipeline.sharedCache, "embedded upstreams answer in process: nothing to share")
    }

    /// A persisted query registered through one replica (as `serve` wires the store with
    /// `--redis`) is found through another whose in-process store never saw it.
    func testPersistedQueriesAreSharedThroughRedis() async throws {
        let redis: RedisServerProcess
        do {
            redis = try RedisServerProcess()
        } catch {
            return XCTFail(String(describing: error))
        }
        defer { redis.stop() }
        let configuration = try parse(["--redis", redis.url(), "--redis-timeout", "1000"])
        let storeA = try XCTUnwrap(
            ServeCommand.persistedQueries(configuration, redis: ServeCommand.makeSharedCache(configuration)))
        let storeB = try XCTUnwrap(
            ServeCommand.persistedQueries(configuration, redis: ServeCommand.makeSharedCache(configuration)))
        XCTAssertTrue(storeA is LayeredPersistedQueryStore)
        let query = "{ breeds(limit: 1) { items { name } } }"
        let hash = SHA256.hexHash(query)
        let missing = await storeB.query(forHash: hash)
        XCTAssertNil(missing)
        await storeA.register(hash: hash, query: query)
        let found = await storeB.query(forHash: hash)
        XCTAssertEqual(found, query)
        // A text stored under a hash that is not its own is a miss.
        let forged = SHA256.hexHash("{ __typename }")
        await RedisPersistedQueryStore(redis: try XCTUnwrap(ServeCommand.makeSharedCache(configuration)))
            .register(hash: forged, query: query)
        let refused = await storeB.query(forHash: forged)
        XCTAssertNil(refused)
        // Without --redis, the store is in process only.
        XCTAssertTrue(ServeCommand.persistedQueries(try parse([]), redis: nil) is InMemoryPersistedQueryStore)
    }
}
