import Locking

/// Something that holds keys waiting to be sent in a batch (a ``DataLoader``).
protocol PendingBatchSource: AnyObject, Sendable {
    /// Sends every queued key now (in batches of at most `maxBatchSize`).
    func dispatchPending()
}

/// Decides *when* queued loader keys are sent: on exhaustion, when no unit of
/// work that could still add keys is running. No timers, no latency floor.
///
/// Use one scheduler per GraphQL request, shared by every loader of that request.
///
/// ## The enter/leave contract (for the executor)
///
/// The scheduler counts **active units of work**: pieces of resolution that are
/// runnable (running, or suspended on something other than a loader, an upstream call
/// or other counted work, e.g. a sleep) and may therefore still enqueue loader keys.
///
/// 1. Call ``enter()`` when a unit of work starts and ``leave()`` exactly once
///    when it ends (returns or throws). ``run(_:)`` does both around a closure.
/// 2. A unit that creates another unit (e.g. spawns a child task per field)
///    calls ``enter()`` **for the child before the parent itself can leave or
///    wait**: i.e. synchronously, before `group.addTask { … }`. The child then
///    calls ``leave()`` when it finishes (``runEntered(_:)`` does that). This
///    way the count never drops to zero while work is merely being handed over.
/// 3. A unit that suspends waiting for *other counted units* (awaiting a task
///    group of child fields) must not be counted while it waits: wrap the wait
///    in ``waiting(_:)`` (it leaves before and enters after). Otherwise the
///    count never reaches zero and the children's loads never dispatch.
/// 4. ``DataLoader/load(_:)`` needs nothing from the caller: it marks the
///    calling unit as waiting while it is suspended and active again before it
///    returns (it is balanced). Loads of already cached keys do not suspend.
/// 5. Synchronous fields need no enter/leave at all (they cannot wait); only
///    wrap work that may suspend.
/// 6. A unit waiting on an upstream directly (not through a loader) brackets the wait with
///    ``beginOutsideWait()`` / ``endOutsideWait(_:)``, so that the loads of the other units
///    are sent meanwhile (the upstream pipeline does it for the calls marked so, whose
///    answers no load of the request derives from: The Dog API's breed list).
///
/// The GraphQL executor follows exactly this contract through its `WorkTracker`
/// protocol (`enter()` / `leave()`); the application adapts the scheduler with
/// `struct SchedulerTracker: WorkTracker { let scheduler: BatchScheduler; func enter() { scheduler.enter() }; func leave() { scheduler.leave() } }`
/// (this module cannot import the engine).
///
/// When the count reaches zero and keys are pending, every pending batch is
/// dispatched. A resolved batch re-activates its waiting units before
/// resuming them, so keys enqueued by the resumed work (chained loaders) are
/// dispatched when the count reaches zero again.
///
/// Loads made outside any unit (count already zero) dispatch at once and do not
/// disturb the count, so misuse degrades batching but never deadlocks.
public final class BatchScheduler: Sendable {
    struct State {
        var active = 0
        var pending: [any PendingBatchSource] = []
        var dispatches = 0
        /// Batch tasks still running, by id.
        var batches: [Int: Task<Void, Never>] = [:]
        var nextBatchID = 0
        var cancelled = false
    }

    let state = Locked(State())

    /// Creates a scheduler with no active work.
    public init() {}

    /// The number of currently active units of work (for tests and diagnostics).
    public var activeCount: Int { state.withLock { $0.active } }

    /// How many times pending batches were dispatched (each time may send several batches).
    public var dispatchCount: Int { state.withLock { $0.dispatches } }

    /// Marks the start of a unit of work.
    public func enter() {
        state.withLock { $0.active += 1 }
    }

    /// Marks the end of a unit of work; dispatches pending batches if no work remains active.
    public func leave() {
        let sources = state.withLock { s -> [any PendingBatchSource] in
            if s.active > 0 { s.active -= 1 }
            return Self.takeIfIdle(&s)
        }
        for source in sources { source.dispatchPending() }
    }

    /// Runs `body` as one unit of work: `enter()` before, `leave()` after (also on throw).
    public func run<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        enter()
        defer { leave() }
        return try await body()
    }

    /// Runs `body` as a unit whose `enter()` was already called by its creator
    /// (see rule 2); calls `leave()` when it ends.
    public func runEntered<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        defer { leave() }
        return try await body()
    }

    /// Runs `body`, during which the calling unit is not counted as active
    /// (rule 3: awaiting child units). Leaves before, enters again after.
    public func waiting<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async rethrows -> T {
        leave()
        defer { enter() }
        return try await body()
    }

    // MARK: Waits outside the execution

    /// The calling unit starts waiting on something outside the execution that enqueues no
    /// keys while it waits (a direct upstream call): like a load, such a wait is not runnable
    /// work, so the unit stops being counted and queued keys are dispatched at once rather
    /// than after the call returns. Returns whether it was un-counted; give that to
    /// ``endOutsideWait(_:)`` when the wait ends.
    ///
    /// No effect in a batch function (not a counted unit) or when no unit is counted.
    public func beginOutsideWait() -> Bool {
        let uncounted = !Self.isInBatchFunction && decrementIfPositive()
        if uncounted { dispatchIfIdle() }
        return uncounted
    }

    /// Ends a wait begun with ``beginOutsideWait()``: the unit is counted again if it was
    /// un-counted.
    public func endOutsideWait(_ uncounted: Bool) {
        if uncounted { enter() }
    }

    // MARK: Cancellation

    /// Cancels the request's loads: every running batch task is cancelled (its batch
    /// function sees `Task.isCancelled` and cancellation handlers run, so upstream calls stop),
    /// queued keys are dispatched at once in batches that start cancelled, and so are the
    /// batches of later loads. Waiting loads then resume with the batch function's error
    /// (typically `CancellationError`) instead of waiting for upstream time-outs.
    ///
    /// Call it when the request's execution is cancelled (its deadline passed, or the client
    /// went away). Idempotent.
    public func cancel() {
        let (tasks, sources) = state.withLock { s -> ([Task<Void, Never>], [any PendingBatchSource]) in
            guard !s.cancelled else { return ([], []) }
            s.cancelled = true
            let sources = s.pending
            s.pending.removeAll()
            return (Array(s.batches.values), sources)
        }
        for task in tasks { task.cancel() }
        for source in sources { source.dispatchPending() }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Batch tasks currently running (for tests and diagnostics).
    public var runningBatchCount: Int { state.withLock { $0.batches.count } }

    /// Runs one batch in a task of its own, tracked so that ``cancel()`` can cancel it
    /// (a batch started after ``cancel()`` starts cancelled).
    func startBatch(_ body: @escaping @Sendable () async -> Void) {
        // The task removes itself when done; it cannot do so before it is stored,
        // because removal takes the same lock.
        let (task, cancelled) = state.withLock { s -> (Task<Void, Never>, Bool) in
            let id = s.nextBatchID
            s.nextBatchID += 1
            let task = Task { [weak self] in
                // A batch created after `cancel()` may start before `task.cancel()` below runs.
                // A batch function is no unit of work: its own loads must not un-count one.
                if self?.isCancelled == true {
                    // Run as a cancelled child task (cancelling the batch's task, from within, needs
                    // an unsafe current task).
                    await withDiscardingTaskGroup { group in
                        group.addTask { await BatchScheduler.$isInBatchFunction.withValue(true) { await body() } }
                        group.cancelAll()
                    }
                } else {
                    await BatchScheduler.$isInBatchFunction.withValue(true) { await body() }
                }
                self?.state.withLock { _ = $0.batches.removeValue(forKey: id) }
            }
            if !s.cancelled { s.batches[id] = task }
            return (task, s.cancelled)
        }
        if cancelled { task.cancel() }
    }

    // MARK: Loader side

    /// Records that `source` has queued keys (after ``cancel()``: dispatches them at once).
    func register(_ source: any PendingBatchSource) {
        let cancelled = state.withLock { s -> Bool in
            if s.cancelled { return true }
            s.pending.append(source)
            return false
        }
        if cancelled { source.dispatchPending() }
    }

    /// True in a batch function's task (and the tasks it creates): not a counted unit, so a
    /// load made there waits without un-counting anything. (Un-counting there would take the
    /// count of some other unit, which would then leave at zero, and the load's re-count on
    /// resumption would leave the count one too high for good.)
    @TaskLocal static var isInBatchFunction = false

    /// Stops counting one unit if any is counted; returns whether it did.
    func decrementIfPositive() -> Bool {
        state.withLock { s in
            guard s.active > 0 else { return false }
            s.active -= 1
            return true
        }
    }

    /// Dispatches pending batches if no unit is active.
    func dispatchIfIdle() {
        let sources = state.withLock { Self.takeIfIdle(&$0) }
        for source in sources { source.dispatchPending() }
    }

    private static func takeIfIdle(_ s: inout State) -> [any PendingBatchSource] {
        guard s.active == 0, !s.pending.isEmpty else { return [] }
        let sources = s.pending
        s.pending.removeAll()
        s.dispatches += 1
        return sources
    }
}
