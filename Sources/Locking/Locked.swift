#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a `pthread_mutex_t`: the one lock of the project.
///
/// Used instead of `Synchronization.Mutex`, whose futex ThreadSanitizer cannot see
/// (every access under it is then reported as a race), so that
/// `swift test --sanitize=thread` reports only real races.
///
/// One allocation holds both the value and the mutex (a `ManagedBuffer` with the mutex as its
/// one tail element): a request makes several of these (its responder's, its deadline's, its
/// loaders'), and a mutex allocated apart cost one more `malloc` and `free` each (see
/// docs/performance.md, "Fast paths"). Copies of a `Locked` share the one value and lock.
///
/// `withLock` is inlinable, so that each caller gets it specialized for its value and result
/// types (a generic method called across modules would run unspecialized; measured faster, with
/// the document cache's table: see docs/performance.md, "Fast paths").
///
/// - Unsafe: the `pthread_mutex_t` and the value are reached through the buffer's
///   `UnsafeMutablePointer`s; `init` narrows `Storage.create`'s `ManagedBuffer` with
///   `unsafeDowncast` (`create` called on `Storage` makes a `Storage`); the type is
///   `@unchecked Sendable` around a mutable value.
/// - Invariant: the mutex is initialised in `init`, destroyed and deinitialised in the storage's
///   `deinit` and nowhere else, so it lives exactly as long as the storage, at an address that
///   never moves (a `ManagedBuffer`'s tail; a `pthread_mutex_t` must not be copied); the value is
///   read and written only inside `withLock`, between lock and unlock, which is what makes the
///   `@unchecked Sendable` true. Being `@usableFromInline` lets inlined `withLock` bodies reach
///   the storage; no other code of any module does.
/// - Checked by: no suite of its own; the engine's caches (`DocumentCache`,
///   `OperationPlanCache`) and the loaders (`DataLoader`, `BatchScheduler`) keep their shared
///   state in it, so CI's ThreadSanitizer run (`.ci/run` step 4: GraphQLTests and the server
///   suites, e.g. `SchedulerStressTests`) reports an access outside the lock as a race, and its
///   AddressSanitizer run (step 3) a use of a freed mutex.
public struct Locked<Value>: @unchecked Sendable {
    /// The value (the buffer's header) and the mutex (its one element).
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline let storage: Storage

    /// Inlinable (like `withLock`): a generic initializer called across modules would run
    /// unspecialised, copying the value through its type's witnesses.
    @inlinable
    public init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
