/// What each connection waits for next: its epoll interest (read, write, peer hang-up) and
/// its deadline, recomputed after every change; a connection with nothing left to do is
/// closed here.
extension EventLoop {
    /// Re-computes the epoll interest and the deadline; closes finished connections.
    func update(_ connection: Connection, now: Duration) {
        guard !connection.state.isClosed else { return }
        if connection.state.isLingering {
            if connection.readClosed || draining && connection.slots.isEmpty && drainDeadline.map({ now >= $0 }) == true
            {
                closeConnection(connection)
                return
            }
            setInterest(connection, Epoll.input | Epoll.readHangUp)
            return
        }
        let idle = connection.slots.isEmpty && !connection.hasUnsentOutput
        if idle && (connection.readClosed || draining) {
            closeConnection(connection)
            return
        }
        // Once the client's end is closed, peer hang-up stays signalled: stop asking for it.
        var events: UInt32 = connection.readClosed ? 0 : Epoll.readHangUp
        let wantsRead =
            !connection.readClosed && connection.state.acceptsRequests
            && connection.outputBacklog < Connection.maxOutputBacklog
            && connection.inFlight < core.configuration.maxPipelinedRequests
            && connection.input.count - connection.inputStart
                <= core.configuration.limits.maxHeadBytes + core.configuration.limits.maxBodyBytes
        if wantsRead { events |= Epoll.input }
        if connection.hasUnsentOutput { events |= Epoll.output }
        setInterest(connection, events)
        if connection.hasUnsentOutput {
            connection.deadline = connection.lastWriteAt + core.configuration.idleTimeout
        } else if connection.inFlight > 0 {
            connection.deadline = nil
        } else if connection.parser.isReadingBody {
            connection.deadline = connection.lastReadAt + core.configuration.bodyTimeout
        } else if let started = connection.headStartedAt {
            connection.deadline = started + core.configuration.headerTimeout
        } else {
            connection.deadline = max(connection.lastReadAt, connection.lastWriteAt) + core.configuration.idleTimeout
        }
    }

    private func setInterest(_ connection: Connection, _ events: UInt32) {
        guard connection.registeredEvents != events else { return }
        connection.registeredEvents = events
        Epoll.control(epfd, Epoll.modify, connection.fd, events: events)
    }
}
