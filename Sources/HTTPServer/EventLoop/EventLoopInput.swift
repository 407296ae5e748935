#if canImport(Glibc)
    import Glibc
#endif
import Base

/// A connection's way in: its epoll readiness events, reading, parsing requests and
/// dispatching each to the handler.
extension EventLoop {
    func handleEvents(_ flags: UInt32, on connection: Connection, now: Duration) {
        if flags & Epoll.error != 0 {
            closeConnection(connection)
            return
        }
        if flags & Epoll.output != 0 {
            guard writeOutput(connection, now: now) else { return }
            // Requests held back while responses were piling up can be parsed now.
            if connection.state.acceptsRequests, connection.inputStart < connection.input.count,
                connection.outputBacklog < Connection.maxOutputBacklog
            {
                processInput(connection, now: now)
            }
        }
        if flags & (Epoll.input | Epoll.readHangUp | Epoll.hangUp) != 0 {
            guard readInput(connection, now: now) else { return }
            // A client that ended its side while a body streams to it has gone away (as browsers
            // and fetch clients do): the streams stop, and end their bodies where they are.
            if connection.readClosed, !connection.streams.isEmpty {
                for task in connection.streams.values { task.cancel() }
            }
            if connection.state.isLingering {
                if connection.readClosed { closeConnection(connection) }
                return
            }
            processInput(connection, now: now)
        }
        update(connection, now: now)
    }

    /// Reads what is available; returns false if the connection was closed.
    ///
    /// - Unsafe: the loop's `scratch` array is lent to `recv` as a raw pointer
    ///   (`withUnsafeMutableBytes`), which the kernel writes.
    /// - Invariant: `recv` is given the buffer's own count, so it writes inside it and returns at
    ///   most that many bytes (`scratch[0..<n]`); the pointer does not outlive the call.
    /// - Checked by: every `HTTPServerTests` and `GraphQLServerTests` request (e.g.
    ///   `testPartialAndChunkedAndContinue`), under AddressSanitizer in CI (`.ci/run` step 3).
    func readInput(_ connection: Connection, now: Duration) -> Bool {
        var rounds = 0
        while !connection.readClosed && rounds < 16 {
            rounds += 1
            let n = scratch.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                connection.lastReadAt = now
                if !connection.state.isLingering { connection.input.append(contentsOf: scratch[0..<n]) }
                if n < scratch.count { break }
                // Stop reading when enough is buffered for a full pipeline of requests.
                if connection.input.count - connection.inputStart
                    > core.configuration.limits.maxHeadBytes + core.configuration.limits.maxBodyBytes
                {
                    break
                }
            } else if n == 0 {
                connection.readClosed = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                break
            } else {
                closeConnection(connection)
                return false
            }
        }
        return true
    }

    /// Parses and dispatches the buffered requests while the connection takes requests and
    /// the pipeline and output backlog allow, at most ``HTTPServerConfiguration/inputBytesPerTurn``
    /// bytes of them (the rest waits for the loop's next turn: see ``continueInput(now:)``); then
    /// flushes what is ready.
    func processInput(_ connection: Connection, now: Duration) {
        let maxInFlight = core.configuration.maxPipelinedRequests
        // A share always holds a whole head or trailer line, so that every turn makes progress;
        // a fixed-length body is copied whole (cheap), so its share holds all of it.
        // (Fields read one by one: a copy of the whole configuration would retain its every reference.)
        let share = max(core.configuration.inputBytesPerTurn, core.configuration.limits.maxHeadBytes + 4)
        var end = connection.inputStart + share
        parsing: while connection.state.acceptsRequests && connection.inFlight < maxInFlight
            && connection.outputBacklog < Connection.maxOutputBacklog
            && connection.inputStart < connection.input.count
        {
            if connection.inputStart >= end {
                deferInput(connection)
                break parsing
            }
            end = max(end, connection.inputStart + connection.parser.awaitedFixedBody)
            let event = connection.parser.next(connection.input, from: &connection.inputStart, end: end)
            switch event {
            case .request(let request):
                connection.headStartedAt = nil
                dispatch(request, on: connection)
                if !request.keepAlive { connection.state.stopTakingRequests() }
            case .continueNeeded:
                let bytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                connection.slots.append(
                    .init(
                        sequence: UInt64.max, bytes: bytes, isHead: false,
                        keepAlive: true, closesAfter: false))
            case .needMoreData:
                if end < connection.input.count { deferInput(connection) }
                break parsing
            case .failure(let error):
                connection.state.stopTakingRequestsAfterError()
                var response = errorResponse(error.status, error.message, head: error.head)
                response.closeConnection = true
                var bytes: [UInt8] = []
                HTTPResponseEncoder.encode(
                    response, headRequest: false, close: true, keepAliveHeader: false,
                    date: date.current(), server: serverName, into: &bytes)
                connection.slots.append(
                    .init(
                        sequence: UInt64.max, bytes: bytes, isHead: false,
                        keepAlive: false, closesAfter: true))
            }
        }
        if connection.state.acceptsRequests, connection.parser.isBetweenRequests,
            connection.inputStart < connection.input.count, connection.headStartedAt == nil
        {
            connection.headStartedAt = now
        }
        connection.compactInput()
        flush(connection, now: now)
    }

    /// Marks `connection` as holding input past this turn's share: parsed on the next turn.
    private func deferInput(_ connection: Connection) {
        guard !connection.inputDeferred else { return }
        connection.inputDeferred = true
        deferredInput.append(connection)
    }

    /// Parses the next share of each connection whose input was deferred by the last turn
    /// (after the loop has served the events of its other connections).
    func continueInput(now: Duration) {
        let deferred = deferredInput
        deferredInput.removeAll(keepingCapacity: true)
        for connection in deferred {
            connection.inputDeferred = false
            guard connections[connection.fd] === connection, !connection.state.isClosed else { continue }
            deferredTurns += 1
            processInput(connection, now: now)
            update(connection, now: now)
        }
    }

    /// Gives the request a response slot and calls its handler: on this loop for a light
    /// request (as far as it goes at once; a task on this loop for the work it returns
    /// pending), else in a task on the pool. The handler's answer posts the completion back.
    func dispatch(_ request: HTTPRequest, on connection: Connection) {
        let sequence = connection.nextSequence
        connection.nextSequence += 1
        connection.inFlight += 1
        connection.slots.append(
            .init(
                sequence: sequence, bytes: nil, isHead: request.method == "HEAD",
                keepAlive: request.keepAlive, isHTTP10: request.minorVersion == 0,
                closesAfter: !request.keepAlive))
        core.requestCount.wrappingAdd(1, ordering: .relaxed)
        let handler = core.handler
        // A handler on the pool posts its completion from there: one hand-over each way. The
        // responder posts the first answer only (a deadline's may come before the handler ends).
        let onLoop = core.configuration.runsOnEventLoop(request)
        let responder = HTTPResponder(
            loop: self, fd: connection.fd, id: connection.id, sequence: sequence, startedOnEventLoop: onLoop)
        let work: Eventual<Void>.Work
        let executor: any TaskExecutor
        if onLoop {
            guard case .pending(let pending) = handler(request, responder) else {
                Self.answerIfSilent(responder)
                return
            }
            work = pending
            executor = self
        } else {
            work = { try await handler(request, responder).value }
            executor = globalConcurrentExecutor
        }
        responder.attach(
            Task(executorPreference: executor) {
                try? await work()
                Self.answerIfSilent(responder)
            })
    }

    /// Answers `500` for a handler that ended without answering (nothing when it answered).
    private static func answerIfSilent(_ responder: HTTPResponder) {
        guard !responder.hasAnswered else { return }
        responder.answer(.text(500, "Internal server error: the handler gave no answer\n"))
    }
}
