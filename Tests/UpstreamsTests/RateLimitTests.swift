import Clocks
import Locking
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// The outbound pace (``RatePolicy``, `429 Retry-After`): sends wait their turn, shared by every
/// caller; a turn further away than the timeout is refused at once. Counts, never time.
final class RateLimitTests: XCTestCase {
    func pipeline(
        rate: RatePolicy?, timeout: Duration = .seconds(5),
        answer: @escaping @Sendable (UpstreamRequest) -> UpstreamResponse
    )
        -> (UpstreamPipeline, Count)
    {
        let sent = Count()
        let transport = ClosureTransport { request in
            sent.add()
            return answer(request)
        }
        var settings = UpstreamSettings(timeout: timeout, rate: rate)
        settings.retry.maxAttempts = 1
        return (UpstreamPipeline(upstream: UpstreamName("test"), transport: transport, settings: settings), sent)
    }

    func testSendsPastTheBurstWaitTheirTurn() async throws {
        let (p, _) = pipeline(rate: RatePolicy(perSecond: 50, burst: 2)) { _ in
            UpstreamResponse(status: 200, text: "ok")
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<5 {
                group.addTask {
                    try await p.send(UpstreamRequest(url: "http://test.invalid/\(index)"), cache: .never).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses, [200, 200, 200, 200, 200])
        XCTAssertEqual(p.counters.values.rateWaits, 3, "two at once, three waited")
        XCTAssertEqual(p.counters.values.requests, 5)
    }

    func testATurnBeyondTheTimeoutIsRefusedAtOnce() async throws {
        let (p, sent) = pipeline(rate: RatePolicy(count: 1, per: .seconds(3600)), timeout: .seconds(1)) { _ in
            UpstreamResponse(status: 200, text: "ok")
        }
        _ = try await p.send(UpstreamRequest(url: "http://test.invalid/a"), cache: .never)
        await XCTAssertThrowsUpstream(
            try await p.send(UpstreamRequest(url: "http://test.invalid/b"), cache: .never),
            code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(sent.value, 1)
        XCTAssertEqual(p.counters.values.rateRefusals, 1)
    }

    func testA429RetryAfterPausesEverySend() async throws {
        let answered = Locked(0)
        let (p, sent) = pipeline(rate: nil) { _ in
            let first = answered.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            return first
                ? UpstreamResponse(status: 429, headers: [UpstreamHeader("Retry-After", "1")], text: "slow down")
                : UpstreamResponse(status: 200, text: "ok")
        }
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: "http://test.invalid/a"), cache: .never),
            code: "UPSTREAM_UNAVAILABLE")
        // Another request, during the pause: it waits for the pause, then goes.
        let response = try await p.fetch(UpstreamRequest(url: "http://test.invalid/b"), cache: .never)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(p.counters.values.rateWaits, 1)
        XCTAssertEqual(sent.value, 2)
    }

    func testAPauseLongerThanTheTimeoutRefusesAtOnce() async throws {
        let (p, sent) = pipeline(rate: nil, timeout: .seconds(1)) { _ in
            UpstreamResponse(status: 429, headers: [UpstreamHeader("Retry-After", "120")], text: "slow down")
        }
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: "http://test.invalid/a"), cache: .never),
            code: "UPSTREAM_UNAVAILABLE")
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: "http://test.invalid/b"), cache: .never),
            code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(sent.value, 1, "the second call was not sent during the pause")
        XCTAssertEqual(p.counters.values.rateRefusals, 1)
    }
}

/// A count shared by a transport and its test.
final class Count: Sendable {
    private let storage = Locked(0)
    func add() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
