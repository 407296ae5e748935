import Locking

/// What one client request (one GraphQL request) asks of the upstreams: the calls it already
/// made, shared with every later identical call of the same request, and its budget of new
/// upstream sends.
///
/// Create one per client request and hand it to the clients that serve that request (the
/// pipeline's `scope:` parameter); it is never shared between client requests.
///
/// **Sharing.** An identical call (same upstream, method, URL and body, decoded as the same
/// type) made twice by one client request is sent at most once, whatever its cache policy:
/// random endpoints included, so one answer shows the same random pictures wherever it asks
/// for them. The outcome is kept for the rest of the request, failures included (a request
/// sees one answer per upstream call); cancellation is not kept.
///
/// **Budget.** ``maxSends`` bounds the upstream requests the client request may cause: a call
/// that the cache, an identical call in flight (of any client request) or the shared cache
/// answers is free; a call that needs a new send takes one unit (its retries count once). Past
/// the budget such a call fails with ``UpstreamError/Kind/budgetExceeded`` while everything
/// else the request needs still answers.
public final class UpstreamScope: Sendable {
    /// The most new upstream sends the request may cause (`Int.max`: unbounded).
    public let maxSends: Int
    /// What the request used of the upstreams and how fresh it was.
    public let usage = UpstreamUsage()

    private struct State {
        var sends = 0
        var refusals = 0
        var calls: [ScopeKey: Call] = [:]
    }

    /// One call of the request: running (with the callers waiting for it) or done.
    private enum Call {
        case running([CheckedContinuation<any Sendable, any Error>])
        case done(Result<any Sendable, any Error>)
    }

    private let state = Locked(State())
    /// Told when the request's work waits on an upstream call (its batch scheduler).
    let waits: (any UpstreamWaitObserver)?

    /// A scope allowing `maxSends` new upstream sends (nil: unbounded), whose waits on upstream
    /// calls `waits` is told of.
    public init(maxSends: Int? = nil, waits: (any UpstreamWaitObserver)? = nil) {
        self.maxSends = max(0, maxSends ?? Int.max)
        self.waits = waits
    }

    /// New upstream sends made so far.
    public var sends: Int { state.withLock { $0.sends } }

    /// Calls refused so far because the budget was spent.
    public var refusals: Int { state.withLock { $0.refusals } }

    /// Takes one unit of the budget for a new send; false (and counted as a refusal) when it
    /// is spent.
    func reserveSend() -> Bool {
        state.withLock { s in
            guard s.sends < maxSends else {
                s.refusals += 1
                return false
            }
            s.sends += 1
            return true
        }
    }

    /// Gives back a unit taken by ``reserveSend()`` for a call that needed no send after all
    /// (answered by the cache or the shared cache once it led).
    func returnSend() {
        state.withLock { $0.sends = max(0, $0.sends - 1) }
    }

    /// The outcome of the call `key` for this request: the first caller runs `body`, the others
    /// (concurrent or later) get its outcome.
    func share<T: Sendable>(_ key: ScopeKey, _ body: () async throws -> T) async throws -> T {
        let role = state.withLock { s -> Role in
            switch s.calls[key] {
            case nil:
                s.calls[key] = .running([])
                return .lead
            case .done(let result):
                return .done(result)
            case .running:
                return .wait
            }
        }
        switch role {
        case .done(let result):
            return try Self.typed(result.get())
        case .wait:
            let value = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<any Sendable, any Error>) in
                let finished = state.withLock { s -> Result<any Sendable, any Error>? in
                    switch s.calls[key] {
                    case .running(let waiters):
                        s.calls[key] = .running(waiters + [continuation])
                        return nil
                    case .done(let result):
                        return result
                    case nil:
                        // The leader was cancelled and left: so is this caller's wait.
                        return .failure(CancellationError())
                    }
                }
                if let finished { continuation.resume(with: finished) }
            }
            return try Self.typed(value)
        case .lead:
            let result: Result<any Sendable, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            let keeps = !(result.failure is CancellationError)
            let waiters = state.withLock { s -> [CheckedContinuation<any Sendable, any Error>] in
                guard case .running(let waiters) = s.calls[key] else { return [] }
                s.calls[key] = keeps ? .done(result) : nil
                return waiters
            }
            for waiter in waiters { waiter.resume(with: result) }
            return try Self.typed(result.get())
        }
    }

    /// What a caller of ``share(_:_:)`` does: run the call, take its outcome, or wait for it.
    private enum Role {
        case lead
        case done(Result<any Sendable, any Error>)
        case wait
    }

    private static func typed<T>(_ value: any Sendable) throws -> T {
        guard let value = value as? T else { throw CancellationError() }
        return value
    }
}

/// One call as a request's scope tells it apart: the upstream, the request's cache key and the
/// type its answer is decoded as.
struct ScopeKey: Hashable, Sendable {
    var upstream: String
    var decoded: DecodedKey
}

extension Result {
    /// The error of a failure; nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Told when a request's work starts and stops waiting on an upstream call, so that a batching
/// layer does not count the wait as runnable work (a DataLoader scheduler sends the queued keys
/// of the request's other fields meanwhile).
public protocol UpstreamWaitObserver: Sendable {
    /// A wait starts; the returned token goes to ``endWait(_:)``.
    func beginWait() -> Bool
    /// The wait that `beginWait()` started ends.
    func endWait(_ token: Bool)
}
