import Clocks
import Foundation
import Locking
import UpstreamStubs
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// What is derived from an upstream answer is computed once per answer: every request the
/// cached answer serves (fresh, or stale after a failure) shares it, a refreshed answer
/// derives again.
final class DerivedAnswerTests: XCTestCase {
    /// A derived value with identity.
    final class Index: Sendable {
        let count: Int
        init(_ count: Int) { self.count = count }
    }

    /// A counter tasks share.
    final class Counter: Sendable {
        private let count = Locked(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// Another derivation of the same answer.
    final class Other: Sendable {}

    func pipeline(_ server: StubServer, clock: MonotonicClock) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: "zoo", transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled), clock: clock)
    }

    let decodeText: @Sendable (UpstreamResponse) -> String = { String(decoding: $0.body, as: UTF8.self) }

    func testDerivedOncePerCachedAnswerAndAgainAfterRefresh() async throws {
        let now = TestClock()
        let server = try StubServer { _ in .json("[1,2,3]") }
        defer { server.stop() }
        let p = pipeline(server, clock: now.clock)
        let request = UpstreamRequest(url: server.baseURL + "/animals")
        let policy = CachePolicy(defaultTTL: .seconds(60))
        let derivations = Locked(0)
        func index(_ answer: UpstreamAnswer<String>) -> Index {
            answer.derived(as: Index.self) { text in
                derivations.withLock { $0 += 1 }
                return Index(text.count)
            }
        }

        let first = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        let second = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        XCTAssertTrue(first === second, "one answer object per cache entry")
        let firstIndex = index(first)
        XCTAssertTrue(index(second) === firstIndex, "the derived value is shared while the answer is fresh")
        XCTAssertEqual(firstIndex.count, 7)
        XCTAssertEqual(derivations.withLock { $0 }, 1)
        XCTAssertEqual(p.counters.values.derivations, 1)
        XCTAssertEqual(first.derivedCount, 1)
        // Another derived type of the same answer is its own value.
        _ = first.derived(as: Other.self) { _ in Other() }
        XCTAssertEqual(first.derivedCount, 2)
        XCTAssertEqual(p.counters.values.derivations, 2)

        now.advance(.seconds(61)) // expired: fetched again, a new answer, derived again
        let refreshed = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        XCTAssertFalse(refreshed === first)
        XCTAssertFalse(index(refreshed) === firstIndex)
        XCTAssertEqual(derivations.withLock { $0 }, 2)
        let refreshedAgain = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        XCTAssertTrue(index(refreshedAgain) === index(refreshed))
        XCTAssertEqual(derivations.withLock { $0 }, 2)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testStaleAnswerKeepsWhatWasDerived() async throws {
        let now = TestClock()
        let failing = Locked(false)
        let server = try StubServer { _ in failing.withLock { $0 } ? .json("{}", status: 503) : .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server, clock: now.clock)
        let request = UpstreamRequest(url: server.baseURL + "/animals")
        let policy = CachePolicy(defaultTTL: .seconds(60), staleIfError: .seconds(600))
        let fresh = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        let derived = fresh.derived(as: Index.self) { Index($0.count) }
        failing.withLock { $0 = true }
        now.advance(.seconds(61))
        let stale = try await p.fetchDecodedAnswer(request, cache: policy, decode: decodeText)
        XCTAssertEqual(p.counters.values.staleServed, 1)
        XCTAssertTrue(stale === fresh)
        XCTAssertTrue(stale.derived(as: Index.self) { _ in Index(-1) } === derived)
        XCTAssertEqual(p.counters.values.derivations, 1)
    }

    func testUncachedAnswersAreNotShared() async throws {
        let server = try StubServer { _ in .json("[1]") }
        defer { server.stop() }
        let p = pipeline(server, clock: .system)
        let request = UpstreamRequest(url: server.baseURL + "/animals/rand/3")
        let first = try await p.fetchDecodedAnswer(request, cache: .never, decode: decodeText)
        let second = try await p.fetchDecodedAnswer(request, cache: .never, decode: decodeText)
        XCTAssertFalse(first === second)
        XCTAssertFalse(
            first.derived(as: Index.self) { Index($0.count) } === second.derived(as: Index.self) { Index($0.count) })
    }

    func testConcurrentFirstCallersShareOneDerivation() async throws {
        let answer = UpstreamAnswer([Int](0..<1000))
        let derivations = Counter()
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let index = answer.derived(as: Index.self) { values in
                        derivations.increment()
                        usleep(2_000) // long enough for the others to arrive meanwhile
                        return Index(values.reduce(0, +))
                    }
                    return ObjectIdentifier(index)
                }
            }
            var all = Set<ObjectIdentifier>()
            for await identity in group { all.insert(identity) }
            return all
        }
        XCTAssertEqual(identities.count, 1)
        XCTAssertEqual(derivations.value, 1)
        XCTAssertEqual(answer.derived(as: Index.self) { _ in Index(0) }.count, 499_500)
    }

    func testAFailedDerivationIsNotKept() {
        struct Refused: Error {}
        let answer = UpstreamAnswer("x")
        XCTAssertThrowsError(try answer.derived(as: Index.self) { _ in throw Refused() })
        XCTAssertEqual(answer.derivedCount, 0)
        let index = answer.derived(as: Index.self) { _ in Index(1) }
        XCTAssertEqual(index.count, 1)
        XCTAssertEqual(answer.derivedCount, 1)
    }

    func testADerivationMayDeriveAnotherTypeOfTheSameAnswer() {
        let answer = UpstreamAnswer([3, 1, 2])
        let index = answer.derived(as: Index.self) { values in
            let sorted = answer.derivedAnswer(as: [Int].self) { $0.sorted() }
            return Index(sorted.value.first ?? 0)
        }
        XCTAssertEqual(index.count, 1)
        XCTAssertEqual(answer.derivedCount, 2)
    }
}
