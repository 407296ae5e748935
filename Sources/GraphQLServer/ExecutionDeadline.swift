import Locking

/// How an execution raced against its deadline ended.
enum DeadlineOutcome<Value: Sendable>: Sendable {
    /// The execution finished in time with this value.
    case finished(Value)
    /// The deadline passed first: the execution was cancelled and its value will be dropped.
    case timedOut
}

/// Runs `operation` in a task of its own, on the caller's task executor (the connection's
/// event loop), with a time limit: `watchdog`'s timeout.
///
/// When the timeout passes first, the operation's task is cancelled and `.timedOut` is returned
/// at once: the caller never waits for an operation that ignores cancellation. Whatever the
/// operation returns afterwards is dropped (it cannot reach the caller, and so never the
/// connection). `abandoned` is called when the deadline leaves the operation running and
/// `abandonedEnded` when such an operation finally ends (each at most once, in that order).
/// Cancelling the caller cancels the operation too (the caller then gets `.timedOut` at once).
func withExecutionDeadline<Value: Sendable>(
    _ watchdog: DeadlineWatchdog,
    abandoned: @escaping @Sendable () -> Void = {},
    abandonedEnded: @escaping @Sendable () -> Void = {},
    _ operation: @escaping @Sendable () async -> Value
) async -> DeadlineOutcome<Value> {
    let race = DeadlineRace<Value>(watchdog: watchdog, abandoned: abandoned, abandonedEnded: abandonedEnded)
    // Kept unsafe construct: `withUnsafeCurrentTask` is the only way to read the caller's task
    // executor (its connection's event loop) so that the operation's unstructured task runs
    // there too. Invariant: the `UnsafeCurrentTask` does not escape the closure (only the
    // executor, a strong reference, does). Test: `RequestDeadlineTests` (MenagerieTests) and
    // the GraphQLServer deadline tests; TSan runs of `GraphQLServerTests`.
    let preference = withUnsafeCurrentTask { $0?.unownedTaskExecutor?.asTaskExecutor() }
    return await withTaskCancellationHandler {
        // The work starts before the caller suspends: an operation that finishes first leaves its
        // outcome for `start`, which then resumes on this thread, inside the closure (a resume from
        // another thread while the caller is still suspending is legal, but ThreadSanitizer, which
        // cannot see the concurrency runtime's synchronisation, reports it).
        let work = Task(executorPreference: preference) {
            race.finish(.finished(await operation()))
        }
        race.setWork(work)
        return await withCheckedContinuation { (continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) in
            race.start(continuation)
        }
    } onCancel: {
        race.finish(.timedOut)
    }
}

/// The first outcome of a deadline race wins; the operation's task is cancelled when it loses.
///
/// The caller's continuation is resumed exactly once: it is taken out of the state under the
/// lock by whichever of `start` (already finished) or `finish` (first outcome) gets it.
private final class DeadlineRace<Value: Sendable>: Sendable {
    struct State {
        var continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>?
        var outcome: DeadlineOutcome<Value>?
        var work: Task<Void, Never>?
        var deadline: DeadlineWatchdog.Entry?
        /// True once the operation's task has returned (in time or late).
        var operationEnded = false
    }

    let state = Locked(State())
    let watchdog: DeadlineWatchdog
    let abandoned: @Sendable () -> Void
    let abandonedEnded: @Sendable () -> Void

    /// The callbacks run under the race's lock (so always in order): keep them short.
    init(watchdog: DeadlineWatchdog, abandoned: @escaping @Sendable () -> Void,
         abandonedEnded: @escaping @Sendable () -> Void) {
        self.watchdog = watchdog
        self.abandoned = abandoned
        self.abandonedEnded = abandonedEnded
    }

    /// Takes the caller's continuation and sets the deadline.
    func start(_ continuation: CheckedContinuation<DeadlineOutcome<Value>, Never>) {
        let early = state.withLock { s -> DeadlineOutcome<Value>? in
            if let outcome = s.outcome { return outcome }
            s.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(returning: early)
            return
        }
        let entry = watchdog.schedule { [weak self] in self?.finish(.timedOut) }
        let finished = state.withLock { s -> Bool in
            s.deadline = entry
            return s.outcome != nil
        }
        if finished { watchdog.cancel(entry) }
    }

    func setWork(_ work: Task<Void, Never>) {
        let cancel = state.withLock { s -> Bool in
            s.work = work
            guard let outcome = s.outcome, case .timedOut = outcome else { return false }
            return !s.operationEnded
        }
        if cancel { work.cancel() }
    }

    func finish(_ outcome: DeadlineOutcome<Value>) {
        var isOperation = false
        if case .finished = outcome { isOperation = true }
        let (continuation, work, deadline) = state.withLock {
            s -> (CheckedContinuation<DeadlineOutcome<Value>, Never>?, Task<Void, Never>?, DeadlineWatchdog.Entry?) in
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
            return (continuation, isOperation ? nil : s.work, s.deadline)
        }
        if let deadline { watchdog.cancel(deadline) }
        work?.cancel()
        continuation?.resume(returning: outcome)
    }
}
