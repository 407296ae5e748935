import JSON
import Synchronization

/// One field whose resolver is asynchronous: the resolver call and the
/// completion of its value, run by a worker task; `result` is written once
/// before the worker's task group finishes and read after.
final class AsyncFieldTask: @unchecked Sendable {
    let plan: FieldPlan
    let source: ResolvedValue
    let objectPath: ObjectPath
    /// The field's value; nil when a null propagates past the field.
    var result: JSONValue? = .null

    init(plan: FieldPlan, source: ResolvedValue, objectPath: ObjectPath) {
        self.plan = plan
        self.source = source
        self.objectPath = objectPath
    }

    nonisolated(nonsending) func run(_ context: ExecutionContext) async {
        result = await context.resolveAsyncField(plan, source, objectPath)
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
    /// Resolves an asynchronous field on `source` and completes its value
    /// (nil: a null propagates past the field).
    nonisolated(nonsending) func resolveAsyncField(_ plan: FieldPlan, _ source: ResolvedValue,
                                                   _ objectPath: ObjectPath) async -> JSONValue? {
        let nullResult: JSONValue? = plan.returnsNonNull ? nil : .null
        let arguments: FieldArguments
        switch plan.arguments {
        case .success(let coerced): arguments = coerced
        case .failure(let error):
            recordError(error, field: plan, path: objectPath.appending(.key(plan.responseKey)))
            return nullResult
        }
        guard case .async(let resolve) = plan.kind else { return nullResult }
        let value: ResolvedValue
        do {
            value = try await resolve(source, arguments, contextValue, ResolveInfo(plan: plan, objectPath: objectPath))
        } catch {
            recordError(error, field: plan, path: objectPath.appending(.key(plan.responseKey)))
            return nullResult
        }
        switch completeField(plan, value, objectPath) {
        case .value(let completed): return completed
        case .bubble: return nil
        case .pending(let node): return await resolvePending(node)
        }
    }

    /// Runs every asynchronous field under `node` and returns the finished
    /// value (nil when a null propagates past the node).
    nonisolated(nonsending) func resolvePending(_ node: PendingNode) async -> JSONValue? {
        var tasks: [AsyncWork] = []
        node.collectTasks(into: &tasks)
        await runConcurrently(tasks)
        return node.assemble()
    }

    /// Runs `tasks` concurrently, cheaply.
    ///
    /// Workers are immediate child tasks that claim tasks one by one: a worker
    /// runs inline until a resolver really suspends; then the next worker
    /// starts and claims the next task. So resolvers that never suspend cost
    /// one child task per group, while resolvers that wait (e.g. on a loader)
    /// each wait in their own task, all started before the parent waits.
    nonisolated(nonsending) func runConcurrently(_ tasks: [AsyncWork]) async {
        if tasks.isEmpty { return }
        if tasks.count == 1 {
            await tasks[0].run(self)
            return
        }
        let cursor = TaskCursor(count: tasks.count)
        let tracker = self.tracker
        await withDiscardingTaskGroup { group in
            repeat {
                tracker?.enter()
                group.addImmediateTask {
                    while let index = cursor.claim() {
                        await tasks[index].run(self)
                    }
                    tracker?.leave()
                }
            } while cursor.hasMore
            // The parent now only waits for its children: not counted meanwhile.
            tracker?.leave()
        }
        tracker?.enter()
    }
}
