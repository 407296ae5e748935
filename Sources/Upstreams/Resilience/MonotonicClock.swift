import Glibc

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

/// A source of wall-clock time in seconds since 1970-01-01T00:00:00Z (injectable, for
/// `Retry-After` dates in tests).
public struct WallClock: Sendable {
    /// Seconds since the Unix epoch.
    public let now: @Sendable () -> Double

    /// Creates a clock from a closure.
    public init(now: @escaping @Sendable () -> Double) {
        self.now = now
    }

    /// The system's real-time clock.
    public static let system = WallClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
