import Locking

/// Shares one upstream call among identical concurrent requests.
///
/// The first caller starts the call in its own task; later callers with the same
/// key wait for the same call. A caller that is cancelled stops waiting at once
/// (`CancellationError`); the shared call goes on for the others, and is cancelled
/// only when every caller waiting for it has been cancelled.
final class InFlightRequests<Key: Hashable & Sendable>: Sendable {
    struct Call {
        var id: Int
        var task: Task<Void, Never>?
        var waiters: [InFlightWaiter]
    }

    struct Storage {
        var calls: [Key: Call] = [:]
        var nextID = 0
    }

    private let storage = Locked(Storage())

    /// Returns the response of the call for `key`, starting it with `start` if none is
    /// running; `joined` tells whether an existing call was reused. A caller that would start
    /// the call asks `admit` first (under the table's lock, so joining stays free): when it
    /// answers false, nothing starts and the caller gets ``InFlightRefusal``.
    func run(
        _ key: Key,
        admit: @Sendable () -> Bool = { true },
        _ start: @escaping @Sendable () async throws -> FetchedResponse
    ) async throws -> (fetched: FetchedResponse, joined: Bool) {
        let waiter = InFlightWaiter()
        let fetched = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<FetchedResponse, any Error>) in
                // Already cancelled: the waiter resumed the continuation itself.
                guard waiter.install(continuation) else { return }
                let refused = storage.withLock { s -> Bool in
                    if s.calls[key] != nil {
                        s.calls[key]?.waiters.append(waiter)
                        waiter.joined = true
                        return false
                    }
                    guard admit() else { return true }
                    let id = s.nextID
                    s.nextID += 1
                    s.calls[key] = Call(id: id, task: nil, waiters: [waiter])
                    // The task delivers when done; it cannot do so before it is stored,
                    // because delivery takes the same lock.
                    s.calls[key]?.task = Task { [weak self] in
                        let result: Result<FetchedResponse, any Error>
                        do { result = .success(try await start()) } catch { result = .failure(error) }
                        self?.finish(key, id: id, result)
                    }
                    return false
                }
                if refused { waiter.deliver(.failure(InFlightRefusal())) }
            }
        } onCancel: {
            if waiter.cancel() { self.leave(key, waiter) }
        }
        return (fetched, waiter.joined)
    }

    private func finish(_ key: Key, id: Int, _ result: Result<FetchedResponse, any Error>) {
        let waiters = storage.withLock { s -> [InFlightWaiter] in
            guard let call = s.calls[key], call.id == id else { return [] }
            s.calls[key] = nil
            return call.waiters
        }
        for waiter in waiters { waiter.deliver(result) }
    }

    /// A cancelled caller stops waiting; the last one to leave cancels the call.
    private func leave(_ key: Key, _ waiter: InFlightWaiter) {
        let abandoned = storage.withLock { s -> Task<Void, Never>? in
            guard var call = s.calls[key], let index = call.waiters.firstIndex(where: { $0 === waiter }) else {
                return nil
            }
            call.waiters.remove(at: index)
            if call.waiters.isEmpty {
                s.calls[key] = nil
                return call.task
            }
            s.calls[key] = call
            return nil
        }
        abandoned?.cancel()
    }

    /// Calls currently running (abandoned calls no longer count).
    var count: Int { storage.withLock { $0.calls.count } }

    /// Callers currently waiting, over all calls (for tests).
    var waiting: Int { storage.withLock { $0.calls.values.reduce(0) { $0 + $1.waiters.count } } }
}

/// One caller waiting for a shared call: resumed exactly once, by the call's result or by
/// its own cancellation, whichever comes first.
final class InFlightWaiter: Sendable {
    enum Phase {
        case idle
        case waiting(CheckedContinuation<FetchedResponse, any Error>)
        case cancelled
        case done
    }

    struct State {
        var phase = Phase.idle
        var joined = false
    }

    private let state = Locked(State())

    /// Whether the caller joined a call already running.
    var joined: Bool {
        get { state.withLock { $0.joined } }
        set { state.withLock { $0.joined = newValue } }
    }

    /// Installs the caller's continuation; false (and the continuation resumed with
    /// `CancellationError`) when the caller was cancelled before.
    func install(_ continuation: CheckedContinuation<FetchedResponse, any Error>) -> Bool {
        let cancelled = state.withLock { s -> Bool in
            guard case .idle = s.phase else { return true }
            s.phase = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Resumes the caller with the call's result (unless it left already).
    func deliver(_ result: Result<FetchedResponse, any Error>) {
        let continuation = state.withLock { s -> CheckedContinuation<FetchedResponse, any Error>? in
            guard case .waiting(let continuation) = s.phase else { return nil }
            s.phase = .done
            return continuation
        }
        continuation?.resume(with: result)
    }

    /// Resumes the caller with `CancellationError`; true when it was waiting for a call
    /// (which it must now leave).
    func cancel() -> Bool {
        let continuation = state.withLock { s -> CheckedContinuation<FetchedResponse, any Error>? in
            switch s.phase {
            case .idle:
                s.phase = .cancelled
                return nil
            case .waiting(let continuation):
                s.phase = .done
                return continuation
            case .cancelled, .done:
                return nil
            }
        }
        continuation?.resume(throwing: CancellationError())
        return continuation != nil
    }
}

/// A call that would have started an upstream exchange was not admitted (its request's
/// budget is spent).
struct InFlightRefusal: Error {}

/// The answer of one shared call: the upstream's response and, for a 2xx answer, its
/// value as the caller's decoder made it (or why it could not).
struct FetchedResponse: Sendable {
    var response: UpstreamResponse
    /// Nil for a non-2xx answer (each caller decodes those itself).
    var decoded: Result<any Sendable, any Error>?
    /// The type `decoded` was decoded as; a caller that joined with another decoding decodes
    /// `response` itself.
    var decodedAs: ObjectIdentifier?
}
