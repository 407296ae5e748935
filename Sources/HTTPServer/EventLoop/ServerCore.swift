import Synchronization
#if canImport(Glibc)
    import Glibc
#endif
import Locking

/// State shared by the server's event loops: the configuration, the handler, the listening
/// socket, the connection and request counters, and the count of loops still running.
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPEventualHandler
    let listenFD: Int32
    let connectionCount = Atomic<Int>(0)
    let requestCount = Atomic<Int>(0)
    private let finish = Locked<(running: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))
    /// The loops, set at start and emptied when the last one stops (they refer to this core).
    private let loops = Locked<[EventLoop]>([])
    /// The turn of the next accepted connection (see ``loop(forNextConnection:)``).
    private let nextTurn = Atomic<Int>(0)

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPEventualHandler, listenFD: Int32) {
        self.configuration = configuration
        self.handler = handler
        self.listenFD = listenFD
    }

    func loopStarted() { finish.withLock { $0.running += 1 } }

    /// Sets the loops that accepted connections are shared out to.
    func setLoops(_ all: [EventLoop]) { loops.withLock { $0 = all } }

    /// The loop that serves the next accepted connection: each in turn, whichever accepted it.
    ///
    /// One loop may accept a whole burst of connections (the listening socket wakes one loop,
    /// which accepts all that are pending); handing them out in turn keeps every loop, and so
    /// every core, busy. `acceptor` when it is the only loop.
    func loop(forNextConnection acceptor: EventLoop) -> EventLoop {
        loops.withLock { all in
            guard all.count > 1 else { return acceptor }
            let turn = nextTurn.wrappingAdd(1, ordering: .relaxed).oldValue
            return all[Int(UInt(bitPattern: turn) % UInt(all.count))]
        }
    }

    /// Called by each loop as it stops; the last one closes the listening socket and wakes
    /// the waiters.
    func loopFinished() {
        let (finished, waiters) = finish.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            state.running -= 1
            guard state.running == 0 else { return (false, []) }
            let waiters = state.waiters
            state.waiters = []
            return (true, waiters)
        }
        if finished {
            close(listenFD)
            loops.withLock { $0 = [] }
        }
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
