import Locking

extension DeadlineWatchdog {
    /// Runs `operation` in a task of its own, bounded by the watchdog's ``timeout``: the first of
    /// its result, its deadline and the caller's cancellation wins. At the deadline it throws
    /// `expired()` at once and cancels the operation without waiting for it (a hung exchange
    /// cannot hold the caller); cancelling the caller throws `CancellationError` at once and
    /// cancels the operation too. The operation inherits the caller's task-local values.
    public func race<T: Sendable>(
        _ operation: @escaping @Sendable () async throws -> T,
        expired: @escaping @Sendable () -> any Error
    ) async throws -> T {
        let race = DeadlineRace<T>(watchdog: self)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.start(continuation)
                let work = Task {
                    do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
                }
                let entry = schedule { race.finish(.failure(expired())) }
                race.attach(work: work, deadline: entry)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// One ``DeadlineWatchdog/race(_:expired:)``: the first result wins; then the operation's task
/// is cancelled and its deadline removed.
private final class DeadlineRace<T: Sendable>: Sendable {
    struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var work: Task<Void, Never>?
        var deadline: DeadlineWatchdog.Entry?
    }

    let watchdog: DeadlineWatchdog
    let state = Locked(State())

    init(watchdog: DeadlineWatchdog) {
        self.watchdog = watchdog
    }

    /// Hands over the caller's continuation (resumed at once when a result came first).
    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { s -> Result<T, any Error>? in
            if let result = s.result { return result }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Records the operation's task and deadline (both ended at once when a result came first).
    func attach(work: Task<Void, Never>, deadline: DeadlineWatchdog.Entry) {
        let done = state.withLock { s -> Bool in
            s.work = work
            s.deadline = deadline
            return s.result != nil
        }
        if done {
            work.cancel()
            watchdog.cancel(deadline)
        }
    }

    /// The first call wins: resumes the caller, cancels the operation, removes the deadline.
    func finish(_ result: Result<T, any Error>) {
        typealias Losers = (CheckedContinuation<T, any Error>?, Task<Void, Never>?, DeadlineWatchdog.Entry?)
        let (continuation, work, deadline) = state.withLock { s -> Losers in
            guard s.result == nil else { return (nil, nil, nil) }
            s.result = result
            defer { s.continuation = nil }
            return (s.continuation, s.work, s.deadline)
        }
        work?.cancel()
        if let deadline { watchdog.cancel(deadline) }
        continuation?.resume(with: result)
    }
}
