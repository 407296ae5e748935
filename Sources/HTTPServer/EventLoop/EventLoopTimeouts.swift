/// The ends that do not come from the client: the deadline sweep (408 for a slow head or
/// body, closing idle, stalled or lingering connections) and draining at shutdown.
extension EventLoop {
    /// Acts on every connection whose deadline has passed.
    func sweep(now: Duration) {
        for connection in connections.values {
            guard let deadline = connection.deadline, deadline <= now else { continue }
            if connection.state.isLingering || connection.hasUnsentOutput {
                closeConnection(connection)
            } else if connection.parser.isReadingBody || connection.inputStart < connection.input.count {
                // Slow head or body: answer 408 and close.
                connection.state.stopTakingRequestsAfterError()
                var bytes: [UInt8] = []
                let response = errorResponse(408, "Request timed out", head: connection.parser.headInProgress)
                HTTPResponseEncoder.encode(
                    response, headRequest: false, close: true,
                    keepAliveHeader: false, date: date.current(), server: serverName,
                    into: &bytes)
                connection.slots.append(
                    .init(
                        sequence: UInt64.max, bytes: bytes, isHead: false,
                        keepAlive: false, closesAfter: true))
                flush(connection, now: now)
                update(connection, now: now)
            } else {
                closeConnection(connection)
            }
        }
    }

    /// Stops accepting connections and requests: idle connections close now, busy ones once
    /// their responses are out (or at `deadline`, when the loop stops).
    func startDraining(deadline: Duration, now: Duration) {
        guard !draining else { return }
        draining = true
        drainDeadline = deadline
        Epoll.control(epfd, Epoll.delete, core.listenFD, events: 0)
        for connection in Array(connections.values) {
            connection.state.stopTakingRequests()
            if connection.slots.isEmpty && !connection.hasUnsentOutput {
                closeConnection(connection)
            } else {
                update(connection, now: now)
            }
        }
    }
}
