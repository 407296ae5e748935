#if canImport(Glibc)
    import Glibc
#endif
import Base
import CLinux
import Clocks
import Locking

/// An HTTP/1.1 server on non-blocking sockets and a fixed set of epoll event-loop threads
/// (named ``loopThreadName``).
///
/// Requests are parsed on the loops and answered by a handler that answers at once when it can
/// (on the loop, no task) and in a task otherwise (``HTTPEventualHandler``); responses go back
/// in request order (pipelining), with keep-alive, `Expect: 100-continue`, `HEAD`, limits,
/// timeouts and graceful shutdown. It knows nothing of what it serves.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0)) { request in
///     .text(200, "hello")
/// }
/// let port = try server.start()
/// await server.shutdown()
/// ```
public final class HTTPServer: Sendable {
    /// The configuration it was created with.
    public let configuration: HTTPServerConfiguration
    private let handler: HTTPEventualHandler
    private let state = Locked<(core: ServerCore?, loops: [EventLoop], port: Int, stopping: Bool)>((nil, [], 0, false))

    /// A server that answers with `handler` once started.
    public convenience init(configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) {
        self.init(
            configuration: configuration,
            responder: { request, responder in
                responder.answer(await handler(request))
            })
    }

    /// A server whose `async` handler answers through the ``HTTPResponder`` it is given (the
    /// first answer goes out; a handler that returns without answering gets a `500`). It runs in
    /// a task for every request.
    public convenience init(configuration: HTTPServerConfiguration, responder handler: @escaping HTTPRespondingHandler)
    {
        self.init(
            configuration: configuration,
            answering: { request, responder in .pending { await handler(request, responder) } })
    }

    /// A server whose handler answers through the ``HTTPResponder`` it is given, at once when it
    /// can: a light request's handler runs on its event loop, and a task is started only for
    /// the work it returns pending. The first answer goes out; a handler that ends without
    /// answering gets a `500`.
    public init(configuration: HTTPServerConfiguration, answering handler: @escaping HTTPEventualHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Binds, listens and starts the event loops. Returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        signal(SIGPIPE, SIG_IGN)
        let (fd, port) = try Socket.listen(
            host: configuration.host, port: configuration.port,
            backlog: configuration.backlog)
        let core = ServerCore(configuration: configuration, handler: handler, listenFD: fd)
        var loops: [EventLoop] = []
        do {
            for _ in 0..<max(1, configuration.eventLoopCount) { loops.append(try EventLoop(core: core)) }
        } catch {
            close(fd)
            throw error
        }
        core.setLoops(loops)
        state.withLock { $0 = (core, loops, port, false) }
        for loop in loops {
            core.loopStarted()
            Self.spawn(loop)
        }
        return port
    }

    /// The bound port (after `start`).
    public var port: Int { state.withLock { $0.port } }

    /// The number of open connections.
    public var connectionCount: Int {
        state.withLock { $0.core }?.connectionCount.load(ordering: .relaxed) ?? 0
    }

    /// The number of requests parsed since start.
    public var requestCount: Int {
        state.withLock { $0.core }?.requestCount.load(ordering: .relaxed) ?? 0
    }

    /// Stops accepting, lets in-flight requests finish (answered with `Connection: close`),
    /// closes idle connections, and returns when every loop has stopped; connections still
    /// busy after `gracePeriod` are closed.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let (core, loops) = state.withLock { state -> (ServerCore?, [EventLoop]) in
            state.stopping = true
            return (state.core, state.loops)
        }
        guard let core else { return }
        let deadline = MonotonicClock.systemNow() + gracePeriod
        for loop in loops { loop.post(.drain(deadline: deadline)) }
        await core.waitForLoops()
    }

    /// The name of the event-loop threads (as `top -H` shows them).
    public static let loopThreadName = "http-loop"

    private static func spawn(_ loop: EventLoop) {
        DetachedThread.start(named: loopThreadName) { loop.run() }
    }
}
