import Foundation
import Clocks
import XCTest

/// The shared deadline timer: deadlines fire in order, cancelled ones never, and the watchdog
/// parks while none is set.
final class DeadlineWatchdogTests: XCTestCase {
    final class Fired: @unchecked Sendable {
        let lock = NSLock()
        var names: [String] = []
        func add(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return names }
    }

    func testDeadlinesFireInOrderCancelledOnesNever() async {
        let watchdog = DeadlineWatchdog(timeout: .milliseconds(20))
        let fired = Fired()
        let c = expectation(description: "c fired")
        _ = watchdog.schedule { fired.add("a") }
        let b = watchdog.schedule { fired.add("b") }
        _ = watchdog.schedule {
            fired.add("c"); c.fulfill()
        }
        watchdog.cancel(b)
        watchdog.cancel(b) // twice: no effect
        await fulfillment(of: [c], timeout: 30)
        // b's deadline was before c's: had it not been cancelled it would have fired first.
        XCTAssertEqual(fired.all, ["a", "c"])

        // With nothing left the watchdog parks; a new deadline wakes it.
        let d = expectation(description: "d fired")
        let entry = watchdog.schedule {
            fired.add("d"); d.fulfill()
        }
        await fulfillment(of: [d], timeout: 30)
        watchdog.cancel(entry) // after firing: no effect
        XCTAssertEqual(fired.all, ["a", "c", "d"])
        watchdog.stop()
    }

    /// A deadline set late for work that began earlier expires `timeout` after that beginning,
    /// so before the deadlines set between (the queue stays in expiry order).
    func testADeadlineFromAnEarlierStartFiresBeforeLaterOnes() async {
        let watchdog = DeadlineWatchdog(timeout: .milliseconds(300))
        let fired = Fired()
        let last = expectation(description: "all fired")
        last.expectedFulfillmentCount = 3
        let began = MonotonicClock.systemNow()
        _ = watchdog.schedule {
            fired.add("now")
            last.fulfill()
        }
        _ = watchdog.schedule(from: began + .milliseconds(100)) {
            fired.add("later start")
            last.fulfill()
        }
        // Set last, but for work that began before both others were set.
        _ = watchdog.schedule(from: began - .milliseconds(200)) {
            fired.add("earlier start")
            last.fulfill()
        }
        await fulfillment(of: [last], timeout: 30)
        XCTAssertEqual(fired.all, ["earlier start", "now", "later start"])
        watchdog.stop()
    }

    /// A deadline whose time has passed already (work that began more than `timeout` ago) fires
    /// at once; one from the same start set in time does not.
    func testADeadlineAlreadyPastFiresAtOnce() async {
        let watchdog = DeadlineWatchdog(timeout: .seconds(60))
        let fired = Fired()
        let past = expectation(description: "past fired")
        let kept = watchdog.schedule(from: MonotonicClock.systemNow()) { fired.add("in time") }
        _ = watchdog.schedule(from: MonotonicClock.systemNow() - .seconds(61)) {
            fired.add("past")
            past.fulfill()
        }
        await fulfillment(of: [past], timeout: 30)
        XCTAssertEqual(fired.all, ["past"])
        watchdog.cancel(kept)
        watchdog.stop()
    }

    func testStopWhileParked() async {
        let watchdog = DeadlineWatchdog(timeout: .milliseconds(1))
        let fired = expectation(description: "fired")
        _ = watchdog.schedule { fired.fulfill() }
        await fulfillment(of: [fired], timeout: 30)
        watchdog.stop()
        watchdog.stop()
    }
}
