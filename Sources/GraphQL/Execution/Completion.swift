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
/// objects: each is a slot of `results`, written once by the worker that runs
/// it (distinct slots, raw storage: no shared Swift array is mutated
/// concurrently) and read after the workers' group has finished.
final class PendingObject: @unchecked Sendable {
    var entries: [JSONObject.Element]
    let holes: [(index: Int, node: PendingNode)]
    let plan: ObjectPlan?
    let source: ResolvedValue
    let path: ObjectPath
    let asyncCount: Int
    private let results: UnsafeMutablePointer<JSONValue?>?

    init(entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)]) {
        self.entries = entries
        self.holes = holes
        self.plan = nil
        self.source = nil
        self.path = .root
        self.asyncCount = 0
        self.results = nil
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
        let storage = UnsafeMutablePointer<JSONValue?>.allocate(capacity: asyncCount)
        storage.initialize(repeating: .null, count: asyncCount)
        results = storage
    }

    deinit {
        if let results {
            results.deinitialize(count: asyncCount)
            results.deallocate()
        }
    }

    /// Runs asynchronous field `slot` and stores its value (nil: a null propagates).
    nonisolated(nonsending) func runAsyncField(_ slot: Int, _ context: ExecutionContext) async {
        guard let plan, let results else { return }
        let field = plan.fields[plan.asyncFieldIndexes[slot]]
        results[slot] = await context.resolveAsyncField(field, source, path)
    }

    /// The value of slot `slot` (after the workers finished).
    func result(_ slot: Int) -> JSONValue? {
        results?[slot] ?? nil
    }
}

/// One unit of asynchronous work: a field task, or a slot of a pending object.
enum AsyncWork: Sendable {
    case task(AsyncFieldTask)
    case slot(PendingObject, Int)

    nonisolated(nonsending) func run(_ context: ExecutionContext) async {
        switch self {
        case .task(let task): await task.run(context)
        case .slot(let object, let slot): await object.runAsyncField(slot, context)
        }
    }
}

/// A list with holes.
final class PendingList: @unchecked Sendable {
    var items: [JSONValue]
    let holes: [(index: Int, node: PendingNode)]

    init(items: [JSONValue], holes: [(index: Int, node: PendingNode)]) {
        self.items = items
        self.holes = holes
    }
}

extension PendingNode {
    /// Appends the asynchronous work under this node.
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

    /// The finished value once every task below has run; nil when a null propagates past this node.
    func assemble() -> JSONValue? {
        switch self {
        case .field(let task):
            return task.result
        case .object(let object):
            if let plan = object.plan {
                for slot in 0..<object.asyncCount {
                    guard let value = object.result(slot) else { return nil }
                    object.entries[plan.asyncFieldIndexes[slot]].value = value
                }
            }
            for hole in object.holes {
                guard let value = hole.node.assemble() else { return nil }
                object.entries[hole.index].value = value
            }
            return .object(JSONObject(object.entries))
        case .list(let list):
            for hole in list.holes {
                guard let value = hole.node.assemble() else { return nil }
                list.items[hole.index] = value
            }
            return .array(list.items)
        case .absorbing(let inner):
            return inner.assemble() ?? .null
        }
    }
}
