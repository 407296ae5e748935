/// A source of monotonic time in seconds (injectable, so tests need no sleeping).
public struct MonotonicClock: Sendable {
    /// Seconds since an arbitrary fixed origin.
    public let now: @Sendable () -> Double

    /// Creates a clock from a closure.
    public init(now: @escaping @Sendable () -> Double) {
        self.now = now
    }

    /// The system's continuous clock.
    public static let system: MonotonicClock = {
        let origin = ContinuousClock.now
        return MonotonicClock {
            let elapsed = ContinuousClock.now - origin
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
    }()
}
