import Foundation
import Locking
@testable import Upstreams
import XCTest

/// A cancelled upstream call stops at once: the caller gets `CancellationError` (never a
/// timeout or a trap) and the transport's work is cancelled, unless another caller still
/// waits for the same shared call.
final class UpstreamCancellationTests: XCTestCase {
    /// A transport that holds each request until the test opens the gate (or the request is
    /// cancelled), recording how each ended.
    final class GatedTransport: Transport, Sendable {
        struct State {
            var entered = 0
            var gateOpen = false
            var ended: [String] = []
        }

        let state = Locked(State())

        func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
            state.withLock { $0.entered += 1 }
            while !state.withLock({ $0.gateOpen }) {
                do {
                    try await Task.sleep(for: .milliseconds(2))
                } catch {
                    state.withLock { $0.ended.append("cancelled") }
                    throw error
                }
            }
            state.withLock { $0.ended.append("answered") }
            return UpstreamResponse(status: 200, body: Array("[1]".utf8))
        }

        var entered: Int { state.withLock { $0.entered } }
        var ended: [String] { state.withLock { $0.ended } }
        func open() { state.withLock { $0.gateOpen = true } }
    }

    func pipeline(_ transport: GatedTransport) -> UpstreamPipeline {
        UpstreamPipeline(
            upstream: "zoo", transport: transport,
            settings: UpstreamSettings(timeout: .seconds(60), retry: .disabled))
    }

    func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    func assertCancellation<T>(_ result: Result<T, any Error>, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = result else {
            return XCTFail("expected CancellationError", file: file, line: line)
        }
        XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
    }

    let request = UpstreamRequest(url: "http://zoo.invalid/animals")
    /// Shared among identical concurrent requests, never cached.
    let sharedOnly = CachePolicy(defaultTTL: .zero, honoursCacheControl: false, staleIfError: .zero)

    func testCancelledCallStopsAtOnce() async {
        for policy in [CachePolicy.never, sharedOnly] {
            let transport = GatedTransport()
            let p = pipeline(transport)
            let request = self.request
            let call = Task { try await p.fetch(request, cache: policy) }
            await waitUntil { transport.entered == 1 }
            call.cancel()
            assertCancellation(await call.result)
            await waitUntil { transport.ended.count == 1 }
            XCTAssertEqual(transport.ended, ["cancelled"])
            XCTAssertEqual(p.inFlight.count, 0)
            XCTAssertEqual(p.counters.values.errors, [:])
        }
    }

    func testSharedCallOutlivesOneCancelledCaller() async throws {
        let transport = GatedTransport()
        let p = pipeline(transport)
        let (request, policy) = (self.request, sharedOnly)
        let first = Task { try await p.fetch(request, cache: policy) }
        let second = Task { try await p.fetch(request, cache: policy) }
        await waitUntil { p.inFlight.waiting == 2 }
        XCTAssertEqual(transport.entered, 1)
        first.cancel()
        assertCancellation(await first.result)
        XCTAssertEqual(p.inFlight.waiting, 1)
        transport.open()
        let response = try await second.value
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(transport.ended, ["answered"])
    }

    func testSharedCallIsCancelledWhenEveryCallerIs() async {
        let transport = GatedTransport()
        let p = pipeline(transport)
        let (request, policy) = (self.request, sharedOnly)
        let callers = (0..<3).map { _ in Task { try await p.fetch(request, cache: policy) } }
        await waitUntil { p.inFlight.waiting == 3 }
        for caller in callers { caller.cancel() }
        for caller in callers { assertCancellation(await caller.result) }
        await waitUntil { transport.ended.count == 1 }
        XCTAssertEqual(transport.ended, ["cancelled"])
        XCTAssertEqual(transport.entered, 1)
        XCTAssertEqual(p.inFlight.count, 0)
    }

    func testAlreadyCancelledCallerNeverStartsACall() async {
        let transport = GatedTransport()
        let p = pipeline(transport)
        let (request, policy) = (self.request, sharedOnly)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await p.fetch(request, cache: policy)
        }
        assertCancellation(await call.result)
        XCTAssertEqual(p.inFlight.count, 0)
    }
}
