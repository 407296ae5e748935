#if os(Linux)
    import CLinux
#endif

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
        /// `mallopt` and its parameters from `<malloc.h>` (through the `CLinux` C target).
        private static let applied: Bool = {
            _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
            _ = mallopt(M_TOP_PAD, 16 << 20)
            _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
            return true
        }()
    #endif
}
