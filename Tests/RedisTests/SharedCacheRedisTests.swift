import Clocks
import Redis
@testable import RedisCache
import UpstreamStubs
@testable import Upstreams
import XCTest

/// Two replicas (pipelines with their own local caches and counting transports) sharing a real
/// `redis-server` started on a free loopback port.
final class SharedCacheRedisTests: XCTestCase {
    var server: RedisServerProcess?

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func redis(password: String? = nil) throws -> RedisServerProcess {
        let started = try startRedis(password: password)
        server = started
        return started
    }

    func testSecondReplicaAnswersWithoutAnUpstreamCall() async throws {
        let url = try redis().url()
        let a = try Replica(redis: url), b = try Replica(redis: url)
        let first = try await a.fetch("/breeds/list/all")
        let second = try await b.fetch("/breeds/list/all")
        XCTAssertEqual(second, first, "B got A's answer")
        XCTAssertEqual(a.transport.calls, 1)
        XCTAssertEqual(b.transport.calls, 0, "B made no upstream call")
        XCTAssertEqual(a.counters.sharedMisses, 1)
        XCTAssertEqual(a.counters.sharedStores, 1)
        XCTAssertEqual(b.counters.sharedHits, 1)
        XCTAssertEqual(b.counters.sharedMisses, 0)
        // B's local cache has it now: no Redis call either.
        let gets = b.redis.commands["GET"]
        _ = try await b.fetch("/breeds/list/all")
        XCTAssertEqual(b.redis.commands["GET"], gets)
        XCTAssertEqual(b.counters.cacheHits, 1)
        XCTAssertEqual(b.transport.calls, 0)
        // The metrics say so.
        let upstreamMetrics = UpstreamMetricsText.render(pipelines: [b.pipeline], prefix: "menagerie")
        XCTAssertTrue(
            upstreamMetrics.contains("menagerie_upstream_shared_cache_hits_total{upstream=\"dog-ceo\"} 1\n"),
            upstreamMetrics)
        XCTAssertTrue(
            upstreamMetrics.contains("menagerie_upstream_shared_cache_misses_total{upstream=\"dog-ceo\"} 0\n"))
        let redisMetrics = a.shared.metricsText(prefix: "menagerie")
        XCTAssertTrue(redisMetrics.contains("menagerie_redis_commands_total{command=\"GET\"} 2\n"), redisMetrics)
        XCTAssertTrue(
            redisMetrics.contains("menagerie_redis_commands_total{command=\"SET\"} 2\n"), "the lock and the entry")
        XCTAssertTrue(redisMetrics.contains("menagerie_redis_cache_reads_total{result=\"absent\"} 1\n"))
        XCTAssertTrue(redisMetrics.contains("menagerie_redis_errors_total{kind=\"timeout\"} 0\n"))
        XCTAssertTrue(redisMetrics.contains("menagerie_redis_breaker_state 0\n"))
        XCTAssertFalse(
            UpstreamMetricsText.render(
                pipelines: [UpstreamPipeline(upstream: "zoo", transport: CountingTransport())], prefix: "menagerie"
            )
            .contains("shared_cache"), "no shared cache, no shared cache metrics")
    }

    func testFreshnessIsCarriedInWallClockTime() async throws {
        let url = try redis().url()
        let clocks = TestClocks()
        let a = try Replica(redis: url, clocks: clocks), b = try Replica(redis: url, clocks: clocks)
        _ = try await a.fetch("/breed/hound/images") // fresh for 60 s from now
        clocks.advance(.seconds(40))
        _ = try await b.fetch("/breed/hound/images")
        XCTAssertEqual(b.counters.sharedHits, 1)
        XCTAssertEqual(b.transport.calls, 0)
        clocks.advance(.seconds(15)) // 55 s: still fresh for both
        _ = try await b.fetch("/breed/hound/images")
        XCTAssertEqual(b.counters.cacheHits, 1, "B's local copy is fresh for the 20 s A's had left")
        clocks.advance(.seconds(10)) // 65 s: expired everywhere, though Redis still holds it (as stale)
        _ = try await b.fetch("/breed/hound/images")
        XCTAssertEqual(b.transport.calls, 1, "B's copy expired when A's did, and so did the shared entry")
        XCTAssertEqual(b.counters.sharedHits, 1)
        XCTAssertEqual(b.counters.sharedStores, 1)
        // A's copy expired too; B's new answer is in Redis, so A takes it without an upstream call.
        let again = try await a.fetch("/breed/hound/images")
        XCTAssertTrue(again.contains("\"call\":1"), again)
        XCTAssertEqual(a.transport.calls, 1)
        XCTAssertEqual(a.counters.sharedHits, 1)
    }

    func testAStaleSharedEntryServesAsStaleIfError() async throws {
        let url = try redis().url()
        let clocks = TestClocks()
        let a = try Replica(redis: url, clocks: clocks)
        let first = try await a.fetch("/breeds/list/all")
        clocks.advance(.seconds(120)) // past freshness (60 s), within stale-if-error (3600 s)
        let failing = try Replica(redis: url, clocks: clocks, transport: CountingTransport(status: 503))
        let answer = try await failing.fetch("/breeds/list/all")
        XCTAssertEqual(answer, first, "the upstream failed: A's stale answer from Redis")
        XCTAssertEqual(failing.transport.calls, 1)
        XCTAssertEqual(failing.counters.staleServed, 1)
        XCTAssertEqual(failing.counters.sharedHits, 0)
        clocks.advance(.seconds(3600)) // past the stale window too: the failure shows
        await XCTAssertThrowsErrorAsync(try await failing.fetch("/breeds/list/all"))
    }

    func testStampedeOnTwoReplicasMakesOneUpstreamCall() async throws {
        let url = try redis().url()
        let lock = SharedCacheLockPolicy(lease: .seconds(10), pollInterval: .milliseconds(5), maxPolls: 2000)
        let a = try Replica(redis: url, lock: lock, transport: CountingTransport(delaySeconds: 0.02))
        let b = try Replica(redis: url, lock: lock, transport: CountingTransport(delaySeconds: 0.02))
        for round in 0..<5 {
            let path = "/breed/stampede\(round)/images"
            let answers = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    let replica = index % 2 == 0 ? a : b
                    group.addTask { try await replica.fetch(path) }
                }
                var all: [String] = []
                for try await answer in group { all.append(answer) }
                return all
            }
            XCTAssertEqual(Set(answers).count, 1, "one answer for everyone")
            XCTAssertEqual(
                a.transport.calls + b.transport.calls, round + 1, "one upstream call per entry (round \(round))")
        }
        XCTAssertEqual(a.counters.sharedStores + b.counters.sharedStores, 5)
    }

    func testPasswordIsSentWithAUTH() async throws {
        let server = try redis(password: "s3cr3t")
        let a = try Replica(redis: server.url(password: "s3cr3t")),
            b = try Replica(redis: server.url(password: "s3cr3t"))
        _ = try await a.fetch("/breeds/list/all")
        _ = try await b.fetch("/breeds/list/all")
        XCTAssertEqual(b.transport.calls, 0)
        XCTAssertEqual(b.counters.sharedHits, 1)
        // Without the password Redis refuses (NOAUTH): a miss, answered by the upstream, no error.
        let stranger = try Replica(redis: server.url())
        let answer = try await stranger.fetch("/breeds/list/all")
        XCTAssertTrue(answer.contains("/breeds/list/all"))
        XCTAssertEqual(stranger.transport.calls, 1)
        XCTAssertEqual(stranger.redis.errors["server"], 1)
        XCTAssertEqual(stranger.counters.sharedHits, 0)
        // A wrong password fails the handshake itself.
        let wrong = RedisClient(
            RedisClientConfiguration(url: try RedisURL(parsing: server.url(password: "nope")), timeout: .seconds(1)))
        do {
            try await wrong.ping()
            XCTFail("a wrong password must not work")
        } catch {
            guard case .server(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("AUTH:"), message)
        }
    }

    func testDatabaseIsSelected() async throws {
        let server = try redis()
        let replica = try Replica(redis: server.url(database: 3))
        _ = try await replica.fetch("/breeds/list/all")
        let key = replica.shared.entryKey(
            SharedCacheKey(upstream: "dog-ceo", request: "GET https://dog.ceo/api/breeds/list/all"))
        XCTAssertEqual(key, "menagerie:v1:dog-ceo:GET https://dog.ceo/api/breeds/list/all")
        let db3 = RedisClient(
            RedisClientConfiguration(url: try RedisURL(parsing: server.url(database: 3)), timeout: .seconds(1)))
        let db0 = RedisClient(RedisClientConfiguration(url: try RedisURL(parsing: server.url()), timeout: .seconds(1)))
        let stored = try await db3.get(key)
        XCTAssertNotNil(stored.flatMap { SharedCacheEntry(decoding: $0) })
        let elsewhere = try await db0.get(key)
        XCTAssertNil(elsewhere)
        // Stored for freshness + stale-if-error (60 s + 3600 s), in Redis's own time.
        guard case .integer(let ttl) = try await db3.command([Array("PTTL".utf8), Array(key.utf8)]) else {
            return XCTFail("PTTL")
        }
        XCTAssertGreaterThan(ttl, 3_600_000)
        XCTAssertLessThanOrEqual(ttl, 3_660_000)
        // The lock was released by its holder.
        let lock = try await db3.get(
            replica.shared.lockKey(
                SharedCacheKey(upstream: "dog-ceo", request: "GET https://dog.ceo/api/breeds/list/all")))
        XCTAssertNil(lock)
    }

    func testLongRequestKeysAreDigested() {
        let long =
            "POST https://www.dnd5eapi.co/graphql/2014\n"
            + String(repeating: "{ monster(index: \"x\") { name } }", count: 20)
        let part = RedisSharedCache.requestPart(long)
        XCTAssertTrue(part.hasPrefix("#"))
        XCTAssertEqual(part.count, 33)
        XCTAssertEqual(part, RedisSharedCache.requestPart(long))
        XCTAssertNotEqual(part, RedisSharedCache.requestPart(long + " "))
        XCTAssertEqual(RedisSharedCache.requestPart("GET https://x/y"), "GET https://x/y")
        XCTAssertTrue(
            RedisSharedCache.requestPart("GET https://x/\u{1}").hasPrefix("#"), "control characters are digested")
    }

    func testClientAPI() async throws {
        let server = try redis()
        let client = RedisClient(
            RedisClientConfiguration(url: try RedisURL(parsing: server.url()), timeout: .seconds(2), poolSize: 3))
        try await client.ping()
        let absent = try await client.get("k")
        XCTAssertNil(absent)
        try await client.set("k", Array("v1".utf8), ttl: .seconds(60))
        let value = try await client.get("k")
        XCTAssertEqual(value, Array("v1".utf8))
        let second = try await client.command(RedisClient.set("k", Array("v2".utf8), ttl: .seconds(1), ifAbsent: true))
        XCTAssertEqual(second, .bulkString(nil))
        let other = try await client.command(RedisClient.set("k2", Array("v2".utf8), ttl: nil, ifAbsent: true))
        XCTAssertEqual(other, .simpleString("OK"))
        let deleted = try await client.delete("k")
        XCTAssertTrue(deleted)
        let deletedAgain = try await client.delete("k")
        XCTAssertFalse(deletedAgain)
        // A large binary value crosses many reads.
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await client.set("big", big)
        let back = try await client.get("big")
        XCTAssertEqual(back, big)
        // An error reply is an error, and the connection stays usable.
        do {
            _ = try await client.command("INCR", "k2")
            XCTFail("INCR of a text must fail")
        } catch {
            guard case .server(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("ERR"), message)
        }
        // Many concurrent calls over the pool.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    try await client.set("n\(index)", Array(String(index).utf8))
                    let read = try await client.get("n\(index)")
                    XCTAssertEqual(read, Array(String(index).utf8))
                }
            }
            try await group.waitForAll()
        }
        XCTAssertLessThanOrEqual(client.counters.values.connectionsOpened, 3)
        XCTAssertEqual(client.counters.values.errors.values.reduce(0, +), 1, "only the INCR")
    }
}

func XCTAssertThrowsErrorAsync<T>(
    _ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("expected an error", file: file, line: line)
    } catch {}
}
