#if canImport(Glibc)
import Glibc
#endif

/// Monotonic wall-clock and process CPU time, in seconds.
enum BenchClock {
    /// Seconds on the monotonic clock.
    static func wall() -> Double { seconds(CLOCK_MONOTONIC) }

    /// CPU seconds used by the whole process (all threads).
    static func cpu() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
