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

    func testStopWhileParked() async {
        let watchdog = DeadlineWatchdog(timeout: .milliseconds(1))
        let fired = expectation(description: "fired")
        _ = watchdog.schedule { fired.fulfill() }
        await fulfillment(of: [fired], timeout: 30)
        watchdog.stop()
        watchdog.stop()
    }
}
