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
indirect enum PendingNode: Sendable {
    /// An asynchronous field: the hole is filled by its task.
    case field(AsyncFieldTask)
    /// An object with some finished members and some pending ones.
    case object(PendingObject)
    /// A list with some finished items and some pending ones.
    case list(PendingList)
    /// A nullable position: a null that propagates up to here becomes null.
    case absorbing(PendingNode)
}

/// An object with holes: `entries` holds finished values (null placeholders for holes).
final class PendingObject: @unchecked Sendable {
    var entries: [JSONObject.Element]
    let holes: [(index: Int, node: PendingNode)]

    init(entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)]) {
        self.entries = entries
        self.holes = holes
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
    /// Appends the asynchronous field tasks under this node.
    func collectTasks(into tasks: inout [AsyncFieldTask]) {
        switch self {
        case .field(let task): tasks.append(task)
        case .object(let object): for hole in object.holes { hole.node.collectTasks(into: &tasks) }
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
