import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Locking

/// State shared by the server's event loops: the configuration, the handler, the listening
/// socket, the connection and request counters, and the count of loops still running.
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPRespondingHandler
    let listenFD: Int32
    let connectionCount = Atomic<Int>(0)
    let requestCount = Atomic<Int>(0)
    private let finish = Locked<(running: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPRespondingHandler, listenFD: Int32) {
        self.configuration = configuration
        self.handler = handler
        self.listenFD = listenFD
    }

    func loopStarted() { finish.withLock { $0.running += 1 } }

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
