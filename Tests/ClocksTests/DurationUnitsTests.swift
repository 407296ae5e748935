import Clocks
import XCTest

/// The conversions of `Duration` at the project's edges, and the clocks' readings.
final class DurationUnitsTests: XCTestCase {
    func testSeconds() {
        XCTAssertEqual(Duration.milliseconds(1500).inSeconds, 1.5)
        XCTAssertEqual(Duration.seconds(30).inSeconds, 30)
        XCTAssertEqual(Duration.zero.inSeconds, 0)
        XCTAssertEqual(Duration.seconds(30).secondsText, "30")
        XCTAssertEqual(Duration.milliseconds(2500).secondsText, "2.5")
        XCTAssertEqual(Duration.milliseconds(250).secondsText, "0.25")
    }

    func testMillisecondsRoundUp() {
        XCTAssertEqual(Duration.zero.inMillisecondsRoundedUp, 0)
        XCTAssertEqual(Duration.nanoseconds(1).inMillisecondsRoundedUp, 1)
        XCTAssertEqual(Duration.milliseconds(50).inMillisecondsRoundedUp, 50)
        XCTAssertEqual(Duration.microseconds(1500).inMillisecondsRoundedUp, 2)
        XCTAssertEqual(Duration.milliseconds(-5).inMillisecondsRoundedUp, 0)
        XCTAssertEqual(Duration.seconds(Int64.max).inMillisecondsRoundedUp, Int64.max)
    }

    func testClampedSeconds() {
        XCTAssertEqual(Duration.clampedSeconds(2.5), .milliseconds(2500))
        XCTAssertEqual(Duration.clampedSeconds(-1.0), .zero)
        XCTAssertEqual(Duration.clampedSeconds(Double.nan), .zero)
        XCTAssertEqual(Duration.clampedSeconds(Double.infinity), .seconds(1_000_000_000_000_000))
        XCTAssertEqual(Duration.clampedSeconds(120), .seconds(120))
        XCTAssertEqual(Duration.clampedSeconds(Int.max), .seconds(1_000_000_000_000_000))
        XCTAssertEqual(Duration.clampedSeconds(-3), .zero)
    }

    func testSystemClocksRead() {
        let first = MonotonicClock.system.now()
        let second = MonotonicClock.systemNow()
        XCTAssertGreaterThanOrEqual(second, first)
        // The wall clock counts from 1970: after 2020-01-01 (1 577 836 800 s).
        XCTAssertGreaterThan(WallClock.system.now(), .seconds(1_577_836_800))
    }

    func testInjectedClockReadsItsClosure() {
        let clock = MonotonicClock { .seconds(7) }
        XCTAssertEqual(clock.now(), .seconds(7))
    }
}
