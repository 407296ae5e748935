#if canImport(Glibc)
    import Glibc
#endif

/// CPU time, for the benchmarks: another clock than the ``MonotonicClock`` (which they time
/// wall time with), counting only while the process or thread runs.
enum CPUTime {
    /// CPU time used by the whole process (all threads).
    static func process() -> Duration { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// CPU time used by the calling thread.
    static func thread() -> Duration { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Duration {
        var time = timespec()
        clock_gettime(clock, &time)
        return Duration(secondsComponent: Int64(time.tv_sec), attosecondsComponent: Int64(time.tv_nsec) * 1_000_000_000)
    }
}
