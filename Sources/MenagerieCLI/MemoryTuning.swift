/// glibc malloc tuning for a long-running engine process.
///
/// An execution allocates and frees a result tree of up to megabytes; with
/// glibc's defaults the freed top of the heap is trimmed back to the kernel
/// after each request and faulted in again by the next (page faults showed up
/// as 10-20% of the execution benchmarks). Keeping a bounded pad avoids that.
enum MemoryTuning {
    /// Applies the tuning once (idempotent; a no-op off Linux).
    static func apply() {
        #if os(Linux)
        _ = applied
        #endif
    }

    #if os(Linux)
    private static let applied: Bool = {
        // M_TRIM_THRESHOLD (-1), M_TOP_PAD (-2), M_MMAP_THRESHOLD (-3) of <malloc.h>.
        _ = glibcMallopt(-1, 64 << 20)
        _ = glibcMallopt(-2, 16 << 20)
        _ = glibcMallopt(-3, 32 << 20)
        return true
    }()
    #endif
}

#if os(Linux)
// Unsafe by design: `@_silgen_name` binds the C symbol `mallopt`.
//
// `import Glibc` does not give `mallopt` (checked with Swift 6.3: `<malloc.h>` is not in
// the Glibc module map). Invariant: glibc's prototype is `int mallopt(int param, int value)`,
// which the declaration below matches (C `int` is `Int32` on Linux). Measured: page faults
// were 10-20% of the execution benchmarks without the tuning (see above). Test: none can
// observe the tuning; a wrong prototype shows as the page faults coming back in
// `menagerie bench W4 W5 W6` (`perf stat`), never as wrong results.

/// glibc's `mallopt` (not exported by the Glibc module map).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
