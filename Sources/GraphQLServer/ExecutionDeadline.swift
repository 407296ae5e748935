import Locking

/// How an execution raced against its deadline ended.
enum DeadlineOutcome<Value: Sendable>: Sendable {
    /// The execution finished in time with this value.
    case finished(Value)
    /// The deadline passed first: the execution was cancelled and its value will be dropped.
    case timedOut
}

/// Runs `operation` in a task of its own, on the caller's task executor (the connection's
/// event loop), with a time limit.
///
/// When `timeout` passes first, the operation's task is cancelled and `.timedOut` is returned
/// at once: the caller never waits for an operation that ignores cancellation. Whatever the
/// operation returns afterwards is dropped (it cannot reach the caller, and so never the
/// connection). `abandoned` is called when the deadline leaves the operation running and
/// `abandonedEnded` when such an operation finally ends (each at most once, in that order).
/// Cancelling the caller cancels the operation too (the caller then gets `.timedOut` at once).
func withExecutionDeadline<Value: Sendable>(
    _ timeout: Duration,
    abandoned: @escaping @Sendable () -> Void = {},
    abandonedEnded: @escaping @Sendable () -> Void = {},
    _ operation: @escaping @Sendable () async -> Value
) async -> DeadlineOutcome<Value> {
    let race = DeadlineRace<Value>(abandoned: abandoned, abandonedEnded: abandonedEnded)
    let preference = withUnsafeCurrentTask { $0?.unownedTaskExecutor?.asTaskExecutor() }
    return await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) in
            race.start(continuation)
            let work = Task(executorPreference: preference) {
                race.finish(.finished(await operation()))
            }
            let timer = Task(executorPreference: preference) {
                do {
                    try await Task.sleep(for: timeout)
                    race.finish(.timedOut)
                } catch {
                    // Cancelled: the operation finished first (or the caller went away).
                }
            }
            race.setTasks(work: work, timer: timer)
        }
    } onCancel: {
        race.finish(.timedOut)
    }
}

/// The first outcome of a deadline race wins; the loser's task is cancelled.
private final class DeadlineRace<Value: Sendable>: Sendable {
    struct State {
        var continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>?
        var outcome: DeadlineOutcome<Value>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        /// True once the operation's task has returned (in time or late).
        var operationEnded = false
    }

    let state = Locked(State())
    let abandoned: @Sendable () -> Void
    let abandonedEnded: @Sendable () -> Void

    /// The callbacks run under the race's lock (so always in order): keep them short.
    init(abandoned: @escaping @Sendable () -> Void, abandonedEnded: @escaping @Sendable () -> Void) {
        self.abandoned = abandoned
        self.abandonedEnded = abandonedEnded
    }

    func start(_ continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) {
        let early = state.withLock { s -> DeadlineOutcome<Value>? in
            if let outcome = s.outcome { return outcome }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func setTasks(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let (cancelWork, cancelTimer) = state.withLock { s -> (Bool, Bool) in
            s.work = work
            s.timer = timer
            guard let outcome = s.outcome else { return (false, false) }
            if case .finished = outcome { return (false, true) }
            return (!s.operationEnded, true)
        }
        if cancelWork { work.cancel() }
        if cancelTimer { timer.cancel() }
    }

    func finish(_ outcome: DeadlineOutcome<Value>) {
        var isOperation = false
        if case .finished = outcome { isOperation = true }
        let (continuation, work, timer) = state.withLock {
            s -> (CheckedContinuation<DeadlineOutcome<Value>, Never>?, Task<Void, Never>?, Task<Void, Never>?) in
            if isOperation { s.operationEnded = true }
            guard s.outcome == nil else {
                // The operation ended after the deadline (or after the caller left).
                if isOperation { abandonedEnded() }
                return (nil, nil, nil)
            }
            s.outcome = outcome
            if !isOperation { abandoned() }
            let continuation = s.continuation
            s.continuation = nil
            return (continuation, isOperation ? nil : s.work, s.timer)
        }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(returning: outcome)
    }
}
