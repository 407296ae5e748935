#if canImport(Glibc)
    import Glibc
#endif

/// Name resolution for stream sockets, written once for every module that listens or connects:
/// `getaddrinfo`'s list walked, each address handed to the caller in order.
public enum AddressLookup {
    /// Resolves `host:port` (numeric port; `passive` for a listening socket) and calls `body` with
    /// each address (family, `sockaddr`, its length) in `getaddrinfo`'s order until `body` returns
    /// true. A name that does not resolve throws `failure(message)`.
    ///
    /// - Unsafe: `getaddrinfo` hands back a C linked list (`UnsafeMutablePointer<addrinfo>`),
    ///   walked through its `ai_next` pointers; each entry's `ai_addr` is lent to `body`.
    /// - Invariant: the list is freed exactly once (the `defer`), after the walk, and no pointer
    ///   into it outlives this function: `body` gets `ai_addr` with its own `ai_addrlen` and may
    ///   only use it during the call (for `bind` or `connect`).
    /// - Checked by: every `HTTPServerTests` and `GraphQLServerTests` server listens through it,
    ///   `RedisTests` connect through it (a real redis-server, a closed port, an unresolvable host);
    ///   CI runs those suites under AddressSanitizer (`.ci/run` step 3).
    public static func forEachAddress<Failure: Error>(
        host: String, port: Int, passive: Bool, failure: (String) -> Failure,
        _ body: (_ family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) throws(Failure) -> Bool
    ) throws(Failure) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = (passive ? AI_PASSIVE : 0) | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw failure("cannot resolve '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            guard let address = info.pointee.ai_addr else { continue }
            if try body(info.pointee.ai_family, UnsafePointer(address), info.pointee.ai_addrlen) { return }
        }
    }
}
