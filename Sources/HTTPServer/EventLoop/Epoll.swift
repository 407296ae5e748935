#if canImport(Glibc)
    import Glibc
#endif
import CLinux

/// epoll, eventfd and accept4 as the event loops use them, from the system headers through
/// the `CLinux` C target (the toolchain's Glibc module does not export them).
///
/// The only pointers handed to the kernel are Swift's own C interop: `&event` for
/// `epoll_ctl` (one `struct epoll_event`, imported with glibc's packed layout) and an
/// `EpollEvents` array's storage for `epoll_wait`.
enum Epoll {
    static let input = EPOLLIN.rawValue
    static let output = EPOLLOUT.rawValue
    static let error = EPOLLERR.rawValue
    static let hangUp = EPOLLHUP.rawValue
    static let readHangUp = EPOLLRDHUP.rawValue
    static let exclusive = EPOLLEXCLUSIVE.rawValue
    static let add = EPOLL_CTL_ADD
    static let delete = EPOLL_CTL_DEL
    static let modify = EPOLL_CTL_MOD

    /// A new epoll set (close-on-exec), or -1.
    static func create() -> Int32 { epoll_create1(Int32(EPOLL_CLOEXEC)) }

    /// A non-blocking, close-on-exec eventfd counting from 0, or -1.
    static func eventFD() -> Int32 { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }

    /// `accept4` with `SOCK_NONBLOCK | SOCK_CLOEXEC`: the new connection's descriptor, or -1.
    static func accept(_ fd: Int32) -> Int32 {
        CLinux_accept4(fd, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
    }

    /// Adds, modifies or deletes `fd` in the set `epfd`, with `fd` as the event's data.
    @discardableResult
    static func control(_ epfd: Int32, _ operation: Int32, _ fd: Int32, events: UInt32) -> Int32 {
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(UInt32(bitPattern: fd))
        return epoll_ctl(epfd, operation, fd, &event)
    }
}

/// A buffer of epoll events for one loop: filled by `wait`, read by index.
struct EpollEvents {
    private var events: [epoll_event]

    /// Room for `capacity` events per wait.
    init(capacity: Int) {
        events = Array(repeating: epoll_event(), count: capacity)
    }

    /// Waits up to `timeout` (in whole milliseconds, rounded up) for events of `epfd`; returns
    /// their count (-1 on error).
    ///
    /// - Unsafe: the array's storage lent to `epoll_wait` (`withUnsafeMutableBufferPointer`), which
    ///   the kernel writes.
    /// - Invariant: `maxevents` is the array's own count, so the kernel writes inside it, and the
    ///   pointer does not outlive the call.
    /// - Checked by: `EpollTests`, every `HTTPServerTests` test; AddressSanitizer runs of
    ///   `HTTPServerTests` (CI, `.ci/run` step 3).
    mutating func wait(_ epfd: Int32, timeout: Duration) -> Int32 {
        let milliseconds = Int32(clamping: timeout.inMillisecondsRoundedUp)
        return events.withUnsafeMutableBufferPointer { epoll_wait(epfd, $0.baseAddress, Int32($0.count), milliseconds) }
    }

    /// The events and file descriptor of the `index`th event of the last wait.
    subscript(index: Int) -> (events: UInt32, fd: Int32) {
        (events[index].events, events[index].data.fd)
    }
}
