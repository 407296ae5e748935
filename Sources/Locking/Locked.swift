#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a `pthread_mutex_t`: the one lock of the project.
///
/// Used instead of `Synchronization.Mutex`, whose futex ThreadSanitizer cannot see
/// (every access under it is then reported as a race), so that
/// `swift test --sanitize=thread` reports only real races.
///
/// `withLock` is inlinable, so that each caller gets it specialized for its value and result
/// types (a generic method called across modules would run unspecialized; measured faster, with
/// the document cache's table: see docs/performance.md, "Fast paths").
///
/// - Unsafe: the `pthread_mutex_t` lives in manually allocated memory
///   (`UnsafeMutablePointer`), and the class is `@unchecked Sendable` around a mutable `value`.
/// - Invariant: `mutex` is allocated and initialised in `init`, destroyed and freed in `deinit`
///   and nowhere else, so it lives exactly as long as the object, at an address that never moves
///   (a `pthread_mutex_t` must not be copied); `value` is read and written only inside
///   `withLock`, between lock and unlock, which is what makes the `@unchecked Sendable` true.
///   Being `@usableFromInline` lets inlined `withLock` bodies reach them; no other code of any
///   module does.
/// - Checked by: no suite of its own; the engine's caches (`DocumentCache`,
///   `OperationPlanCache`) and the loaders (`DataLoader`, `BatchScheduler`) keep their shared
///   state in it, so CI's ThreadSanitizer run (`.ci/run` step 4: GraphQLTests and the server
///   suites, e.g. `SchedulerStressTests`) reports an access outside the lock as a race, and its
///   AddressSanitizer run (step 3) a use of a freed mutex.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
