import Clocks
import Foundation
import Locking
import UpstreamStubs
@testable import Upstreams
import UpstreamTestSupport
import XCTest

final class PipelineTests: XCTestCase {
    func fastRetry(_ attempts: Int = 3) -> RetryPolicy {
        RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(1), maxDelay: .milliseconds(50))
    }

    func pipeline(
        _ server: StubServer, timeout: Duration = .seconds(5), retry: RetryPolicy? = nil,
        breaker: BreakerPolicy = BreakerPolicy(), clock: MonotonicClock = .system
    ) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: "dog-ceo",
            transport: URLSessionTransport(timeout: timeout),
            settings: UpstreamSettings(timeout: timeout, retry: retry ?? fastRetry(), breaker: breaker),
            clock: clock
        )
    }

    func testLiveTransportRoundTrip() async throws {
        let server = try StubServer { request in
            .json("{\"echo\":\"\(request.method) \(request.target) \(request.header("x-test") ?? "")\"}")
        }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: .seconds(5))
        let response = try await transport.send(
            UpstreamRequest(url: server.baseURL + "/a/b?c=1", headers: [UpstreamHeader("X-Test", "yes")]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{\"echo\":\"GET /a/b?c=1 yes\"}")
        XCTAssertEqual(response.header("content-type"), "application/json")
    }

    func testCacheHitAvoidsSecondCall() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server)
        let request = UpstreamRequest(url: server.baseURL + "/breeds/list/all")
        let policy = CachePolicy(defaultTTL: .seconds(3600))
        _ = try await p.fetch(request, cache: policy)
        _ = try await p.fetch(request, cache: policy)
        XCTAssertEqual(server.requestCount, 1)
        XCTAssertEqual(p.counters.values.cacheHits, 1)
        XCTAssertEqual(p.counters.values.cacheMisses, 1)
    }

    func testDecodedValueIsReusedWhileCached() async throws {
        let now = TestClock()
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server, clock: now.clock)
        let decodes = Locked(0)
        let request = UpstreamRequest(url: server.baseURL + "/list")
        let policy = CachePolicy(defaultTTL: .seconds(60))
        for _ in 0..<3 {
            let value = try await p.fetchDecodedAnswer(request, cache: policy) { response -> String in
                decodes.withLock { $0 += 1 }
                return String(decoding: response.body, as: UTF8.self)
            }.value
            XCTAssertEqual(value, "[1]")
        }
        XCTAssertEqual(decodes.withLock { $0 }, 1)
        now.advance(.seconds(61)) // expired: fetched and decoded again
        _ = try await p.fetchDecodedAnswer(request, cache: policy) { _ in decodes.withLock { $0 += 1 } }
        XCTAssertEqual(decodes.withLock { $0 }, 2)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testNeverPolicyCallsEveryTime() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server)
        let request = UpstreamRequest(url: server.baseURL + "/breeds/image/random")
        _ = try await p.fetch(request, cache: .never)
        _ = try await p.fetch(request, cache: .never)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testCacheControlMaxAgeSetsTTLAndNoStoreDisablesCaching() async throws {
        let now = TestClock()
        let server = try StubServer { request in
            request.path == "/short"
                ? .json("1", headers: [("Cache-Control", "public, max-age=60")])
                : .json("2", headers: [("Cache-Control", "no-store")])
        }
        defer { server.stop() }
        let p = pipeline(server, clock: now.clock)
        let policy = CachePolicy(defaultTTL: .seconds(3600))
        let short = UpstreamRequest(url: server.baseURL + "/short")
        _ = try await p.fetch(short, cache: policy)
        now.advance(.seconds(59))
        _ = try await p.fetch(short, cache: policy)
        XCTAssertEqual(server.count(path: "/short"), 1)
        now.advance(.seconds(2))
        _ = try await p.fetch(short, cache: policy)
        XCTAssertEqual(server.count(path: "/short"), 2)
        let noStore = UpstreamRequest(url: server.baseURL + "/nostore")
        _ = try await p.fetch(noStore, cache: policy)
        _ = try await p.fetch(noStore, cache: policy)
        XCTAssertEqual(server.count(path: "/nostore"), 2)
    }

    func testConcurrentIdenticalRequestsShareOneCall() async throws {
        let server = try StubServer { _ in .json("[1]", delay: 0.3) }
        defer { server.stop() }
        let p = pipeline(server)
        let request = UpstreamRequest(url: server.baseURL + "/breeds/list/all")
        let policy = CachePolicy(defaultTTL: .zero, honoursCacheControl: false) // dedupe only, no caching
        let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<5 { group.addTask { try await p.fetch(request, cache: policy).body } }
            var all: [[UInt8]] = []
            for try await body in group { all.append(body) }
            return all
        }
        XCTAssertEqual(bodies.count, 5)
        XCTAssertEqual(server.requestCount, 1)
        XCTAssertEqual(p.counters.values.deduplicated, 4)
        // Once finished, the next request goes out again (nothing cached).
        _ = try await p.fetch(request, cache: policy)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testThreeSlowUpstreamsAnswerTogether() async throws {
        let inProgress = Locked((now: 0, peak: 0))
        let servers = try (0..<3).map { _ in
            try StubServer { _ in
                inProgress.withLock {
                    $0.now += 1; $0.peak = max($0.peak, $0.now)
                }
                usleep(300_000)
                inProgress.withLock { $0.now -= 1 }
                return .json("[]")
            }
        }
        defer { servers.forEach { $0.stop() } }
        let pipelines = servers.map { pipeline($0) }
        let started = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (server, p) in zip(servers, pipelines) {
                group.addTask { _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never) }
            }
            try await group.waitForAll()
        }
        let elapsed = Date().timeIntervalSince(started)
        // All three upstreams were working at the same time...
        XCTAssertEqual(inProgress.withLock { $0.peak }, 3)
        // ...so the whole took about 0.3 s, not the 0.9 s of sequential calls.
        XCTAssertLessThan(elapsed, 0.85, "took \(elapsed) s")
        XCTAssertEqual(servers.map(\.requestCount), [1, 1, 1])
    }

    func testServerErrorIsRetriedThenSucceeds() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .first(2, .serverError)
        let p = pipeline(server)
        let response = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requestCount, 3)
        XCTAssertEqual(p.counters.values.retries, 2)
    }

    func testPersistentServerErrorIsUnavailableAfterBoundedRetries() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .serverError
        let p = pipeline(server)
        do {
            _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.status, 500)
            XCTAssertEqual(error.upstream, "dog-ceo")
        }
        XCTAssertEqual(server.requestCount, 3)
    }

    func testOversizedResponseIsBadResponse() async throws {
        let server = try StubServer { _ in .json("[" + String(repeating: "1,", count: 600) + "1]") }
        defer { server.stop() }
        let p = UpstreamPipeline(
            upstream: "zoo", transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), maxResponseBytes: 1000))
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never), code: "UPSTREAM_BAD_RESPONSE"
        )
        XCTAssertEqual(server.requestCount, 1)
    }

    func testPostIsNotRetried() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .serverError
        let p = pipeline(server)
        let request = UpstreamRequest(method: "POST", url: server.baseURL + "/x", body: Array("{}".utf8))
        await XCTAssertThrowsUpstream(try await p.fetch(request, cache: .never), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(server.requestCount, 1)
    }

    func testRetryAfterIsHonouredAndTooLongRetryAfterStops() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .first(1, .rateLimited(retryAfter: 0))
        let p = pipeline(server)
        let response = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requestCount, 2)

        let other = try StubServer { _ in .json("[1]") }
        defer { other.stop() }
        other.fault = .rateLimited(retryAfter: 3600)
        let q = pipeline(other)
        do {
            _ = try await q.fetch(UpstreamRequest(url: other.baseURL + "/x"), cache: .never)
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.status, 429)
        }
        XCTAssertEqual(other.requestCount, 1)
    }

    func testConnectionRefusedIsUnavailable() async throws {
        let server = try StubServer { _ in .json("[1]") }
        let url = server.baseURL + "/x"
        server.stop()
        let p = UpstreamPipeline(
            upstream: "zoo", transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: fastRetry()))
        do {
            _ = try await p.fetch(UpstreamRequest(url: url), cache: .never)
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.upstream, "zoo")
            XCTAssertFalse(error.message.contains("127.0.0.1"))
        }
        XCTAssertEqual(p.counters.values.requests, 3)
        XCTAssertEqual(p.counters.values.retries, 2)
    }

    func testClosedConnectionIsUnavailable() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .close
        let p = pipeline(server, retry: .disabled)
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(server.requestCount, 1)
    }

    func testHangingUpstreamTimesOut() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .hang
        let p = pipeline(server, timeout: .milliseconds(300))
        do {
            _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_TIMEOUT")
            XCTAssertEqual(error.kind, .timeout)
        }
        // A timeout is not retried.
        XCTAssertEqual(server.requestCount, 1)
    }

    func testSlowUpstreamBeyondTimeoutTimesOutAndWithinTimeoutAnswers() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .slow(0.5)
        let tight = pipeline(server, timeout: .milliseconds(200))
        await XCTAssertThrowsUpstream(
            try await tight.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never), code: "UPSTREAM_TIMEOUT")
        let relaxed = pipeline(server, timeout: .seconds(5))
        let response = try await relaxed.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
        XCTAssertEqual(response.status, 200)
    }

    func testStaleIfErrorServesTheExpiredResponseWithinItsBound() async throws {
        let now = TestClock()
        let server = try StubServer { _ in .json("[\"fresh\"]") }
        defer { server.stop() }
        let p = pipeline(server, retry: .disabled, clock: now.clock)
        let policy = CachePolicy(defaultTTL: .seconds(10), honoursCacheControl: false, staleIfError: .seconds(100))
        let request = UpstreamRequest(url: server.baseURL + "/list")
        let first = try await p.fetch(request, cache: policy)
        now.advance(.seconds(50)) // expired, within the stale bound
        server.fault = .serverError
        let stale = try await p.fetch(request, cache: policy)
        XCTAssertEqual(stale.body, first.body)
        XCTAssertEqual(p.counters.values.staleServed, 1)
        now.advance(.seconds(100)) // beyond the bound
        await XCTAssertThrowsUpstream(try await p.fetch(request, cache: policy), code: "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(server.requestCount, 3)
    }

    func testRetryBudgetBoundsRetriesAcrossRequests() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        server.fault = .serverError
        let retry = RetryPolicy(
            maxAttempts: 5, baseDelay: .milliseconds(1), maxDelay: .milliseconds(10), budgetCapacity: 3,
            budgetRefillPerSuccess: 0)
        let p = UpstreamPipeline(
            upstream: "zoo", transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: retry, breaker: .disabled))
        for _ in 0..<3 {
            await XCTAssertThrowsUpstream(
                try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never),
                code: "UPSTREAM_UNAVAILABLE")
        }
        XCTAssertEqual(p.counters.values.retries, 3)
        XCTAssertEqual(server.requestCount, 6)
    }

    func testPrometheusTextHasEveryFamily() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server)
        _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: CachePolicy(defaultTTL: .seconds(60)))
        _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: CachePolicy(defaultTTL: .seconds(60)))
        let loaders = LoaderMetrics()
        loaders.record(loader: "monster", size: 3)
        let text = UpstreamMetricsText.render(pipelines: [p], loaders: loaders, prefix: "menagerie")
        for line in [
            "menagerie_upstream_requests_total{upstream=\"dog-ceo\"} 1",
            "menagerie_upstream_cache_hits_total{upstream=\"dog-ceo\"} 1",
            "menagerie_upstream_cache_misses_total{upstream=\"dog-ceo\"} 1",
            "menagerie_upstream_retries_total{upstream=\"dog-ceo\"} 0",
            "menagerie_upstream_breaker_state{upstream=\"dog-ceo\"} 0",
            "menagerie_upstream_errors_total{upstream=\"dog-ceo\",code=\"UPSTREAM_TIMEOUT\"} 0",
            "menagerie_loader_batches_total{loader=\"monster\"} 1",
            "menagerie_loader_batch_keys_total{loader=\"monster\"} 3",
            "# TYPE menagerie_upstream_breaker_state gauge"
        ] {
            XCTAssertTrue(text.contains(line + "\n"), "missing: \(line)")
        }
    }
}
