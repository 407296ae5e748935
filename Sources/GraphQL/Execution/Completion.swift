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
    /// A pending field: the hole is filled by its task.
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
final class PendingObject: Sendable {
    let entries: [JSONObject.Element]
    let holes: [(index: Int, node: PendingNode)]

    init(entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)]) {
        self.entries = entries
        self.holes = holes
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
    func collectTasks(into tasks: inout [AsyncFieldTask]) {
        switch self {
        case .field(let task): tasks.append(task)
        case .object(let object):
            for hole in object.holes { hole.node.collectTasks(into: &tasks) }
        case .list(let list): for hole in list.holes { hole.node.collectTasks(into: &tasks) }
        case .absorbing(let inner): inner.collectTasks(into: &tasks)
        }
    }

    /// How many units of work ``collectTasks(into:)`` appends for this node.
    var taskCount: Int {
        switch self {
        case .field: return 1
        case .object(let object): return object.holes.reduce(0) { $0 + $1.node.taskCount }
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
