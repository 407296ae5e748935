import JSON

/// The outcome of executing part of the tree synchronously.
enum Completion {
    /// Finished: the JSON value (possibly null).
    case value(JSONValue)
    /// A null that must propagate to the nearest nullable parent (its error is recorded).
    case bubble
    /// Needs asynchronous work below; finished by ``ExecutionContext/resolvePending(_:)``.
    case pending(PendingNode)
}

/// A part of the result that waits for asynchronous fields.
enum PendingNode: Sendable {
    /// An asynchronous field: the hole is filled by its task.
    case field(AsyncFieldTask)
    /// An object with some finished members and some pending ones.
    case object(PendingObject)
    /// A list with some finished items and some pending ones.
    case list(PendingList)
    /// A nullable position: a null that propagates up to here becomes null.
    /// (The only boxed case: the others hold class references, allocation-free.)
    indirect case absorbing(PendingNode)
}

/// An object with holes: `entries` holds finished values (null placeholders for holes).
///
/// Its asynchronous fields (the plan's `asyncFieldIndexes`) are not separate
/// objects: each is a slot, one unit of work whose value the worker that runs
/// it returns through its task group (nothing is shared and mutated: the
/// class is immutable, `Sendable` by construction).
final class PendingObject: Sendable {
    let entries: [JSONObject.Element]
    let holes: [(index: Int, node: PendingNode)]
    let plan: ObjectPlan?
    let source: ResolvedValue
    let path: ObjectPath
    let asyncCount: Int

    init(entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)]) {
        self.entries = entries
        self.holes = holes
        self.plan = nil
        self.source = nil
        self.path = .root
        self.asyncCount = 0
    }

    /// An object whose plan's asynchronous fields are all pending.
    init(entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)], plan: ObjectPlan,
         source: ResolvedValue, path: ObjectPath) {
        self.entries = entries
        self.holes = holes
        self.plan = plan
        self.source = source
        self.path = path
        asyncCount = plan.asyncFieldIndexes.count
    }

    /// Runs asynchronous field `slot` and returns its value (nil: a null propagates).
    nonisolated(nonsending) func runAsyncField(_ slot: Int, _ context: ExecutionContext) async -> JSONValue? {
        guard let plan else { return .null }
        let field = plan.fields[plan.asyncFieldIndexes[slot]]
        return await context.resolveAsyncField(field, source, path)
    }
}

/// One unit of asynchronous work: a field task, or a slot of a pending object.
enum AsyncWork: Sendable {
    case task(AsyncFieldTask)
    case slot(PendingObject, Int)

    /// Runs the work; its value (nil: a null propagates past it).
    nonisolated(nonsending) func run(_ context: ExecutionContext) async -> JSONValue? {
        switch self {
        case .task(let task): return await task.run(context)
        case .slot(let object, let slot): return await object.runAsyncField(slot, context)
        }
    }
}

/// A list with holes.
final class PendingList: Sendable {
    let items: [JSONValue]
    let holes: [(index: Int, node: PendingNode)]

    init(items: [JSONValue], holes: [(index: Int, node: PendingNode)]) {
        self.items = items
        self.holes = holes
    }
}

extension PendingNode {
    /// Appends the asynchronous work under this node, in the order ``assemble(_:_:)`` reads the values.
    func collectTasks(into tasks: inout [AsyncWork]) {
        switch self {
        case .field(let task): tasks.append(.task(task))
        case .object(let object):
            for slot in 0..<object.asyncCount { tasks.append(.slot(object, slot)) }
            for hole in object.holes { hole.node.collectTasks(into: &tasks) }
        case .list(let list): for hole in list.holes { hole.node.collectTasks(into: &tasks) }
        case .absorbing(let inner): inner.collectTasks(into: &tasks)
        }
    }

    /// How many units of work ``collectTasks(into:)`` appends for this node.
    var taskCount: Int {
        switch self {
        case .field: return 1
        case .object(let object): return object.holes.reduce(object.asyncCount) { $0 + $1.node.taskCount }
        case .list(let list): return list.holes.reduce(0) { $0 + $1.node.taskCount }
        case .absorbing(let inner): return inner.taskCount
        }
    }

    /// The finished value, from the values of the work below (`results`, in
    /// ``collectTasks(into:)`` order, read from `cursor` on); nil when a null
    /// propagates past this node. `cursor` ends past this node's work either way.
    func assemble(_ results: [JSONValue?], _ cursor: inout Int) -> JSONValue? {
        let start = cursor
        guard let value = assembleValue(results, &cursor) else {
            cursor = start + taskCount
            return nil
        }
        return value
    }

    private func assembleValue(_ results: [JSONValue?], _ cursor: inout Int) -> JSONValue? {
        switch self {
        case .field:
            defer { cursor += 1 }
            return results[cursor]
        case .object(let object):
            var entries = object.entries
            if let plan = object.plan {
                for slot in 0..<object.asyncCount {
                    guard let value = results[cursor] else { return nil }
                    cursor += 1
                    entries[plan.asyncFieldIndexes[slot]].value = value
                }
            }
            for hole in object.holes {
                guard let value = hole.node.assemble(results, &cursor) else { return nil }
                entries[hole.index].value = value
            }
            return .object(JSONObject(entries))
        case .list(let list):
            var items = list.items
            for hole in list.holes {
                guard let value = hole.node.assemble(results, &cursor) else { return nil }
                items[hole.index] = value
            }
            return .array(items)
        case .absorbing(let inner):
            return inner.assemble(results, &cursor) ?? .null
        }
    }
}
