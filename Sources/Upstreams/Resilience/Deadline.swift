import Locking

/// Runs `operation` with a time limit. On expiry it throws ``TransportError/timedOut``
/// at once and cancels the operation without waiting for it (a hung connection
/// cannot hold the caller). Cancelling the caller cancels the operation.
func withDeadline<T: Sendable>(
    seconds: Double,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = Race<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            race.start(continuation)
            let work = Task {
                do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
            }
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                if !Task.isCancelled { race.finish(.failure(TransportError.timedOut)) }
            }
            race.setTasks(work: work, timer: timer)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first result of a deadline race wins; the losers are cancelled.
private final class Race<T: Sendable>: Sendable {
    struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    let state = Locked(State())

    func start(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { s -> Result<T, any Error>? in
            if let result = s.result { return result }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func setTasks(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let done = state.withLock { s -> Bool in
            s.work = work
            s.timer = timer
            return s.result != nil
        }
        if done {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, work, timer) = state.withLock { s -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?, Task<Void, Never>?) in
            guard s.result == nil else { return (nil, nil, nil) }
            s.result = result
            let continuation = s.continuation
            s.continuation = nil
            return (continuation, s.work, s.timer)
        }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(with: result)
    }
}
