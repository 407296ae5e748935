#if canImport(Glibc)
    import Glibc
#endif

/// The start and end of a connection's life on its loop: accepting (the over-limit refusal,
/// the hand-out to the loops in turn, registration with epoll) and closing.
extension EventLoop {
    /// Accepts up to 64 pending connections.
    ///
    /// - Unsafe: the over-limit refusal's bytes are lent to `send` as a raw pointer
    ///   (`withUnsafeBytes`).
    /// - Invariant: `send` is given the buffer's own count, and the pointer does not outlive the
    ///   call.
    /// - Checked by: `HTTPServerTests.testMaxConnections` (the refusal path), under
    ///   AddressSanitizer in CI (`.ci/run` step 3).
    func acceptConnections(now: Duration) {
        for _ in 0..<64 {
            let fd = Epoll.accept(core.listenFD)
            if fd < 0 { return }
            if core.connectionCount.wrappingAdd(1, ordering: .relaxed).newValue > core.configuration.maxConnections {
                core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
                let refusal = Array(
                    "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(fd)
                continue
            }
            Socket.setNoDelay(fd)
            // Served by the loops in turn; by this one when the other has stopped taking messages.
            let loop = core.loop(forNextConnection: self)
            if loop === self || !loop.post(.adopt(fd: fd)) { adopt(fd, now: now) }
        }
    }

    /// Starts serving the accepted connection `fd` on this loop (closes it when draining).
    func adopt(_ fd: Int32, now: Duration) {
        if draining {
            close(fd)
            core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
            return
        }
        nextID &+= 1
        let connection = Connection(fd: fd, id: nextID, limits: core.configuration.limits, now: now)
        connections[fd] = connection
        connection.registeredEvents = Epoll.input | Epoll.readHangUp
        Epoll.control(epfd, Epoll.add, fd, events: connection.registeredEvents)
        update(connection, now: now)
    }

    /// Closes the connection and forgets it (idempotent).
    func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        connection.state.close()
        // The client is gone: streamed bodies stop (their producers see the stream cancelled).
        for task in connection.streams.values { task.cancel() }
        connection.streams.removeAll()
        close(connection.fd)
        core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
    }
}
