#if canImport(Glibc)
    import Glibc
#endif

/// The project's monotonic clock: a reading is the time since an arbitrary fixed origin (the
/// system's `CLOCK_MONOTONIC`, which counts from boot), as a `Duration`. It never jumps when the
/// wall clock is set, so the difference of two readings is the time that passed, and a reading
/// plus a span is a deadline on the same clock.
///
/// Injectable: a component that reads time takes a `MonotonicClock` (``system`` by default), so a
/// test can move time by hand (a breaker's open interval, a cache entry's freshness) without
/// sleeping. Code that only times itself and needs no injection (the event loops, the request
/// log) calls ``systemNow()``, the same clock without the closure.
public struct MonotonicClock: Sendable {
    /// The time since the clock's origin.
    public let now: @Sendable () -> Duration

    /// A clock reading `now` (a test's hand-moved time).
    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's monotonic clock.
    public static let system = MonotonicClock(now: systemNow)

    /// A reading of the system's monotonic clock (what ``system`` reads).
    public static func systemNow() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Duration(secondsComponent: Int64(spec.tv_sec), attosecondsComponent: Int64(spec.tv_nsec) * 1_000_000_000)
    }
}

/// The project's wall clock: a reading is the time since 1970-01-01T00:00:00Z, as a `Duration`.
///
/// For what other machines share (dates of entries in a cache shared between replicas,
/// `Retry-After` and `Date` header dates, log timestamps); spans on one machine are measured on
/// the ``MonotonicClock``. Injectable like it.
public struct WallClock: Sendable {
    /// The time since the Unix epoch.
    public let now: @Sendable () -> Duration

    /// A clock reading `now` (a test's hand-set time).
    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's real-time clock.
    public static let system = WallClock(now: systemNow)

    /// A reading of the system's real-time clock (what ``system`` reads).
    public static func systemNow() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Duration(secondsComponent: Int64(spec.tv_sec), attosecondsComponent: Int64(spec.tv_nsec) * 1_000_000_000)
    }
}
