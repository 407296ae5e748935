import JSON
import Synchronization

/// What holds a pending field's inputs: its object (``PendingObject``, whose fields share them) or
/// the field's own task (``AsyncFieldTask``).
///
/// The asynchronous phase reads the path of the field's object only in synchronous functions of
/// the context (``ExecutionContext/resolveInfo(_:of:)``, ``ExecutionContext/completePending(_:_:of:)``):
/// copied into an asynchronous frame, its optional members were copied through their value
/// witnesses, by type metadata (three calls per field).
protocol PendingFieldOwner: AnyObject, Sendable {
    /// The source of the field's object.
    var source: ResolvedValue { get }
    /// The path of the field's object.
    var objectPath: ObjectPath { get }
}

/// One field whose resolver's value is pending: the work and the completion of its value, run by
/// a worker task, which returns the value.
final class AsyncFieldTask: PendingFieldOwner {
    let plan: FieldPlan
    let work: FieldWork
    let source: ResolvedValue
    let objectPath: ObjectPath

    init(plan: FieldPlan, work: FieldWork, source: ResolvedValue, objectPath: ObjectPath) {
        self.plan = plan
        self.work = work
        self.source = source
        self.objectPath = objectPath
    }

    /// Runs the field; its value (nil when a null propagates past the field).
    nonisolated(nonsending) func run(_ context: ExecutionContext) async -> JSONValue? {
        await context.completePendingField(plan, work, of: self)
    }
}

/// The next task index to claim, shared by the workers of one group.
private final class TaskCursor: Sendable {
    let next = Atomic<Int>(0)
    let count: Int

    init(count: Int) { self.count = count }

    func claim() -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    var hasMore: Bool { next.load(ordering: .relaxed) < count }
}

extension ExecutionContext {
    /// Awaits a pending field's value and completes it (nil: a null propagates past the field).
    ///
    /// Inlined into the worker that runs it: one asynchronous frame less per pending field.
    @inline(__always)
    nonisolated(nonsending) func completePendingField(
        _ plan: FieldPlan, _ work: FieldWork, of owner: some PendingFieldOwner
    ) async -> JSONValue? {
        let completion: Completion
        do {
            let value: ResolvedValue
            switch work {
            case .closure(let closure):
                value = try await closure()
            case .call(let resolve):
                value = try await resolve(
                    owner.source, plan.coercedArguments, contextValue, resolveInfo(plan, of: owner))
            case .later:
                // The resolver is called now, in the asynchronous phase, with one ResolveInfo.
                let info = resolveInfo(plan, of: owner)
                // Called through optional chaining: no copy of the closure.
                guard
                    let resolution = try plan.generalResolver?(owner.source, plan.coercedArguments, contextValue, info)
                else {
                    value = nil
                    break
                }
                switch consume resolution {
                case .awaiting(let awaited):
                    value = try await awaited(owner.source, plan.coercedArguments, contextValue, info)
                case .pending(let closure):
                    value = try await closure()
                case .ready(let ready):
                    value = ready
                }
            }
            // Moved, not copied: a copy went through the existential's value witnesses (and a destroy after).
            completion = completePending(plan, consume value, of: owner)
        } catch {
            completion = pendingFieldError(error, plan, of: owner)
        }
        return await finish(plan, completion)
    }

    /// The ``ResolveInfo`` of a pending field (a synchronous function: see ``PendingFieldOwner``).
    @inline(never)
    func resolveInfo(_ plan: FieldPlan, of owner: some PendingFieldOwner) -> ResolveInfo {
        ResolveInfo(plan: plan, objectPath: owner.objectPath, execution: self)
    }

    /// Completes a pending field's value (a synchronous function: see ``PendingFieldOwner``).
    @inline(never)
    func completePending(_ plan: FieldPlan, _ value: consuming ResolvedValue, of owner: some PendingFieldOwner)
        -> Completion
    {
        completeField(plan, value, owner.objectPath)
    }

    /// A pending field's error (a synchronous function: see ``PendingFieldOwner``).
    @inline(never)
    func pendingFieldError(_ error: any Error, _ plan: FieldPlan, of owner: some PendingFieldOwner) -> Completion {
        handleFieldError(error, plan, owner.objectPath)
    }

    /// The value of a completed field, awaiting what is still pending below it.
    private nonisolated(nonsending) func finish(_ plan: FieldPlan, _ completion: Completion) async -> JSONValue? {
        switch completion {
        case .value(let completed): return completed
        case .bubble: return nil
        case .pending(let node): return await resolvePending(node)
        }
    }

    /// Runs every asynchronous field under `node` and returns the finished
    /// value (nil when a null propagates past the node).
    nonisolated(nonsending) func resolvePending(_ node: PendingNode) async -> JSONValue? {
        var tasks = AsyncWorkList()
        node.collectTasks(into: &tasks)
        var results = await runConcurrently(tasks)
        var cursor = 0
        return node.assemble(&results, &cursor)
    }

    /// Runs `tasks` concurrently, cheaply; their values, in order.
    ///
    /// Workers are immediate child tasks that claim tasks one by one: a worker
    /// runs inline until a resolver really suspends; then the next worker
    /// starts and claims the next task. So resolvers that never suspend cost
    /// one child task per group, while resolvers that wait (e.g. on a loader)
    /// each wait in their own task, all started before the parent waits. Each
    /// worker returns the values it computed through the group, as runs of
    /// consecutive tasks: no storage is shared between the workers, and a worker
    /// that ran every task hands over its values as they are (no copy).
    nonisolated(nonsending) func runConcurrently(_ tasks: AsyncWorkList) async -> [JSONValue?] {
        if tasks.count == 0 { return [] }
        if tasks.count == 1 { return [await tasks.units[0].run(0, self)] }
        let cursor = TaskCursor(count: tasks.count)
        let tracker = self.tracker
        var results: [JSONValue?] = []
        await withTaskGroup(of: [ValueRun].self) { group in
            repeat {
                tracker?.enter()
                group.addImmediateTask {
                    var runs: [ValueRun] = []
                    var start = 0
                    var values: [JSONValue?] = []
                    // The unit of the last claim, held while its values are run (one reference per unit).
                    var unitIndex = 0
                    var unit = tasks.units[0]
                    var unitStart = 0
                    while let index = cursor.claim() {
                        if index != start + values.count {
                            if !values.isEmpty { runs.append(ValueRun(start: start, values: values)) }
                            start = index
                            values = []
                        }
                        // The first worker usually runs every task: room for all their values at once.
                        if index == 0 { values.reserveCapacity(tasks.count) }
                        let found = tasks.unit(of: index, from: unitIndex)
                        if found != unitIndex {
                            unitIndex = found
                            unit = tasks.units[found]
                            unitStart = tasks.start(of: found)
                        }
                        values.append(await unit.run(index - unitStart, self))
                    }
                    if !values.isEmpty { runs.append(ValueRun(start: start, values: values)) }
                    tracker?.leave()
                    return runs
                }
            } while cursor.hasMore
            // The parent now only waits for its children: not counted meanwhile.
            tracker?.leave()
            for await runs in group {
                for run in runs {
                    if run.values.count == tasks.count {
                        results = run.values
                        continue
                    }
                    if results.isEmpty { results = [JSONValue?](repeating: nil, count: tasks.count) }
                    results.replaceSubrange(run.start..<(run.start + run.values.count), with: run.values)
                }
            }
        }
        tracker?.enter()
        return results
    }
}

/// Values of consecutive tasks, from `start` on, as one worker computed them.
struct ValueRun: Sendable {
    let start: Int
    let values: [JSONValue?]
}
