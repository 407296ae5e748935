import Redis
@testable import RedisCache
import UpstreamStubs
import Upstreams
import XCTest

/// Redis down, slow, answering garbage, then back: the replicas answer from the upstream with
/// no error, the breaker stops calling Redis, and recovers by itself. Clocks are injected
/// (the breaker's window and open interval); nothing is timed.
final class RedisFaultTests: XCTestCase {
    func testRedisDownAnswersFromTheUpstreamThenIsSkipped() async throws {
        let port = try RedisServerProcess.freePort() // nothing listens there
        let replica = try Replica(redis: "redis://127.0.0.1:\(port)", timeout: .milliseconds(50))
        for index in 0..<8 {
            let answer = try await replica.fetch("/breed/down\(index)/images")
            XCTAssertTrue(answer.contains("/breed/down\(index)/images"))
        }
        XCTAssertEqual(replica.transport.calls, 8)
        XCTAssertEqual(replica.counters.sharedMisses, 8)
        XCTAssertEqual(replica.counters.errors, [:], "no upstream error")
        // Each fetch tried Redis once (a failed read leaves it alone for that fetch) until the
        // breaker opened after 5 failures; then Redis was not called at all.
        XCTAssertEqual(replica.redis.calls, 5)
        XCTAssertEqual(replica.redis.errors["connection"], 5)
        XCTAssertEqual(replica.shared.breaker.state, .open)
        XCTAssertEqual(replica.shared.breakerRejections, 3)
        XCTAssertTrue(replica.shared.metricsText(prefix: "menagerie").contains("menagerie_redis_breaker_state 1\n"))
    }

    func testSlowRedisIsBoundedByTheTimeoutThenSkipped() async throws {
        let fake = try FakeRedisServer(mode: .silent)
        defer { fake.stop() }
        let replica = try Replica(redis: fake.url, timeout: .milliseconds(30))
        for index in 0..<5 {
            _ = try await replica.fetch("/breed/slow\(index)/images")
        }
        XCTAssertEqual(replica.redis.errors["timeout"], 5, "every call ended at its timeout")
        XCTAssertEqual(replica.redis.calls, 5)
        XCTAssertEqual(fake.connections, 5, "a timed-out connection is dropped, never reused")
        XCTAssertEqual(replica.shared.breaker.state, .open)
        let commands = fake.commands
        for index in 0..<10 {
            let answer = try await replica.fetch("/breed/slower\(index)/images")
            XCTAssertTrue(answer.contains("slower\(index)"))
        }
        XCTAssertEqual(fake.connections, 5, "the open breaker keeps Redis out of the path")
        XCTAssertEqual(fake.commands, commands)
        XCTAssertEqual(replica.redis.calls, 5)
        XCTAssertEqual(replica.transport.calls, 15)
        XCTAssertEqual(replica.counters.errors, [:])
    }

    func testGarbageRepliesAndGarbageEntriesAreMisses() async throws {
        let fake = try FakeRedisServer(mode: .garbage)
        defer { fake.stop() }
        let replica = try Replica(redis: fake.url, timeout: .seconds(1))
        let answer = try await replica.fetch("/breeds/list/all")
        XCTAssertTrue(answer.contains("/breeds/list/all"))
        XCTAssertEqual(replica.redis.errors["protocol"], 1)
        XCTAssertEqual(replica.counters.sharedMisses, 1)
        XCTAssertEqual(replica.transport.calls, 1)

        // A healthy Redis holding bytes that are no entry (or another request's entry).
        fake.mode = .healthy
        let other = try Replica(redis: fake.url, timeout: .seconds(1))
        let key = SharedCacheKey(upstream: "dog-ceo", request: "GET https://dog.ceo/api/breed/x/images")
        try await other.shared.client.set(other.shared.entryKey(key), Array("not an entry".utf8))
        _ = try await other.fetch("/breed/x/images")
        XCTAssertEqual(other.counters.sharedInvalid, 1)
        XCTAssertEqual(other.transport.calls, 1)
        XCTAssertEqual(other.counters.sharedStores, 1, "the fetched answer replaces the garbage")
        // Its entry, stored under another request's key, is refused by the request check.
        let stored = try await other.shared.client.get(other.shared.entryKey(key))
        let wrongKey = SharedCacheKey(upstream: "dog-ceo", request: "GET https://dog.ceo/api/breed/y/images")
        try await other.shared.client.set(other.shared.entryKey(wrongKey), try XCTUnwrap(stored))
        let third = try Replica(redis: fake.url, timeout: .seconds(1))
        let answerY = try await third.fetch("/breed/y/images")
        XCTAssertTrue(answerY.contains("/breed/y/images"), "never another request's answer")
        XCTAssertEqual(third.counters.sharedInvalid, 1)
        XCTAssertEqual(third.transport.calls, 1)
    }

    func testRecoveryAfterTheBreakersOpenInterval() async throws {
        let fake = try FakeRedisServer(mode: .silent)
        defer { fake.stop() }
        let clocks = TestClocks()
        let b = try Replica(redis: fake.url, clocks: clocks, timeout: .milliseconds(250))
        for index in 0..<5 { _ = try await b.fetch("/breed/outage\(index)/images") }
        XCTAssertEqual(b.shared.breaker.state, .open)

        // Redis is back; replica A (its own breaker, closed) stores an entry.
        fake.mode = .healthy
        fake.dropConnections()
        let a = try Replica(redis: fake.url, clocks: clocks)
        _ = try await a.fetch("/breeds/list/all")
        XCTAssertEqual(a.counters.sharedStores, 1)

        // Still open: B does not ask Redis yet.
        let connections = fake.connections
        _ = try await b.fetch("/breed/during/images")
        XCTAssertEqual(fake.connections, connections)

        // After the open interval (1 s, on B's clock) the next request probes Redis and hits.
        clocks.advance(.milliseconds(1100))
        let transportCalls = b.transport.calls
        let answer = try await b.fetch("/breeds/list/all")
        XCTAssertTrue(answer.contains("/breeds/list/all"))
        XCTAssertEqual(b.transport.calls, transportCalls, "answered by Redis, no upstream call")
        XCTAssertEqual(b.counters.sharedHits, 1)
        XCTAssertEqual(b.shared.breaker.state, .closed)
        XCTAssertEqual(b.shared.breaker.transitions[.closed], 1)
    }

    func testAnUnresolvableHostIsAMiss() async throws {
        let replica = try Replica(redis: "redis://no-such-host.invalid:6379", timeout: .milliseconds(50))
        let answer = try await replica.fetch("/breeds/list/all")
        XCTAssertTrue(answer.contains("/breeds/list/all"))
        XCTAssertEqual(replica.transport.calls, 1)
        XCTAssertEqual(replica.redis.calls, 1)
        XCTAssertEqual(replica.redis.errors.values.reduce(0, +), 1)
    }
}
