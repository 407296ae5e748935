#if canImport(Glibc)
import Glibc
#endif

/// Thin wrappers over Glibc socket calls.
enum Socket {
    /// Creates a non-blocking listening socket bound to `host:port`; returns it and the bound port.
    ///
    /// - Unsafe: `getaddrinfo` hands back a C linked list (`UnsafeMutablePointer<addrinfo>`),
    ///   walked through its `ai_next` pointers, and each entry's `ai_addr` goes to `bind`.
    /// - Invariant: the list is freed exactly once (the `defer`), after the walk, and no pointer
    ///   into it (entries, `ai_addr`) outlives this function; `ai_addr` is only passed to `bind`
    ///   with its own `ai_addrlen`.
    /// - Checked by: every `HTTPServerTests` and `GraphQLServerTests` server listens through it
    ///   (`127.0.0.1`, port 0), and `EpollTests.testAcceptedConnectionsAreNonBlockingAndCloseOnExec`
    ///   calls it directly; CI runs both suites under AddressSanitizer (`.ci/run` step 3).
    static func listen(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> (Int32, Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError("cannot resolve '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family,
                            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd < 0 { lastError = errorText(); continue }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0
                || Glibc.listen(fd, Int32(backlog)) != 0 {
                lastError = errorText()
                close(fd)
                continue
            }
            return (fd, boundPort(fd))
        }
        throw HTTPServerError("cannot listen on \(host):\(port): \(lastError)")
    }

    /// The port `fd` is bound to (0 if `getsockname` fails).
    ///
    /// - Unsafe: a `sockaddr_storage` is viewed as a `sockaddr` (for `getsockname`) and then as a
    ///   `sockaddr_in` or `sockaddr_in6` through `withMemoryRebound`.
    /// - Invariant: `sockaddr_storage` is large and aligned enough for every socket address type;
    ///   `getsockname` gets its size in `length`; the storage is read as `sockaddr_in6` only when
    ///   `ss_family` is `AF_INET6` (else as `sockaddr_in`), and no rebound pointer leaves its
    ///   closure.
    /// - Checked by: the same tests (each reads the port of a server bound to port 0 over IPv4,
    ///   under AddressSanitizer in CI); the IPv6 branch has no test.
    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return 0 }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
