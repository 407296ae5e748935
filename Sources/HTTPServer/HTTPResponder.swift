import Locking

/// Delivers the answer to one request, once: the first answer wins and later ones are dropped.
///
/// The server gives one to every handler it starts (see ``HTTPServer/init(configuration:responder:)``).
/// A handler answers when it is done, or earlier: for example `504` at a deadline, from another
/// task, while the work it cancelled (``cancelHandler()``) winds down. Whatever the handler
/// answers after that is dropped, so it never reaches the connection.
public final class HTTPResponder: Sendable {
    private struct State {
        var answered = false
        var cancelRequested = false
        var handler: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let deliver: @Sendable (HTTPResponse) -> Void

    /// A responder that hands the first answer to `deliver`.
    public init(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        self.deliver = deliver
    }

    /// Sends `response` unless an answer was sent already; returns whether it was sent.
    /// `beforeSending` runs first when it is sent (to count it before the client can see it).
    @discardableResult
    public func answer(_ response: HTTPResponse, beforeSending: () -> Void = {}) -> Bool {
        let first = state.withLock { s -> Bool in
            if s.answered { return false }
            s.answered = true
            return true
        }
        guard first else { return false }
        beforeSending()
        deliver(response)
        return true
    }

    /// Cancels the task handling the request (at once, or as soon as it is attached).
    public func cancelHandler() {
        let task = state.withLock { s -> Task<Void, Never>? in
            s.cancelRequested = true
            return s.handler
        }
        task?.cancel()
    }

    /// Attaches the task that handles the request, for ``cancelHandler()``.
    public func attach(_ task: Task<Void, Never>) {
        let cancel = state.withLock { s -> Bool in
            s.handler = task
            return s.cancelRequested
        }
        if cancel { task.cancel() }
    }
}

/// A handler that answers through its ``HTTPResponder`` (once, possibly before it returns).
///
/// It runs on its caller's executor (`nonisolated(nonsending)`): the handler task's, which is
/// the connection's event loop for a light request, so calling it, and the nonsending async
/// functions of the request path below it, costs no executor switch.
public typealias HTTPRespondingHandler = nonisolated(nonsending) @Sendable (HTTPRequest, HTTPResponder) async -> Void
