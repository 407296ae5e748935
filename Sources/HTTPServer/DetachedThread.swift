#if canImport(Glibc)
    import Glibc
#endif
import CLinux
import Locking

/// Starts work on a POSIX thread of its own, detached: an event loop, the log's writer, the
/// signal reader. Work that blocks (`epoll_wait`, `write`, `read`) gets a thread instead of
/// holding one of the concurrency pool's.
public enum DetachedThread {
    /// Work handed to threads being started: each new thread takes the oldest (no pointer
    /// passes through `pthread_create`).
    private static let starting = Locked<[Start]>([])

    private final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes, as `top -H` shows
    /// it); false when the system refused a thread (nothing then runs).
    @discardableResult
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let start = Start(name: name, body: body)
        starting.withLock { $0.append(start) }
        var thread = pthread_t()
        let made = pthread_create(
            &thread, nil,
            { _ in
                guard let start = DetachedThread.starting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
                    return nil
                }
                _ = CLinux_setThreadName(start.name)
                start.body()
                return nil
            }, nil)
        guard made == 0 else {
            starting.withLock { $0.removeAll { $0 === start } }
            return false
        }
        pthread_detach(thread)
        return true
    }
}
