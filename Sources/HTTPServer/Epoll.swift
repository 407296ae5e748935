#if canImport(Glibc)
import Glibc
#endif

// Unsafe by design: C functions looked up with `dlsym` and cast with `unsafeBitCast`.
//
// What: epoll, eventfd and accept4, which the toolchain's Glibc module does not export
// (checked with Swift 6.3: `epoll_create1`, `epoll_event`, `eventfd` and `accept4` are not
// in scope after `import Glibc`; `<sys/epoll.h>` is not in its module map), looked up once
// with `dlsym` (no C target, no package).
//
// Invariant: the `@convention(c)` types below match glibc's prototypes (int arguments and
// results, pointers for `struct epoll_event *` / `struct sockaddr *` / `socklen_t *`), and
// `struct epoll_event` is 12 bytes packed on x86-64 (events at 0, data at 4), 16 elsewhere.
// `Functions` is `@unchecked Sendable` only because C function pointers are not declared
// Sendable: they are immutable and thread-safe.
//
// Measured: no alternative without unsafe code (a C target would add a module map; the
// event loop cannot work without epoll).
//
// Tests that catch a violation: every `HTTPServerTests` test (a wrong prototype or event
// layout makes the server accept nothing or read the wrong descriptor), e.g.
// `HTTPServerTests.testKeepAliveReuseAndHead`.

/// epoll, eventfd and accept4 through `dlsym` (see above).
enum Epoll {
    static let input: UInt32 = 0x001
    static let output: UInt32 = 0x004
    static let error: UInt32 = 0x008
    static let hangUp: UInt32 = 0x010
    static let readHangUp: UInt32 = 0x2000
    static let exclusive: UInt32 = 1 << 28
    static let add: Int32 = 1
    static let delete: Int32 = 2
    static let modify: Int32 = 3
    static let closeOnExec: Int32 = 0o2000000
    static let nonBlocking: Int32 = 0o4000

    #if arch(x86_64)
    /// `struct epoll_event` is packed on x86-64: 4 bytes of events, 8 of data.
    static let eventSize = 12
    static let dataOffset = 4
    #else
    static let eventSize = 16
    static let dataOffset = 8
    #endif

    private typealias CreateFunction = @convention(c) (Int32) -> Int32
    private typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    private typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32
    private typealias AcceptFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Int32

    private struct Functions: @unchecked Sendable {
        let create: CreateFunction
        let control: ControlFunction
        let wait: WaitFunction
        let eventFD: EventFDFunction
        let accept: AcceptFunction
    }

    private static let functions: Functions? = {
        guard let create = dlsym(nil, "epoll_create1"), let control = dlsym(nil, "epoll_ctl"),
              let wait = dlsym(nil, "epoll_wait"), let eventFD = dlsym(nil, "eventfd"),
              let accept = dlsym(nil, "accept4") else { return nil }
        return Functions(create: unsafeBitCast(create, to: CreateFunction.self),
                         control: unsafeBitCast(control, to: ControlFunction.self),
                         wait: unsafeBitCast(wait, to: WaitFunction.self),
                         eventFD: unsafeBitCast(eventFD, to: EventFDFunction.self),
                         accept: unsafeBitCast(accept, to: AcceptFunction.self))
    }()

    /// Whether the functions were found.
    static var isAvailable: Bool { functions != nil }

    static func create() -> Int32 { functions?.create(closeOnExec) ?? -1 }

    static func eventFD() -> Int32 { functions?.eventFD(0, nonBlocking | closeOnExec) ?? -1 }

    /// `accept4` with `SOCK_NONBLOCK | SOCK_CLOEXEC`.
    static func accept(_ fd: Int32) -> Int32 {
        functions?.accept(fd, nil, nil, nonBlocking | closeOnExec) ?? -1
    }

    @discardableResult
    static func control(_ epfd: Int32, _ operation: Int32, _ fd: Int32, events: UInt32) -> Int32 {
        guard let functions else { return -1 }
        var raw = (UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &raw) { buffer in
            buffer.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            buffer.storeBytes(of: UInt64(UInt32(bitPattern: fd)), toByteOffset: dataOffset, as: UInt64.self)
            return functions.control(epfd, operation, fd, buffer.baseAddress)
        }
    }

    /// Waits for events into `buffer` (of `capacity * eventSize` bytes); returns the count.
    static func wait(_ epfd: Int32, _ buffer: UnsafeMutableRawBufferPointer, timeout: Int32) -> Int32 {
        guard let functions else { return -1 }
        return functions.wait(epfd, buffer.baseAddress, Int32(buffer.count / eventSize), timeout)
    }

    /// The events and file descriptor of the `index`th event in `buffer`.
    static func event(_ buffer: UnsafeMutableRawBufferPointer, _ index: Int) -> (events: UInt32, fd: Int32) {
        let base = index * eventSize
        let events = buffer.loadUnaligned(fromByteOffset: base, as: UInt32.self)
        let data = buffer.loadUnaligned(fromByteOffset: base + dataOffset, as: UInt64.self)
        return (events, Int32(truncatingIfNeeded: data))
    }
}
