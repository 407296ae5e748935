#if canImport(Glibc)
    import Glibc
#endif
import Clocks

/// One event-loop thread: an epoll set over the listening socket and its connections.
///
/// This file holds the loop's state and its core: wait for events, hand each to its
/// concern, run the messages posted meanwhile, sweep deadlines, stop once drained. The
/// concerns live beside it: `EventLoopInbox` (posts from other threads and the eventfd
/// wake-up), `EventLoopExecutor` (handler tasks on the loop), and the connection life cycle
/// (`EventLoopAccept`, `EventLoopInput`, `EventLoopOutput`, `EventLoopInterest`,
/// `EventLoopTimeouts`; each connection's state in `ConnectionState`).
///
/// Everything but `post` runs on the loop's own thread; `post` (used by handler tasks and
/// by `shutdown`) goes through the inbox. Time is the ``MonotonicClock``'s, read once per
/// iteration.
///
/// - Unsafe: `@unchecked Sendable` on a class of mutable loop-thread state (the loop is handed to
///   its thread, to handler tasks as their executor, and to `HTTPServer.shutdown`).
/// - Invariant: only `post` and `enqueue` (which posts) are called off the loop thread, and they
///   touch only the inbox; every other member is loop-thread state.
/// - Checked by: ThreadSanitizer runs of `HTTPServerTests` and `GraphQLServerTests` (CI, `.ci/run`
///   step 4), e.g. `testConcurrentClients` and `testGracefulShutdownFinishesInFlightRequests`.
final class EventLoop: @unchecked Sendable {
    let core: ServerCore
    let epfd: Int32
    let inbox: EventLoopInbox

    // Loop-thread state.
    var connections: [Int32: Connection] = [:]
    var nextID: UInt64 = 0
    var date = DateHeader()
    let serverName: [UInt8]
    /// Set by the first `.drain` message: no more connections or requests are taken.
    var draining = false
    var drainDeadline: Duration?
    /// The buffer each `recv` reads into.
    var scratch = [UInt8](repeating: 0, count: 65536)
    /// Connections with input left past their share of the last turn (``continueInput(now:)``).
    var deferredInput: [Connection] = []
    /// The messages the loop posted to itself being run (its storage swapped with the inbox's).
    var localBatch: [Message] = []
    /// Turns in which a connection went on with input deferred from the turn before.
    var deferredTurns = 0
    /// The longest the loop waits for events between deadline sweeps.
    let tick: Duration
    /// How long a lingering close waits for the client to close its end.
    static let lingerTimeout: Duration = .seconds(2)

    init(core: ServerCore) throws(HTTPServerError) {
        self.core = core
        epfd = Epoll.create()
        let wakeFD = Epoll.eventFD()
        guard epfd >= 0, wakeFD >= 0 else { throw HTTPServerError("epoll: \(Socket.errorText())") }
        inbox = EventLoopInbox(wakeFD: wakeFD)
        serverName = Array(core.configuration.serverName.utf8)
        let c = core.configuration
        let shortest = min(c.headerTimeout, c.bodyTimeout, c.idleTimeout)
        tick = max(.milliseconds(5), min(.milliseconds(250), shortest / 4))
        Epoll.control(epfd, Epoll.add, wakeFD, events: Epoll.input)
        Epoll.control(epfd, Epoll.add, core.listenFD, events: Epoll.input | Epoll.exclusive)
    }

    /// Sends a message to the loop from any thread; false when the loop has stopped and the
    /// message was dropped (a job then runs on the global executor and counts as sent).
    @discardableResult
    func post(_ message: consuming Message) -> Bool {
        inbox.post(message)
    }

    /// The loop: runs on its own thread until drained (see `HTTPServer.shutdown`).
    func run() {
        var events = EpollEvents(capacity: 256)
        var nextSweep = MonotonicClock.systemNow() + tick
        inbox.attachLoopThread()
        while true {
            // Deferred input is parsed on the next turn, after whatever else is ready now.
            let count = events.wait(epfd, timeout: deferredInput.isEmpty ? tick : .zero)
            if count < 0 && errno != EINTR { break }
            var now = MonotonicClock.systemNow()
            if count > 0 {
                for index in 0..<Int(count) {
                    let (flags, fd) = events[index]
                    if fd == inbox.wakeFD {
                        for message in inbox.takePosted() { handle(message, now: now) }
                    } else if fd == core.listenFD {
                        if !draining { acceptConnections(now: now) }
                    } else if let connection = connections[fd] {
                        handleEvents(flags, on: connection, now: now)
                    }
                }
                now = MonotonicClock.systemNow()
            }
            runLocalMessages()
            if !deferredInput.isEmpty { continueInput(now: now) }
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + tick
            }
            if draining && (connections.isEmpty || drainDeadline.map({ now >= $0 }) == true) { break }
        }
        for connection in Array(connections.values) { closeConnection(connection) }
        let leftover = inbox.close()
        close(epfd)
        // Tasks still running (past the grace period) continue on the global executor; a
        // connection handed over too late is closed.
        for message in leftover {
            switch message {
            case .job(let job):
                Self.runElsewhere(job)
            case .adopt(let fd):
                close(fd)
                core.connectionCount.wrappingSubtract(1, ordering: .relaxed)
            case .completion, .bodyPart, .drain:
                break
            }
        }
        core.loopFinished()
    }

    /// Runs messages posted from the loop thread (task jobs, completions) until none are left.
    private func runLocalMessages() {
        guard inbox.takeLocal(into: &localBatch) else { return }
        let now = MonotonicClock.systemNow()
        repeat {
            // By index: each message is read in place, not copied out of the batch.
            for index in localBatch.indices { handle(localBatch[index], now: now) }
        } while inbox.takeLocal(into: &localBatch)
        localBatch.removeAll(keepingCapacity: true)
    }

    private func handle(_ message: Message, now: Duration) {
        switch message {
        case .job(let job):
            run(job)
        case .completion(let fd, let id, let sequence, let response):
            guard let connection = connections[fd], connection.id == id else { return }
            complete(connection, sequence: sequence, response: response, now: now)
        case .bodyPart(let fd, let id, let sequence, let bytes):
            guard let connection = connections[fd], connection.id == id else { return }
            continueStream(connection, sequence: sequence, bytes: bytes, now: now)
        case .drain(let deadline):
            startDraining(deadline: deadline, now: now)
        case .adopt(let fd):
            adopt(fd, now: now)
        }
    }
}
