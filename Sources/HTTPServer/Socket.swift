#if canImport(Glibc)
    import Glibc
#endif
import Base

/// Thin wrappers over Glibc socket calls.
enum Socket {
    /// Creates a non-blocking listening socket bound to `host:port` (each resolved address tried
    /// in turn, ``AddressLookup``); returns it and the bound port.
    static func listen(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> (Int32, Int) {
        var lastError = "no address"
        var listening: (Int32, Int)?
        try AddressLookup.forEachAddress(host: host, port: port, passive: true, failure: { HTTPServerError($0) }) {
            family, address, length throws(HTTPServerError) in
            let fd = socket(
                family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd < 0 {
                lastError = errorText()
                return false
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if bind(fd, address, length) != 0 || Glibc.listen(fd, Int32(backlog)) != 0 {
                lastError = errorText()
                close(fd)
                return false
            }
            listening = (fd, boundPort(fd))
            return true
        }
        guard let listening else { throw HTTPServerError("cannot listen on \(host):\(port): \(lastError)") }
        return listening
    }

    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return 0 }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
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
