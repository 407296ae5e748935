/// When a ``CircuitBreaker`` opens, and for how long.
///
/// The breaker judges **logical calls**: one upstream call as the pipeline sees it after
/// deduplication, whatever number of retry attempts it took. It opens when, within the
/// last ``window``, at least ``minimumCalls`` calls ended and at least
/// ``failureRate`` of them failed. It then stays open for ``initialOpenDuration``; each
/// failed half-open probe doubles that interval, up to ``maxOpenDuration``; a probe that
/// succeeds closes the breaker and resets the interval.
///
/// Defaults: 10 s window, 5 calls, 50 %, open 1 s doubling to 30 s
/// (1, 2, 4, 8, 16, 30, 30, … s while the upstream stays down).
public struct BreakerPolicy: Sendable, Equatable {
    /// The rolling window in which calls are counted (whole seconds, at least 1 s: a
    /// fraction is rounded up).
    public var window: Duration
    /// Calls that must have ended in the window before the failure rate is judged.
    public var minimumCalls: Int
    /// The fraction of failed calls (0…1) in the window that opens the breaker.
    public var failureRate: Double
    /// How long the breaker stays open the first time.
    public var initialOpenDuration: Duration
    /// The longest open interval (the doubling stops there).
    public var maxOpenDuration: Duration

    /// Creates a policy; the defaults are the documented production values.
    public init(
        window: Duration = .seconds(10),
        minimumCalls: Int = 5,
        failureRate: Double = 0.5,
        initialOpenDuration: Duration = .seconds(1),
        maxOpenDuration: Duration = .seconds(30)
    ) {
        let (seconds, attoseconds) = window.components
        self.window = .seconds(max(1, attoseconds > 0 ? seconds + 1 : seconds))
        self.minimumCalls = max(1, minimumCalls)
        self.failureRate = min(1, max(0, failureRate.isFinite ? failureRate : 1))
        self.initialOpenDuration = max(.zero, initialOpenDuration)
        self.maxOpenDuration = max(self.initialOpenDuration, maxOpenDuration)
    }

    /// A breaker that never opens (tests that count every exchange).
    public static let disabled = BreakerPolicy(minimumCalls: .max)

    /// The open interval after `failedProbes` consecutive failed half-open probes.
    func openDuration(afterFailedProbes failedProbes: Int) -> Duration {
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

    /// A window of `window`'s whole seconds (one bucket each, at least one).
    init(_ window: Duration) {
        buckets = Array(repeating: Bucket(), count: max(1, Int(clamping: window.components.seconds)))
    }

    /// Records one call's outcome at `now` (a ``MonotonicClock`` reading).
    mutating func record(failed: Bool, at now: Duration) {
        let second = Self.second(now)
        let slot = Self.slot(second, count: buckets.count)
        if buckets[slot].second != second { buckets[slot] = Bucket(second: second) }
        buckets[slot].calls += 1
        if failed { buckets[slot].failures += 1 }
    }

    /// Calls and failures within the window ending at `now`.
    func totals(at now: Duration) -> (calls: Int, failures: Int) {
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

    /// The whole second of `now` (rounded down).
    private static func second(_ now: Duration) -> Int {
        let (seconds, attoseconds) = now.components
        return Int(attoseconds < 0 ? seconds - 1 : seconds)
    }

    private static func slot(_ second: Int, count: Int) -> Int {
        let slot = second % count
        return slot < 0 ? slot + count : slot
    }
}
