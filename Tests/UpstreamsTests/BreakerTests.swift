import Foundation
import Locking
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// The circuit breaker protects without punishing: it judges logical calls (retries count
/// once) by their failure rate over a rolling window, opens for 1 s doubling to 30 s while
/// the upstream stays down, and lets a half-open probe through. Time is an injected clock.
final class BreakerTests: XCTestCase {
    /// An upstream that is up or down (503, or a refused connection), can hold requests
    /// until released, and counts exchanges.
    final class SwitchableUpstream: Sendable {
        struct State {
            var down = false
            var refuse = false
            var held = false
            var entered = 0
            var exchanges = 0
        }

        let state = Locked(State())

        var transport: ClosureTransport {
            ClosureTransport { [self] _ in
                let down = state.withLock { s -> Bool in
                    s.exchanges += 1
                    s.entered += 1
                    return s.down
                }
                while state.withLock({ $0.held }) { try await Task.sleep(for: .milliseconds(2)) }
                if down {
                    if state.withLock({ $0.refuse }) { throw TransportError.connectionFailed("refused") }
                    return UpstreamResponse(status: 503, text: "Service Unavailable")
                }
                return UpstreamResponse(status: 200, text: "[1]")
            }
        }

        var down: Bool {
            get { state.withLock { $0.down } }
            set { state.withLock { $0.down = newValue } }
        }
        var held: Bool {
            get { state.withLock { $0.held } }
            set { state.withLock { $0.held = newValue } }
        }
        var exchanges: Int { state.withLock { $0.exchanges } }
        var entered: Int { state.withLock { $0.entered } }
    }

    let now = TestClock()
    static let sharedOnly = CachePolicy(defaultTTL: .zero, honoursCacheControl: false, staleIfError: .zero)

    func pipeline(_ upstream: SwitchableUpstream, retry: RetryPolicy = .disabled) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: "dog-ceo", transport: upstream.transport,
            settings: UpstreamSettings(timeout: .seconds(5), retry: retry), clock: now.clock)
    }

    /// Three attempts per call with tiny backoffs and a budget that never runs out.
    let threeAttempts = RetryPolicy(
        maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5), budgetCapacity: 1000)

    static func call(_ p: UpstreamPipeline, _ path: String = "/breeds/list/all", cache: CachePolicy = .never)
        async throws -> UpstreamResponse
    {
        try await p.fetch(UpstreamRequest(url: "http://dog.invalid" + path), cache: cache)
    }

    /// Calls `path` and asserts a 200.
    func assertSucceeds(
        _ p: UpstreamPipeline, _ path: String = "/breeds/list/all", file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await Self.call(p, path)
        XCTAssertEqual(response.status, 200, file: file, line: line)
    }

    func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    func testBlipOfTwoFailingCallsDoesNotFailCallsAfterRecovery() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream, retry: threeAttempts)
        upstream.down = true
        for _ in 0..<2 { await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE") }
        XCTAssertEqual(upstream.exchanges, 6)
        XCTAssertEqual(p.breaker.state, .closed)
        upstream.down = false
        try await assertSucceeds(p) // at once
        now.advance(.seconds(2))
        for _ in 0..<3 { try await assertSucceeds(p) }
        XCTAssertEqual(p.counters.values.breakerRejections, 0)
    }

    func testALargerBlipCostsAtMostTheFirstSecond() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream)
        upstream.down = true
        for index in 0..<6 {
            await XCTAssertThrowsUpstream(
                try await Self.call(p, "/breed/b\(index)/images"), code: "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(p.breaker.state, .open)
        upstream.down = false
        now.advance(.milliseconds(500))
        await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE") // still open, no call
        XCTAssertEqual(upstream.exchanges, 5)
        now.advance(.milliseconds(1500)) // 2 s after recovery
        for _ in 0..<3 { try await assertSucceeds(p) }
        XCTAssertEqual(p.breaker.state, .closed)
    }

    func testRetriesOfOneCallCountOnce() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream, retry: threeAttempts)
        upstream.down = true
        for _ in 0..<4 { await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE") }
        XCTAssertEqual(upstream.exchanges, 12)
        XCTAssertEqual(p.breaker.state, .closed, "12 failed attempts are 4 failed calls, under the minimum of 5")
        await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(p.breaker.state, .open)
        XCTAssertEqual(upstream.exchanges, 15)
        await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(upstream.exchanges, 15, "an open breaker makes no call")
        XCTAssertEqual(p.counters.values.breakerRejections, 1)
        // Recovery.
        upstream.down = false
        now.advance(.seconds(1))
        try await assertSucceeds(p)
        XCTAssertEqual(p.breaker.state, .closed)
    }

    func testSustainedOutageOpensForGrowingIntervalsAndAProbeClosesIt() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream)
        upstream.down = true
        upstream.state.withLock { $0.refuse = true } // connection errors count like 503s
        for index in 0..<5 {
            await XCTAssertThrowsUpstream(try await Self.call(p, "/x\(index)"), code: "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(p.breaker.state, .open)
        var intervals: [Duration] = []
        for _ in 0..<7 {
            let interval = p.breaker.openDuration
            intervals.append(interval)
            let exchanges = upstream.exchanges
            now.advance(interval - .milliseconds(10))
            await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(upstream.exchanges, exchanges, "open: no upstream call")
            now.advance(.milliseconds(10))
            XCTAssertEqual(p.breaker.state, .halfOpen)
            await XCTAssertThrowsUpstream(try await Self.call(p), code: "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(upstream.exchanges, exchanges + 1, "half-open: one probe")
            XCTAssertEqual(p.breaker.state, .open)
        }
        XCTAssertEqual(intervals, [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        XCTAssertTrue(
            UpstreamMetricsText.render(pipelines: [p], prefix: "menagerie").contains(
                "menagerie_upstream_breaker_state{upstream=\"dog-ceo\"} 1\n"))

        // The upstream is back: the next probe closes the breaker, and calls flow again.
        upstream.down = false
        now.advance(.seconds(30))
        try await assertSucceeds(p)
        XCTAssertEqual(p.breaker.state, .closed)
        try await assertSucceeds(p)
        let metrics = UpstreamMetricsText.render(pipelines: [p], prefix: "menagerie")
        for line in [
            "menagerie_upstream_breaker_state{upstream=\"dog-ceo\"} 0",
            "menagerie_upstream_breaker_transitions_total{upstream=\"dog-ceo\",to=\"open\"} 8",
            "menagerie_upstream_breaker_transitions_total{upstream=\"dog-ceo\",to=\"half_open\"} 8",
            "menagerie_upstream_breaker_transitions_total{upstream=\"dog-ceo\",to=\"closed\"} 1",
            "# TYPE menagerie_upstream_breaker_transitions_total counter"
        ] {
            XCTAssertTrue(metrics.contains(line + "\n"), "missing: \(line)")
        }

        // A later outage starts again at 1 s.
        upstream.down = true
        for index in 0..<5 {
            await XCTAssertThrowsUpstream(try await Self.call(p, "/y\(index)"), code: "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(p.breaker.state, .open)
        XCTAssertEqual(p.breaker.openDuration, .seconds(1))
    }

    func testHalfOpenLetsOneProbeThroughAtATime() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream)
        upstream.down = true
        for index in 0..<5 {
            await XCTAssertThrowsUpstream(try await Self.call(p, "/x\(index)"), code: "UPSTREAM_UNAVAILABLE")
        }
        upstream.down = false
        now.advance(.seconds(1))
        upstream.held = true
        let entered = upstream.entered
        let probe = Task { try await BreakerTests.call(p, "/probe") }
        await waitUntil { upstream.entered == entered + 1 }
        await XCTAssertThrowsUpstream(try await Self.call(p, "/other"), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(p.counters.values.breakerRejections, 1)
        upstream.held = false
        let probed = try await probe.value
        XCTAssertEqual(probed.status, 200)
        XCTAssertEqual(p.breaker.state, .closed)
        try await assertSucceeds(p, "/other")
    }

    func testTheFailureRateIsJudgedOverARollingWindow() async throws {
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream)
        // 6 successes then 5 failures: 45 % of 11 calls do not open it.
        for index in 0..<11 {
            upstream.down = index >= 6
            _ = try? await Self.call(p, "/r\(index)")
        }
        XCTAssertEqual(p.breaker.state, .closed)
        // Failures older than the 10 s window are forgotten...
        now.advance(.seconds(11))
        upstream.down = true
        for index in 0..<4 { _ = try? await Self.call(p, "/a\(index)") }
        XCTAssertEqual(p.breaker.state, .closed)
        now.advance(.seconds(11))
        for index in 0..<4 { _ = try? await Self.call(p, "/b\(index)") }
        XCTAssertEqual(p.breaker.state, .closed)
        // ...while 5 in the window open it.
        now.advance(.seconds(5))
        _ = try? await Self.call(p, "/c")
        XCTAssertEqual(p.breaker.state, .open)
        // Recovery.
        upstream.down = false
        now.advance(.seconds(1))
        try await assertSucceeds(p)
    }

    func testNotFoundAnswersNeverOpenIt() async throws {
        let p = UpstreamPipeline(
            upstream: "zoo", transport: ClosureTransport { _ in UpstreamResponse(status: 404, text: "no") },
            settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled), clock: now.clock)
        for index in 0..<20 {
            _ = try await p.send(UpstreamRequest(url: "http://zoo.invalid/animals/\(index)"), cache: .never)
        }
        XCTAssertEqual(p.breaker.state, .closed)
    }

    func testConcurrentDistinctCallsCountApartAndDeduplicatedCallsOnce() async throws {
        // Six concurrent failing calls of different URLs are six failures: the breaker opens.
        let upstream = SwitchableUpstream()
        let p = pipeline(upstream)
        upstream.down = true
        let codes = await withTaskGroup(of: String.self) { group in
            for index in 0..<6 {
                group.addTask {
                    do {
                        _ = try await BreakerTests.call(p, "/breed/b\(index)/images")
                        return "ok"
                    } catch {
                        return (error as? UpstreamError)?.code ?? "\(error)"
                    }
                }
            }
            var all: [String] = []
            for await code in group { all.append(code) }
            return all
        }
        XCTAssertEqual(codes, Array(repeating: "UPSTREAM_UNAVAILABLE", count: 6))
        XCTAssertEqual(p.breaker.state, .open)

        // Five identical concurrent calls share one upstream call: one failure.
        let other = SwitchableUpstream()
        let q = pipeline(other)
        other.down = true
        other.held = true
        let waiters = (0..<5).map { _ in Task { try await BreakerTests.call(q, cache: BreakerTests.sharedOnly) } }
        await waitUntil { q.inFlight.waiting == 5 }
        other.held = false
        for waiter in waiters {
            let result = await waiter.result
            XCTAssertEqual((result.failure as? UpstreamError)?.code, "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(other.exchanges, 1)
        for index in 0..<3 {
            await XCTAssertThrowsUpstream(try await Self.call(q, "/z\(index)"), code: "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(q.breaker.state, .closed, "1 shared call + 3 calls = 4 failures")
        // Recovery.
        other.down = false
        try await assertSucceeds(q)
    }

    func testPolicyNumbers() {
        let policy = BreakerPolicy()
        XCTAssertEqual(policy.window, .seconds(10))
        XCTAssertEqual(policy.minimumCalls, 5)
        XCTAssertEqual(policy.failureRate, 0.5)
        XCTAssertEqual(
            (0..<8).map { policy.openDuration(afterFailedProbes: $0) },
            [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
        XCTAssertEqual(BreakerPolicy.disabled.minimumCalls, .max)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
