import Base
import Synchronization

/// Delivers the answer to one request, once: the first answer wins and later ones are dropped.
///
/// The server gives one to every handler it starts (see ``HTTPServer/init(configuration:responder:)``).
/// A handler answers when it is done, or earlier: for example `504` at a deadline, from another
/// task, while the work it cancelled (``cancelHandler()``) winds down. Whatever the handler
/// answers after that is dropped, so it never reaches the connection.
///
/// Its state is atomic, held in the responder itself: a request's responder is one allocation,
/// and answering costs one atomic exchange (no lock, no second allocation for one).
public final class HTTPResponder: Sendable {
    /// The task a handler runs in, once attached.
    private final class AttachedTask: Sendable {
        let task: Task<Void, Never>

        init(_ task: Task<Void, Never>) { self.task = task }
    }

    /// Where the first answer goes.
    private enum Destination: Sendable {
        /// A closure's.
        case closure(@Sendable (HTTPResponse) -> Void)
        /// A connection's response slot, posted to its event loop (no closure to allocate).
        case loop(EventLoop, fd: Int32, id: UInt64, sequence: UInt64)
    }

    /// Set by the first answer.
    private let answered = Atomic<Bool>(false)
    /// Set by ``cancelHandler()``.
    private let cancelRequested = Atomic<Bool>(false)
    /// The handler's task (none for a handler that answered at once, with no task).
    private let handler = AtomicLazyReference<AttachedTask>()
    private let destination: Destination
    /// Whether the request's handler was started on its connection's event loop (the server's
    /// ``HTTPServerConfiguration/runsOnEventLoop`` admitted it) rather than on the pool.
    public let startedOnEventLoop: Bool

    /// A responder that hands the first answer to `deliver`.
    public init(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        destination = .closure(deliver)
        startedOnEventLoop = false
    }

    /// A responder that posts the first answer to `loop` as the completion of the request
    /// `sequence` on the connection `fd` (`id`), whose handler starts on that loop or not
    /// (`startedOnEventLoop`).
    init(loop: EventLoop, fd: Int32, id: UInt64, sequence: UInt64, startedOnEventLoop: Bool) {
        destination = .loop(loop, fd: fd, id: id, sequence: sequence)
        self.startedOnEventLoop = startedOnEventLoop
    }

    /// Sends `response` unless an answer was sent already; returns whether it was sent.
    /// `beforeSending` runs first when it is sent (to count it before the client can see it).
    @discardableResult
    public func answer(_ response: consuming HTTPResponse, beforeSending: () -> Void = {}) -> Bool {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        beforeSending()
        // The response moves on (into the loop's message): its fields are not copied.
        switch destination {
        case .closure(let deliver):
            deliver(response)
        case .loop(let loop, let fd, let id, let sequence):
            loop.post(.completion(fd: fd, id: id, sequence: sequence, response: response))
        }
        return true
    }

    /// Whether an answer was sent.
    public var hasAnswered: Bool { answered.load(ordering: .acquiring) }

    /// Cancels the task handling the request (at once, or as soon as it is attached).
    ///
    /// With ``attach(_:)`` on another thread, each side writes its own flag, then a sequentially
    /// consistent fence, then reads the other's: at least one of them sees the other's write,
    /// so the task is cancelled (possibly twice, which is harmless).
    public func cancelHandler() {
        cancelRequested.store(true, ordering: .relaxed)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        handler.load()?.task.cancel()
    }

    /// Attaches the task that handles the request, for ``cancelHandler()`` (once: a second task
    /// is not kept).
    public func attach(_ task: Task<Void, Never>) {
        _ = handler.storeIfNil(AttachedTask(task))
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        if cancelRequested.load(ordering: .relaxed) { task.cancel() }
    }
}

/// A handler that answers through its ``HTTPResponder`` (once, possibly before it returns).
///
/// It runs on its caller's executor (`nonisolated(nonsending)`): the handler task's, which is
/// the connection's event loop for a light request, so calling it, and the nonsending async
/// functions of the request path below it, costs no executor switch.
public typealias HTTPRespondingHandler = nonisolated(nonsending) @Sendable (HTTPRequest, HTTPResponder) async -> Void

/// A handler that answers through its ``HTTPResponder`` as far as it can at once: `.ready` when
/// it is done (it answered, or handed the answer to work of its own), `.pending` with the work
/// left, which the server runs in a task (on the connection's event loop for a light request,
/// so the pending work's `nonisolated(nonsending)` steps cost no executor switch).
///
/// A request whose answer is ready at once (a warm GraphQL query, `/health`) is answered with
/// no task: no task allocation, no job on the loop, no executor switch.
public typealias HTTPEventualHandler = @Sendable (HTTPRequest, HTTPResponder) -> Eventual<Void>
