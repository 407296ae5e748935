#if canImport(Glibc)
    import Glibc
#endif
import Base
import Clocks

/// Blocking-with-deadline TCP calls over non-blocking Glibc sockets: every wait is a `poll`
/// bounded by the call's deadline (a reading of ``MonotonicClock/systemNow()``), so no call
/// outlives it (name resolution aside: ``RedisClient`` bounds that from the caller's side).
enum RedisSocket {
    /// A connected non-blocking socket to `host:port` (each resolved address tried in turn,
    /// ``AddressLookup``).
    static func connect(host: String, port: Int, deadline: Duration) throws(RedisError) -> Int32 {
        var lastError = RedisError.connection("no address for '\(host)'")
        var connected: Int32?
        try AddressLookup.forEachAddress(host: host, port: port, passive: false, failure: { RedisError.connection($0) })
        {
            family, address, length throws(RedisError) in
            let fd = socket(
                family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd < 0 {
                lastError = .connection(errorText())
                return false
            }
            if Glibc.connect(fd, address, length) == 0 {
                setNoDelay(fd)
                connected = fd
                return true
            }
            guard errno == EINPROGRESS else {
                lastError = .connection("connect to \(host):\(port): \(errorText())")
                close(fd)
                return false
            }
            do throws(RedisError) {
                try wait(fd, for: Int16(POLLOUT), deadline: deadline)
            } catch {
                close(fd)
                throw error
            }
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size)
            if failure == 0 {
                setNoDelay(fd)
                connected = fd
                return true
            }
            lastError = .connection("connect to \(host):\(port): \(String(cString: strerror(failure)))")
            close(fd)
            return false
        }
        guard let connected else { throw lastError }
        return connected
    }

    /// Writes all of `bytes` before `deadline`.
    static func write(_ fd: Int32, _ bytes: [UInt8], deadline: Duration) throws(RedisError) {
        var pending = bytes
        while !pending.isEmpty {
            let sent = send(fd, pending, pending.count, Int32(MSG_NOSIGNAL))
            if sent > 0 {
                pending = sent == pending.count ? [] : Array(pending[sent...])
                continue
            }
            if sent < 0, errno == EINTR { continue }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                throw .connection("send: \(errorText())")
            }
            try wait(fd, for: Int16(POLLOUT), deadline: deadline)
        }
    }

    /// Reads what has arrived (waiting until `deadline` for something) into `parser`, using
    /// `scratch` as the read buffer.
    static func read(_ fd: Int32, into parser: inout RESPParser, scratch: inout [UInt8], deadline: Duration)
        throws(RedisError)
    {
        while true {
            let count = recv(fd, &scratch, scratch.count, 0)
            if count > 0 {
                try parser.append(scratch[0..<count])
                return
            }
            if count == 0 { throw .connection("closed by Redis") }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw .connection("recv: \(errorText())") }
            try wait(fd, for: Int16(POLLIN), deadline: deadline)
        }
    }

    /// Waits until `fd` is ready for `events` (or has an error to report) or `deadline` passes.
    static func wait(_ fd: Int32, for events: Int16, deadline: Duration) throws(RedisError) {
        while true {
            let current = MonotonicClock.systemNow()
            guard current < deadline else { throw .timedOut }
            let milliseconds = Int32(clamping: (deadline - current).inMillisecondsRoundedUp)
            var descriptors = [pollfd(fd: fd, events: events, revents: 0)]
            let ready = poll(&descriptors, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .connection("poll: \(errorText())") }
        }
    }

    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
