/// When a ``CircuitBreaker`` opens, and for how long.
///
/// The breaker judges **logical calls**: one upstream call as the pipeline sees it after
/// deduplication, whatever number of retry attempts it took. It opens when, within the
/// last ``window`` seconds, at least ``minimumCalls`` calls ended and at least
/// ``failureRate`` of them failed. It then stays open for ``initialOpenDuration``; each
/// failed half-open probe doubles that interval, up to ``maxOpenDuration``; a probe that
/// succeeds closes the breaker and resets the interval.
///
/// Defaults: 10 s window, 5 calls, 50 %, open 1 s doubling to 30 s
/// (1, 2, 4, 8, 16, 30, 30, … s while the upstream stays down).
public struct BreakerPolicy: Sendable, Equatable {
    /// Seconds of the rolling window in which calls are counted (whole seconds, at least 1).
    public var window: Double
    /// Calls that must have ended in the window before the failure rate is judged.
    public var minimumCalls: Int
    /// The fraction of failed calls (0…1) in the window that opens the breaker.
    public var failureRate: Double
    /// Seconds the breaker stays open the first time.
    public var initialOpenDuration: Double
    /// The longest open interval in seconds (the doubling stops there).
    public var maxOpenDuration: Double

    /// Creates a policy; the defaults are the documented production values.
    public init(
        window: Double = 10,
        minimumCalls: Int = 5,
        failureRate: Double = 0.5,
        initialOpenDuration: Double = 1,
        maxOpenDuration: Double = 30
    ) {
        self.window = max(1, window.isFinite ? window.rounded(.up) : 1)
        self.minimumCalls = max(1, minimumCalls)
        self.failureRate = min(1, max(0, failureRate.isFinite ? failureRate : 1))
        self.initialOpenDuration = max(0, initialOpenDuration)
        self.maxOpenDuration = max(self.initialOpenDuration, maxOpenDuration)
    }

    /// A breaker that never opens (tests that count every exchange).
    public static let disabled = BreakerPolicy(minimumCalls: .max)

    /// The open interval after `failedProbes` consecutive failed half-open probes.
    func openDuration(afterFailedProbes failedProbes: Int) -> Double {
        var duration = initialOpenDuration
        for _ in 0..<min(max(0, failedProbes), 64) where duration < maxOpenDuration { duration *= 2 }
        return min(duration, maxOpenDuration)
    }
}

/// Outcomes of the calls that ended in the last few seconds, in one-second buckets.
struct RollingWindow {
    struct Bucket {
        var second = Int.min
        var calls = 0
        var failures = 0
    }

    private var buckets: [Bucket]

    /// A window of `seconds` whole seconds.
    init(seconds: Int) {
        buckets = Array(repeating: Bucket(), count: max(1, seconds))
    }

    /// Records one call's outcome at `now`.
    mutating func record(failed: Bool, at now: Double) {
        let second = Self.second(now)
        let slot = Self.slot(second, count: buckets.count)
        if buckets[slot].second != second { buckets[slot] = Bucket(second: second) }
        buckets[slot].calls += 1
        if failed { buckets[slot].failures += 1 }
    }

    /// Calls and failures within the window ending at `now`.
    func totals(at now: Double) -> (calls: Int, failures: Int) {
        let second = Self.second(now)
        var calls = 0
        var failures = 0
        for bucket in buckets where bucket.second > second - buckets.count && bucket.second <= second {
            calls += bucket.calls
            failures += bucket.failures
        }
        return (calls, failures)
    }

    /// Forgets every outcome.
    mutating func reset() {
        for index in buckets.indices { buckets[index] = Bucket() }
    }

    private static func second(_ now: Double) -> Int {
        guard now.isFinite else { return 0 }
        return Int(min(max(now.rounded(.down), -9e15), 9e15))
    }

    private static func slot(_ second: Int, count: Int) -> Int {
        let slot = second % count
        return slot < 0 ? slot + count : slot
    }
}
