import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Locking

/// State shared by the server's event loops.
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let listenFD: Int32
    let connectionCount = Atomic<Int>(0)
    let requestCount = Atomic<Int>(0)
    private let finish = Locked<(running: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler, listenFD: Int32) {
        self.configuration = configuration
        self.handler = handler
        self.listenFD = listenFD
    }

    func loopStarted() { finish.withLock { $0.running += 1 } }

    func loopFinished() {
        let (finished, waiters) = finish.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            state.running -= 1
            guard state.running == 0 else { return (false, []) }
            let waiters = state.waiters
            state.waiters = []
            return (true, waiters)
        }
        if finished { close(listenFD) }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once every loop has stopped.
    func waitForLoops() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = finish.withLock { state -> Bool in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// One event-loop thread: an epoll set over the listening socket and its connections.
///
/// Everything but `post` runs on the loop's own thread; `post` (used by handler tasks and
/// by `shutdown`) goes through a locked inbox and an eventfd wake-up. That discipline is
/// what makes the `@unchecked Sendable` sound.
final class EventLoop: @unchecked Sendable {
    enum Message: Sendable {
        case completion(fd: Int32, id: UInt64, sequence: UInt64, response: HTTPResponse)
        case drain(deadline: Int)
        /// A task job: handler tasks run on their connection's loop (see `TaskExecutor`).
        case job(UnownedJob)
    }

    private let core: ServerCore
    private let epfd: Int32
    private let wakeFD: Int32
    private let inbox = Locked<(messages: [Message], wakePending: Bool, stopped: Bool)>(([], false, false))
    /// The loop thread's id, to post from the loop itself without a lock or a wake-up.
    private let loopThread = Atomic<UInt>(0)
    /// Messages posted from the loop thread itself (loop-thread state).
    private var localMessages: [Message] = []

    // Loop-thread state.
    private var connections: [Int32: Connection] = [:]
    private var nextID: UInt64 = 0
    private var date = HTTPDate()
    private let serverName: [UInt8]
    private var draining = false
    private var drainDeadline = Int.max
    private var scratch = [UInt8](repeating: 0, count: 65536)
    private let tick: Int

    init(core: ServerCore) throws(HTTPServerError) {
        self.core = core
        epfd = Epoll.create()
        wakeFD = Epoll.eventFD()
        guard epfd >= 0, wakeFD >= 0 else { throw HTTPServerError("epoll: \(Socket.errorText())") }
        serverName = Array(core.configuration.serverName.utf8)
        let c = core.configuration
        let shortest = min(c.headerTimeoutMilliseconds, c.bodyTimeoutMilliseconds, c.idleTimeoutMilliseconds)
        tick = max(5, min(250, shortest / 4))
        Epoll.control(epfd, Epoll.add, wakeFD, events: Epoll.input)
        Epoll.control(epfd, Epoll.add, core.listenFD, events: Epoll.input | Epoll.exclusive)
    }

    /// Sends a message to the loop from any thread.
    func post(_ message: Message) {
        if UInt(pthread_self()) == loopThread.load(ordering: .relaxed) {
            localMessages.append(message)
            return
        }
        inbox.withLock { state in
            guard !state.stopped else {
                if case .job(let job) = message { Self.runElsewhere(job) }
                return
            }
            state.messages.append(message)
            if !state.wakePending {
                state.wakePending = true
                var one: UInt64 = 1
                _ = write(wakeFD, &one, 8)
            }
        }
    }

    // MARK: - The loop

    func run() {
        var events = EpollEvents(capacity: 256)
        var nextSweep = monotonicMilliseconds() + tick
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
        while true {
            let count = events.wait(epfd, timeout: Int32(tick))
            if count < 0 && errno != EINTR { break }
            var now = monotonicMilliseconds()
            if count > 0 {
                for index in 0..<Int(count) {
                    let (flags, fd) = events[index]
                    if fd == wakeFD {
                        handleMessages(now: now)
                    } else if fd == core.listenFD {
                        if !draining { acceptConnections(now: now) }
                    } else if let connection = connections[fd] {
                        handleEvents(flags, on: connection, now: now)
                    }
                }
                now = monotonicMilliseconds()
            }
            runLocalMessages()
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + tick
            }
            if draining && (connections.isEmpty || now >= drainDeadline) { break }
        }
        for connection in Array(connections.values) { closeConnection(connection) }
        let leftover = inbox.withLock { state -> [Message] in
            state.stopped = true
            let messages = state.messages
            state.messages = []
            close(wakeFD)
            close(epfd)
            return messages
        }
        loopThread.store(0, ordering: .relaxed)
        // Tasks still running (past the grace period) continue on the global executor.
        for case .job(let job) in leftover + localMessages { Self.runElsewhere(job) }
        localMessages = []
        core.loopFinished()
    }

    private func handleMessages(now: Int) {
        var value: UInt64 = 0
        _ = read(wakeFD, &value, 8)
        let messages = inbox.withLock { state -> [Message] in
            state.wakePending = false
            let messages = state.messages
            state.messages = []
            return messages
        }
        for message in messages { handle(message, now: now) }
    }

    /// Runs messages posted from the loop thread (task jobs, completions) until none are left.
    private func runLocalMessages() {
        guard !localMessages.isEmpty else { return }
        let now = monotonicMilliseconds()
        while !localMessages.isEmpty {
            let batch = localMessages
            localMessages = []
            for message in batch { handle(message, now: now) }
        }
    }

    private static func runElsewhere(_ job: UnownedJob) {
        globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }

    private func handle(_ message: Message, now: Int) {
        switch message {
        case .job(let job):
            job.runSynchronously(on: asUnownedTaskExecutor())
        case .completion(let fd, let id, let sequence, let response):
            guard let connection = connections[fd], connection.id == id else { return }
            complete(connection, sequence: sequence, response: response, now: now)
        case .drain(let deadline):
            startDraining(deadline: deadline, now: now)
        }
    }

    private func startDraining(deadline: Int, now: Int) {
        guard !draining else { return }
        draining = true
        drainDeadline = deadline
        Epoll.control(epfd, Epoll.delete, core.listenFD, events: 0)
        for connection in Array(connections.values) {
            connection.acceptingRequests = false
            if connection.slots.isEmpty && !connection.hasUnsentOutput {
                closeConnection(connection)
            } else {
                update(connection, now: now)
            }
        }
    }

    private func acceptConnections(now: Int) {
        for _ in 0..<64 {
            let fd = Epoll.accept(core.listenFD)
            if fd < 0 { return }
            if core.connectionCount.wrappingAdd(1, ordering: .relaxed).newValue > core.configuration.maxConnections {
                core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
                let refusal = Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = refusal.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(fd)
                continue
            }
            Socket.setNoDelay(fd)
            nextID &+= 1
            let connection = Connection(fd: fd, id: nextID, limits: core.configuration.limits, now: now)
            connections[fd] = connection
            connection.registeredEvents = Epoll.input | Epoll.readHangUp
            Epoll.control(epfd, Epoll.add, fd, events: connection.registeredEvents)
            update(connection, now: now)
        }
    }

    // MARK: - Connections

    private func handleEvents(_ flags: UInt32, on connection: Connection, now: Int) {
        if flags & Epoll.error != 0 {
            closeConnection(connection)
            return
        }
        if flags & Epoll.output != 0 {
            guard writeOutput(connection, now: now) else { return }
            // Requests held back while responses were piling up can be parsed now.
            if connection.acceptingRequests, !connection.lingering, connection.inputStart < connection.input.count,
               connection.outputBacklog < Connection.maxOutputBacklog {
                processInput(connection, now: now)
            }
        }
        if flags & (Epoll.input | Epoll.readHangUp | Epoll.hangUp) != 0 {
            guard readInput(connection, now: now) else { return }
            if connection.lingering {
                if connection.readClosed { closeConnection(connection) }
                return
            }
            processInput(connection, now: now)
        }
        update(connection, now: now)
    }

    /// Reads what is available; returns false if the connection was closed.
    private func readInput(_ connection: Connection, now: Int) -> Bool {
        var rounds = 0
        while !connection.readClosed && rounds < 16 {
            rounds += 1
            let n = scratch.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                connection.lastReadAt = now
                if !connection.lingering { connection.input.append(contentsOf: scratch[0..<n]) }
                if n < scratch.count { break }
                // Stop reading when enough is buffered for a full pipeline of requests.
                if connection.input.count - connection.inputStart
                    > core.configuration.limits.maxHeadBytes + core.configuration.limits.maxBodyBytes { break }
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

    private func processInput(_ connection: Connection, now: Int) {
        let maxInFlight = core.configuration.maxPipelinedRequests
        parsing: while connection.acceptingRequests && connection.inFlight < maxInFlight
                        && connection.outputBacklog < Connection.maxOutputBacklog
                        && connection.inputStart < connection.input.count {
            let event = connection.parser.next(connection.input, from: &connection.inputStart)
            switch event {
            case .request(let request):
                connection.headStartedAt = nil
                dispatch(request, on: connection)
                if !request.keepAlive { connection.acceptingRequests = false }
            case .continueNeeded:
                let bytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                connection.slots.append(.init(sequence: UInt64.max, bytes: bytes, isHead: false,
                                              keepAlive: true, closesAfter: false))
            case .needMoreData:
                break parsing
            case .failure(let error):
                connection.acceptingRequests = false
                connection.lingerOnClose = true
                var response = errorResponse(error.status, error.message, head: error.head)
                response.closeConnection = true
                var bytes: [UInt8] = []
                HTTPResponseEncoder.encode(response, headRequest: false, close: true, keepAliveHeader: false,
                                           date: date.current(), server: serverName, into: &bytes)
                connection.slots.append(.init(sequence: UInt64.max, bytes: bytes, isHead: false,
                                              keepAlive: false, closesAfter: true))
            }
        }
        if connection.acceptingRequests, connection.parser.isBetweenRequests,
           connection.inputStart < connection.input.count, connection.headStartedAt == nil {
            connection.headStartedAt = now
        }
        connection.compactInput()
        flush(connection, now: now)
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection) {
        let sequence = connection.nextSequence
        connection.nextSequence += 1
        connection.inFlight += 1
        connection.slots.append(.init(sequence: sequence, bytes: nil, isHead: request.method == "HEAD",
                                      keepAlive: request.keepAlive, isHTTP10: request.minorVersion == 0,
                                      closesAfter: !request.keepAlive))
        core.requestCount.wrappingAdd(1, ordering: .relaxed)
        let handler = core.handler
        let fd = connection.fd, id = connection.id
        // A handler on the pool posts its completion from there: one hand-over each way.
        let executor: any TaskExecutor = core.configuration.runsOnEventLoop(request) ? self : globalConcurrentExecutor
        Task(executorPreference: executor) { [self] in
            let response = await handler(request)
            self.post(.completion(fd: fd, id: id, sequence: sequence, response: response))
        }
    }

    private func complete(_ connection: Connection, sequence: UInt64, response: HTTPResponse, now: Int) {
        guard let index = connection.slots.firstIndex(where: { $0.sequence == sequence }) else { return }
        connection.inFlight -= 1
        var slot = connection.slots[index]
        let close = slot.closesAfter || response.closeConnection || draining && connection.inFlight == 0
            && !connection.parser.isReadingBody
        slot.closesAfter = close
        var bytes: [UInt8] = []
        HTTPResponseEncoder.encode(response, headRequest: slot.isHead, close: close, keepAliveHeader: slot.isHTTP10,
                                   date: date.current(), server: serverName, into: &bytes)
        slot.bytes = bytes
        connection.slots[index] = slot
        if close { connection.acceptingRequests = false }
        flush(connection, now: now)
        // Requests waiting behind a full pipeline can now be parsed.
        if connection.acceptingRequests, !connection.lingering { processInput(connection, now: now) }
        if connections[connection.fd] === connection { update(connection, now: now) }
    }

    /// Moves ready responses (in order) to the output and writes.
    private func flush(_ connection: Connection, now: Int) {
        var count = 0
        while count < connection.slots.count, let bytes = connection.slots[count].bytes {
            if connection.output.isEmpty { connection.output = bytes } else { connection.output += bytes }
            let closes = connection.slots[count].closesAfter
            count += 1
            if closes {
                connection.closeAfterOutput = true
                connection.acceptingRequests = false
                break
            }
        }
        if count > 0 {
            if connection.closeAfterOutput {
                connection.slots.removeAll()
            } else {
                connection.slots.removeFirst(count)
            }
        }
        if connection.hasUnsentOutput { _ = writeOutput(connection, now: now) }
    }

    /// Writes pending output; returns false if the connection was closed.
    @discardableResult
    private func writeOutput(_ connection: Connection, now: Int) -> Bool {
        while connection.hasUnsentOutput {
            let n = connection.output.withUnsafeBytes {
                send(connection.fd, $0.baseAddress! + connection.outputStart,
                     $0.count - connection.outputStart, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                connection.outputStart += n
                connection.lastWriteAt = now
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                if errno == EINTR { continue }
                return true
            } else {
                closeConnection(connection)
                return false
            }
        }
        // Each response brings its own buffer: keep nothing on idle connections.
        connection.output = []
        connection.outputStart = 0
        if connection.closeAfterOutput && !connection.lingerOnClose {
            closeConnection(connection)
            return false
        }
        if connection.closeAfterOutput && !connection.lingering {
            // Lingering close: shut the write side and discard input until the client closes,
            // so unread request bytes do not turn into a reset that destroys the response.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.lingering = true
            connection.deadline = now + 2000
            connection.input = []
            connection.inputStart = 0
        }
        return true
    }

    /// Re-computes the epoll interest and the deadline; closes finished connections.
    private func update(_ connection: Connection, now: Int) {
        guard connections[connection.fd] === connection else { return }
        let c = core.configuration
        if connection.lingering {
            if connection.readClosed || draining && connection.slots.isEmpty && now >= drainDeadline {
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
        let wantsRead = !connection.readClosed && connection.acceptingRequests
            && connection.outputBacklog < Connection.maxOutputBacklog
            && connection.inFlight < c.maxPipelinedRequests
            && connection.input.count - connection.inputStart <= c.limits.maxHeadBytes + c.limits.maxBodyBytes
        if wantsRead { events |= Epoll.input }
        if connection.hasUnsentOutput { events |= Epoll.output }
        setInterest(connection, events)
        if connection.hasUnsentOutput {
            connection.deadline = connection.lastWriteAt + c.idleTimeoutMilliseconds
        } else if connection.inFlight > 0 {
            connection.deadline = Int.max
        } else if connection.parser.isReadingBody {
            connection.deadline = connection.lastReadAt + c.bodyTimeoutMilliseconds
        } else if let started = connection.headStartedAt {
            connection.deadline = started + c.headerTimeoutMilliseconds
        } else {
            connection.deadline = max(connection.lastReadAt, connection.lastWriteAt) + c.idleTimeoutMilliseconds
        }
    }

    private func setInterest(_ connection: Connection, _ events: UInt32) {
        guard connection.registeredEvents != events else { return }
        connection.registeredEvents = events
        Epoll.control(epfd, Epoll.modify, connection.fd, events: events)
    }

    /// The answer to a request that failed in the HTTP layer: the configured responder's when
    /// the head is known and it answers, else plain text.
    private func errorResponse(_ status: Int, _ message: String, head: HTTPRequest?) -> HTTPResponse {
        if let head, let responder = core.configuration.errorResponder, let response = responder(status, message, head) {
            return response
        }
        return .text(status, message + "\n")
    }

    private func sweep(now: Int) {
        for connection in connections.values where connection.deadline <= now {
            if connection.lingering || connection.hasUnsentOutput {
                closeConnection(connection)
            } else if connection.parser.isReadingBody || connection.inputStart < connection.input.count {
                // Slow head or body: answer 408 and close.
                connection.acceptingRequests = false
                connection.lingerOnClose = true
                var bytes: [UInt8] = []
                let response = errorResponse(408, "Request timed out", head: connection.parser.headInProgress)
                HTTPResponseEncoder.encode(response, headRequest: false, close: true,
                                           keepAliveHeader: false, date: date.current(), server: serverName,
                                           into: &bytes)
                connection.slots.append(.init(sequence: UInt64.max, bytes: bytes, isHead: false,
                                              keepAlive: false, closesAfter: true))
                flush(connection, now: now)
                update(connection, now: now)
            } else {
                closeConnection(connection)
            }
        }
    }

    private func closeConnection(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        close(connection.fd)
        core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
    }
}

extension EventLoop: TaskExecutor {
    /// Handler tasks prefer their loop: a handler that does not suspend on other work runs
    /// and answers within the same loop iteration, with no thread hop.
    func enqueue(_ job: consuming ExecutorJob) {
        post(.job(UnownedJob(job)))
    }
}
