import Clocks
import Foundation
import Locking
import UpstreamStubs
@testable import Upstreams
import XCTest

/// `Retry-After` as delta-seconds and as an HTTP-date (RFC 9110 §10.2.3, §5.6.7).
final class RetryAfterTests: XCTestCase {
    /// 2026-11-22T03:30:00Z.
    let now = Duration.seconds(1_795_318_200)

    func testDateFormsAllGiveTheSameInstant() {
        let expected: Int64 = 784_111_777 // 1994-11-06T08:49:37Z
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT", // IMF-fixdate
            "Sunday, 06-Nov-94 08:49:37 GMT", // RFC 850
            "Sun Nov  6 08:49:37 1994", // asctime
            "Sun Nov 06 08:49:37 1994",
            "sun, 06 nov 1994 08:49:37 gmt", // lenient: case
            "Sun,  6 Nov 1994 08:49:37 GMT", // lenient: one-digit day, extra space
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Mon, 06 Nov 1994 08:49:37 GMT", // the weekday is not checked
            "Sunday, 06-Nov-1994 08:49:37 GMT", // RFC 850 with a four-digit year
            "  Sun, 06 Nov 1994 08:49:37 GMT "
        ] {
            XCTAssertEqual(HTTPDate.parse(text, now: now), expected, text)
        }
    }

    func testKnownInstants() {
        XCTAssertEqual(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT", now: now), 0)
        XCTAssertEqual(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT", now: now), 1_709_251_199)
        XCTAssertEqual(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now), 253_402_300_799)
        XCTAssertEqual(HTTPDate.parse("Mon, 01 Jan 0001 00:00:00 GMT", now: now), -62_135_596_800)
        XCTAssertEqual(HTTPDate.parse("Sun, 22 Nov 2026 03:30:00 GMT", now: now), now.components.seconds)
        // A leap second.
        XCTAssertEqual(HTTPDate.parse("Sun, 22 Nov 2026 03:30:60 GMT", now: now), now.components.seconds + 60)
    }

    func testTwoDigitYearsAreAtMostFiftyYearsAhead() {
        // now is 2026: 76 is 2076 (50 years ahead), 77 is 1977.
        XCTAssertEqual(HTTPDate.fullYear(twoDigits: 26, now: now), 2026)
        XCTAssertEqual(HTTPDate.fullYear(twoDigits: 76, now: now), 2076)
        XCTAssertEqual(HTTPDate.fullYear(twoDigits: 77, now: now), 1977)
        XCTAssertEqual(HTTPDate.fullYear(twoDigits: 94, now: now), 1994)
        XCTAssertEqual(HTTPDate.fullYear(twoDigits: 0, now: now), 2000)
        XCTAssertEqual(
            HTTPDate.parse("Wednesday, 22-Nov-34 03:30:00 GMT", now: now),
            HTTPDate.parse("Wed, 22 Nov 2034 03:30:00 GMT", now: now))
    }

    func testMalformedDatesAreRejected() {
        for text in [
            "", "GMT", "Sun, 06 Nov 1994", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 PST",
            "Sun, 06 Nov 1994 08:49:37 +0000", "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 29 Feb 2023 08:49:37 GMT",
            "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:61 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
            "Sun, 06 Nov 19945 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "Sunny, 06 Nov 1994 08:49:37 GMT",
            "06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT extra", "Sun, 123 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-945 08:49:37 GMT", "Sun Nov  6 08:49:37 94", "Sun Nov  6 08:49:37",
            "Sun Nov  6 08:49:37 1994 GMT",
            "Sun, 06 Nov 0000 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMTGMTGMTGMT", "Sün, 06 Nov 1994 08:49:37 GMT",
            "120", "1.5"
        ] {
            XCTAssertNil(HTTPDate.parse(text, now: now), text)
        }
    }

    func testRetryAfterHeaderValues() {
        XCTAssertNil(RetryPolicy.retryAfter(nil, now: now))
        XCTAssertNil(RetryPolicy.retryAfter("", now: now))
        XCTAssertNil(RetryPolicy.retryAfter("soon", now: now))
        XCTAssertNil(RetryPolicy.retryAfter("-5", now: now))
        XCTAssertNil(RetryPolicy.retryAfter("1.5", now: now))
        XCTAssertEqual(RetryPolicy.retryAfter("0", now: now), .zero)
        XCTAssertEqual(RetryPolicy.retryAfter(" 120 ", now: now), .seconds(120))
        XCTAssertEqual(RetryPolicy.retryAfter("99999999999999999999999", now: now), .clampedSeconds(Int.max))
        // Dates: relative to now; in the past is 0.
        XCTAssertEqual(RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:30:02 GMT", now: now), .seconds(2))
        XCTAssertEqual(
            RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:30:02 GMT", now: now + .milliseconds(500)), .milliseconds(1500))
        XCTAssertEqual(RetryPolicy.retryAfter("Sunday, 22-Nov-26 04:30:00 GMT", now: now), .seconds(3600))
        XCTAssertEqual(RetryPolicy.retryAfter("Sun Nov 22 03:31:00 2026", now: now), .seconds(60))
        XCTAssertEqual(RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:29:00 GMT", now: now), .zero)
        XCTAssertEqual(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now), .zero)
        XCTAssertNil(RetryPolicy.retryAfter("Sun, 32 Nov 2026 03:30:02 GMT", now: now))
    }

    func testDelayHonoursDatesWithinTheCapAndStopsBeyondIt() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .zero, maxDelay: .seconds(2))
        let soon = RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:30:01 GMT", now: now)
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: soon), .seconds(1))
        let past = RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:00:00 GMT", now: now)
        XCTAssertEqual(policy.delay(beforeRetry: 1, retryAfter: past), .zero)
        let late = RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:30:03 GMT", now: now)
        XCTAssertNil(policy.delay(beforeRetry: 1, retryAfter: late))
        XCTAssertNil(policy.delay(beforeRetry: 1, retryAfter: .clampedSeconds(Int.max)))
    }

    /// A stub answering 429 with `Retry-After: value` to its first request, then 200.
    func rateLimitedOnce(_ value: String) throws -> StubServer {
        let seen = Locked(0)
        return try StubServer { _ in
            let first = seen.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            return first ? .text("Too many requests", status: 429, headers: [("Retry-After", value)]) : .json("[1]")
        }
    }

    func pipeline(wallClock: Duration) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: "dnd5e",
            transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(
                timeout: .seconds(5),
                retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(50))),
            wallClock: WallClock { wallClock }
        )
    }

    func testPipelineRetriesAtOnceAfterADateInThePast() async throws {
        let server = try rateLimitedOnce("Sun, 22 Nov 2026 03:29:59 GMT")
        defer { server.stop() }
        let p = pipeline(wallClock: now)
        let response = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requestCount, 2)
        XCTAssertEqual(p.counters.values.retries, 1)
    }

    func testPipelineGivesUpWhenTheDateIsBeyondTheCap() async throws {
        let server = try rateLimitedOnce("Sun, 22 Nov 2026 03:30:10 GMT")
        defer { server.stop() }
        let p = pipeline(wallClock: now)
        do {
            _ = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.status, 429)
        }
        XCTAssertEqual(server.requestCount, 1)
        XCTAssertEqual(p.counters.values.retries, 0)
    }

    func testPipelineWaitsForADateWithinTheCap() async throws {
        // 0.04 s ahead of the (fixed) wall clock, within the 0.05 s cap: retried.
        let server = try rateLimitedOnce("Sun, 22 Nov 2026 03:30:01 GMT")
        defer { server.stop() }
        let p = pipeline(wallClock: now + .milliseconds(960))
        let response = try await p.fetch(UpstreamRequest(url: server.baseURL + "/x"), cache: .never)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requestCount, 2)
    }
}
