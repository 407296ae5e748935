import Clocks
import Foundation
import Locking
import XCTest

/// `DeadlineWatchdog.race`: the operation's result, or its deadline's error at once (the
/// operation cancelled, not waited for), or the caller's cancellation.
final class DeadlineRaceTests: XCTestCase {
    struct Expired: Error {}

    /// A door the operation waits behind, deaf to cancellation, so that a race that waited for
    /// it would never end; it records whether the operation's task was cancelled.
    final class Door: Sendable {
        private struct State {
            var waiter: CheckedContinuation<Void, Never>?
            var open = false
            var cancelled: Bool?
        }

        private let state = Locked(State())

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { s -> Bool in
                    if s.open { return true }
                    s.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            let cancelled = Task.isCancelled
            state.withLock { $0.cancelled = cancelled }
        }

        func openDoor() {
            let waiter = state.withLock { s -> CheckedContinuation<Void, Never>? in
                s.open = true
                defer { s.waiter = nil }
                return s.waiter
            }
            waiter?.resume()
        }

        /// Whether the operation saw its task cancelled (nil: it has not passed the door yet).
        var sawCancellation: Bool? { state.withLock { $0.cancelled } }
    }

    func testTheOperationsResultWins() async throws {
        let watchdog = DeadlineWatchdog(timeout: .seconds(3600))
        defer { watchdog.stop() }
        let value = try await watchdog.race({ 42 }, expired: { Expired() })
        XCTAssertEqual(value, 42)
        do {
            _ = try await watchdog.race({ () async throws -> Int in throw URLError(.badURL) }, expired: { Expired() })
            XCTFail("the operation's error should have been thrown")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .badURL)
        }
    }

    func testTheDeadlineThrowsAtOnceAndCancelsTheOperation() async throws {
        let watchdog = DeadlineWatchdog(timeout: .milliseconds(20))
        defer { watchdog.stop() }
        let door = Door()
        let finished = expectation(description: "operation finished")
        do {
            _ = try await watchdog.race(
                { () async -> Int in
                    await door.wait()
                    finished.fulfill()
                    return 1
                }, expired: { Expired() })
            XCTFail("the deadline should have won")
        } catch is Expired {}
        // The race ended while the operation is still behind its door: it was not waited for.
        XCTAssertNil(door.sawCancellation)
        door.openDoor()
        await fulfillment(of: [finished], timeout: 30)
        XCTAssertEqual(door.sawCancellation, true)
    }

    func testCancellingTheCallerCancelsTheOperation() async throws {
        let watchdog = DeadlineWatchdog(timeout: .seconds(3600))
        defer { watchdog.stop() }
        let door = Door()
        let started = expectation(description: "operation started")
        let finished = expectation(description: "operation finished")
        let caller = Task {
            try await watchdog.race(
                { () async -> Int in
                    started.fulfill()
                    await door.wait()
                    finished.fulfill()
                    return 1
                }, expired: { Expired() })
        }
        await fulfillment(of: [started], timeout: 30)
        caller.cancel()
        do {
            _ = try await caller.value
            XCTFail("the caller's cancellation should have won")
        } catch is CancellationError {}
        XCTAssertNil(door.sawCancellation)
        door.openDoor()
        await fulfillment(of: [finished], timeout: 30)
        XCTAssertEqual(door.sawCancellation, true)
    }

    func testACancelledCallerDoesNotWait() async throws {
        let watchdog = DeadlineWatchdog(timeout: .seconds(3600))
        defer { watchdog.stop() }
        let door = Door()
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await watchdog.race(
                { () async -> Int in
                    await door.wait()
                    return 1
                }, expired: { Expired() })
        }
        do {
            _ = try await caller.value
            XCTFail("an already cancelled caller should get CancellationError")
        } catch is CancellationError {}
        door.openDoor()
    }
}
