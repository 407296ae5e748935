import Foundation
import Locking
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// Every way the pipeline hands out an answer is recorded in the usage of the call's
/// `UpstreamScope`, with the freshness of the cache entry behind it.
final class UpstreamUsageTests: XCTestCase {
    /// A transport answering `["v"]` (with the headers set), failing on demand, or holding
    /// requests until opened.
    final class ScriptedTransport: Transport, Sendable {
        struct State {
            var failing = false
            var gated = false
            var waiting = 0
            var headers: [UpstreamHeader] = []
            var calls = 0
        }

        let state = Locked(State())

        func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
            let (failing, gated, headers) = state.withLock { s in
                s.calls += 1
                if s.gated { s.waiting += 1 }
                return (s.failing, s.gated, s.headers)
            }
            if gated {
                while state.withLock({ $0.gated }) { try await Task.sleep(for: .milliseconds(2)) }
            }
            if failing { throw TransportError.connectionFailed("scripted") }
            return UpstreamResponse(status: 200, headers: headers, body: Array(#"["v"]"#.utf8))
        }
    }

    let time = TestClock()
    let transport = ScriptedTransport()
    lazy var pipeline = UpstreamPipeline(
        upstream: "zoo", transport: transport,
        settings: UpstreamSettings(timeout: .seconds(30), retry: .disabled), clock: time.clock)
    let request = UpstreamRequest(url: "http://zoo.invalid/animals")
    let policy = CachePolicy(defaultTTL: .seconds(100), honoursCacheControl: true, staleIfError: .seconds(1000))

    /// The usage of one call made with a recorder bound.
    static func usage(of call: @Sendable (UpstreamScope) async throws -> Void) async -> UpstreamUsage.Summary {
        let scope = UpstreamScope()
        try? await call(scope)
        return scope.usage.summary
    }

    func fetch(_ pipeline: UpstreamPipeline, _ policy: CachePolicy) -> @Sendable (UpstreamScope) async throws -> Void {
        let request = self.request
        return { scope in _ = try await pipeline.fetchDecodedAnswer(request, cache: policy, scope: scope) { $0.body } }
    }

    func testFreshFetchThenCacheHitRecordTheEntrysExpiry() async {
        let p = pipeline
        let cold = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(cold.answers, 1)
        XCTAssertEqual(cold.freshUntil, .seconds(1100))
        XCTAssertTrue(cold.isReusable)
        time.advance(.seconds(40))
        let warm = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(warm.freshUntil, .seconds(1100), "a hit keeps its entry's expiry")
        XCTAssertTrue(warm.isReusable)
        XCTAssertEqual(transport.state.withLock { $0.calls }, 1)
        // The synchronous peek records the same way.
        let request = self.request
        let policy = self.policy
        let peek = await Self.usage { scope in
            _ = p.answer(request, cache: policy, scope: scope) { $0.body }.readyValue
        }
        XCTAssertEqual(peek.answers, 1)
        XCTAssertEqual(peek.freshUntil, .seconds(1100))
    }

    func testUpstreamMaxAgeSetsTheExpiryAndNoStoreIsUncacheable() async {
        let p = pipeline
        transport.state.withLock { $0.headers = [UpstreamHeader("Cache-Control", "max-age=30")] }
        let short = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(short.freshUntil, .seconds(1030))
        time.advance(.seconds(31))
        transport.state.withLock { $0.headers = [UpstreamHeader("Cache-Control", "no-store")] }
        let refused = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(refused.answers, 1)
        XCTAssertEqual(refused.uncacheable, 1)
        XCTAssertFalse(refused.isReusable)
    }

    func testNeverCachedEndpointIsUncacheable() async {
        let random = await Self.usage(of: fetch(pipeline, .never))
        XCTAssertEqual(random.answers, 1)
        XCTAssertEqual(random.uncacheable, 1)
        XCTAssertNil(random.freshUntil)
        XCTAssertFalse(random.isReusable)
    }

    func testStaleIfErrorIsStaleAndAFailureIsAFailure() async {
        let p = pipeline
        _ = await Self.usage(of: fetch(p, policy))
        time.advance(.seconds(150)) // expired, within stale-if-error
        transport.state.withLock { $0.failing = true }
        let stale = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(stale.answers, 1)
        XCTAssertEqual(stale.stale, 1)
        XCTAssertFalse(stale.isReusable)
        XCTAssertEqual(p.counters.values.staleServed, 1)
        time.advance(.seconds(2000)) // beyond it
        let failed = await Self.usage(of: fetch(p, policy))
        XCTAssertEqual(failed.answers, 0)
        XCTAssertEqual(failed.failures, 1)
        XCTAssertFalse(failed.isReusable)
    }

    /// Two callers sharing one in-flight call each record the answer (each in its own record).
    func testSharedInFlightCallIsRecordedByEveryCaller() async throws {
        let p = pipeline
        transport.state.withLock { $0.gated = true }
        let call = fetch(p, policy)
        let first = Task { await UpstreamUsageTests.usage(of: call) }
        let second = Task { await UpstreamUsageTests.usage(of: call) }
        for _ in 0..<5_000 where transport.state.withLock({ $0.waiting }) < 1 || p.inFlight.waiting < 2 {
            try await Task.sleep(for: .milliseconds(2))
        }
        XCTAssertEqual(p.inFlight.waiting, 2)
        transport.state.withLock { $0.gated = false }
        let a = await first.value, b = await second.value
        XCTAssertEqual(transport.state.withLock { $0.calls }, 1)
        XCTAssertEqual(p.counters.values.deduplicated, 1)
        for summary in [a, b] {
            XCTAssertEqual(summary.answers, 1)
            XCTAssertEqual(summary.freshUntil, .seconds(1100))
            XCTAssertTrue(summary.isReusable)
        }
    }

    /// The earliest expiry wins; a call from another task with the same scope records into it too.
    func testEarliestExpiryWinsAcrossTasks() async {
        let p = pipeline
        let other = UpstreamRequest(url: "http://zoo.invalid/animals/1")
        let (request, policy, time) = (self.request, self.policy, self.time)
        let summary = await Self.usage { scope in
            _ = try await p.fetchDecodedAnswer(request, cache: policy, scope: scope) { $0.body }
            time.advance(.seconds(10))
            let child = Task {
                _ = try await p.fetchDecodedAnswer(other, cache: CachePolicy(defaultTTL: .seconds(50)), scope: scope) {
                    $0.body
                }
            }
            try await child.value
        }
        XCTAssertEqual(summary.answers, 2)
        XCTAssertEqual(summary.freshUntil, .seconds(1060))
    }

    func testNothingIsRecordedWithoutAScope() async throws {
        _ = try await pipeline.fetchDecodedAnswer(request, cache: policy) { $0.body }
        let empty = UpstreamUsage().summary
        XCTAssertEqual(empty.answers, 0)
        XCTAssertTrue(empty.isReusable)
    }
}
