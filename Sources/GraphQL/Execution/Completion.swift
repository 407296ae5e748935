import Base
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
    /// A list whose parts are pending (``ArrivingList``): the parts are awaited, then the list
    /// completed.
    case arriving(ArrivingCompletion)
    /// A nullable position: a null that propagates up to here becomes null.
    /// (The only boxed case: the others hold class references, allocation-free.)
    indirect case absorbing(PendingNode)
}

/// An object with holes: `entries` holds finished values (null placeholders for `holes`, a pending
/// part below a field, and `works`, a field whose resolver's value is pending, each at its field's
/// index in `plan`).
///
/// Its own pending fields are not objects of their own: each is one unit of work (``works``),
/// whose value the worker that runs it returns through its task group (nothing is shared and
/// mutated: the class is immutable, `Sendable` by construction).
final class PendingObject: PendingFieldOwner {
    let entries: [JSONObject.Element]
    let holes: [(index: Int, node: PendingNode)]
    let works: [PendingWork]
    /// The plan of the object's fields (a pending field is its `works` entry's index in it).
    let plan: ObjectPlan
    /// The source of the object's fields (for the pending ones' calls).
    let source: ResolvedValue
    let objectPath: ObjectPath

    init(
        entries: [JSONObject.Element], holes: [(index: Int, node: PendingNode)], works: [PendingWork],
        plan: ObjectPlan, source: ResolvedValue, objectPath: ObjectPath
    ) {
        self.entries = entries
        self.holes = holes
        self.works = works
        self.plan = plan
        self.source = source
        self.objectPath = objectPath
    }

    /// Runs pending field `slot` and returns its value (nil: a null propagates).
    @inline(__always)
    nonisolated(nonsending) func runPendingField(_ slot: Int, _ context: ExecutionContext) async -> JSONValue? {
        let pending = works[slot]
        return await context.completePendingField(plan.fields[pending.index], pending.work, of: self)
    }
}

/// A field of an object whose resolver's value is pending: its place (in the object's entries
/// and its plan's fields) and its work.
struct PendingWork: Sendable {
    let index: Int
    let work: FieldWork
}

/// The pending work of a field: a closure, an asynchronous function to call with the field's
/// own inputs (``Resolution/awaiting(_:)``), or the field's resolver itself, called in the
/// asynchronous phase (a field whose resolver answered `awaiting` before: ``FieldPlan/callsLater``).
enum FieldWork: Sendable {
    case closure(Eventual<ResolvedValue>.Work)
    case call(AsyncFieldResolver)
    case later
}

/// One unit of asynchronous work: a field task, the pending fields of an object (one value each),
/// or a list in parts.
enum AsyncWork: Sendable {
    case task(AsyncFieldTask)
    case object(PendingObject)
    case arriving(ArrivingCompletion)

    /// How many values the unit gives (each is claimed and run on its own).
    var valueCount: Int {
        if case .object(let object) = self { return object.works.count }
        return 1
    }

    /// Runs value `slot` of the unit; the value (nil: a null propagates past it).
    @inline(__always)
    nonisolated(nonsending) func run(_ slot: Int, _ context: ExecutionContext) async -> JSONValue? {
        switch self {
        case .task(let task): return await task.run(context)
        case .object(let object): return await object.runPendingField(slot, context)
        case .arriving(let list): return await list.run(context)
        }
    }
}

/// The asynchronous work under a pending node: its units in the order ``PendingNode/assemble(_:_:)``
/// reads their values, one value per field. The values are numbered across the units, so that a
/// worker claims one value at a time; the list holds one reference per unit, not per value.
struct AsyncWorkList: Sendable {
    private(set) var units: [AsyncWork] = []
    /// `ends[u]`: the number of values of units `0...u`.
    private(set) var ends: [Int] = []

    /// The number of values.
    var count: Int { ends.last ?? 0 }

    mutating func append(_ unit: AsyncWork) {
        let valueCount = unit.valueCount
        if valueCount == 0 { return }
        units.append(unit)
        ends.append(count + valueCount)
    }

    /// The unit of value `index`, searched from unit `hint` on (a worker's claims only grow).
    func unit(of index: Int, from hint: Int) -> Int {
        if index < ends[hint] { return hint }
        if hint + 1 < ends.count, index < ends[hint + 1] { return hint + 1 }
        var low = hint + 1
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The index of the first value of unit `unit`.
    func start(of unit: Int) -> Int { unit == 0 ? 0 : ends[unit - 1] }
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
    func collectTasks(into tasks: inout AsyncWorkList) {
        switch self {
        case .field(let task): tasks.append(.task(task))
        case .arriving(let list): tasks.append(.arriving(list))
        case .object(let object):
            tasks.append(.object(object))
            for hole in object.holes { hole.node.collectTasks(into: &tasks) }
        case .list(let list): for hole in list.holes { hole.node.collectTasks(into: &tasks) }
        case .absorbing(let inner): inner.collectTasks(into: &tasks)
        }
    }

    /// How many units of work ``collectTasks(into:)`` appends for this node.
    var taskCount: Int {
        switch self {
        case .field, .arriving: return 1
        case .object(let object): return object.holes.reduce(object.works.count) { $0 + $1.node.taskCount }
        case .list(let list): return list.holes.reduce(0) { $0 + $1.node.taskCount }
        case .absorbing(let inner): return inner.taskCount
        }
    }

    /// The finished value, from the values of the work below (`results`, in
    /// ``collectTasks(into:)`` order, read from `cursor` on); nil when a null
    /// propagates past this node. `cursor` ends past this node's work either way. The values are
    /// moved out of `results` (no retain and release per value).
    func assemble(_ results: inout [JSONValue?], _ cursor: inout Int) -> JSONValue? {
        let start = cursor
        guard let value = assembleValue(&results, &cursor) else {
            cursor = start + taskCount
            return nil
        }
        return value
    }

    private func assembleValue(_ results: inout [JSONValue?], _ cursor: inout Int) -> JSONValue? {
        switch self {
        case .field, .arriving:
            defer { cursor += 1 }
            return results[cursor].take() ?? nil
        case .object(let object):
            // The entries built anew, in order, rather than copied and then overwritten.
            let works = object.works
            let holes = object.holes
            let worksStart = cursor
            cursor += works.count
            var entries: [JSONObject.Element] = []
            entries.reserveCapacity(object.entries.count)
            var nextWork = 0
            var nextHole = 0
            for (index, entry) in object.entries.enumerated() {
                if nextWork < works.count, works[nextWork].index == index {
                    guard let value = results[worksStart + nextWork].take() ?? nil else { return nil }
                    nextWork += 1
                    entries.append((key: entry.key, value: value))
                } else if nextHole < holes.count, holes[nextHole].index == index {
                    guard let value = holes[nextHole].node.assemble(&results, &cursor) else { return nil }
                    nextHole += 1
                    entries.append((key: entry.key, value: value))
                } else {
                    entries.append(entry)
                }
            }
            return .object(JSONObject(entries))
        case .list(let list):
            var items = list.items
            for hole in list.holes {
                guard let value = hole.node.assemble(&results, &cursor) else { return nil }
                items[hole.index] = value
            }
            return .array(items)
        case .absorbing(let inner):
            return inner.assemble(&results, &cursor) ?? .null
        }
    }
}

/// A list in parts (``ArrivingList``) with a part still pending, at its place in the result: one
/// unit of asynchronous work that awaits the parts (concurrently), records the failed parts' errors
/// and completes the list in part order.
final class ArrivingCompletion: Sendable {
    let list: ArrivingList
    let itemType: GraphQLType
    let field: FieldPlan
    let parentPath: ResponsePath?
    let component: PathComponent

    init(
        list: ArrivingList, itemType: GraphQLType, field: FieldPlan, parentPath: ResponsePath?, component: PathComponent
    ) {
        self.list = list
        self.itemType = itemType
        self.field = field
        self.parentPath = parentPath
        self.component = component
    }

    /// The completed list (nil: a null propagates past it, every part failed or a non-null item
    /// was null).
    nonisolated(nonsending) func run(_ context: ExecutionContext) async -> JSONValue? {
        let (items, errors) = list.assemble(await list.outcomes(tracker: context.tracker))
        if !errors.isEmpty {
            let path = parentPath.appending(component)
            for error in errors { context.recordError(error, field: field, path: path) }
        }
        guard let items else { return nil }
        switch context.completeList(itemType, items, field, parentPath, component) {
        case .value(let value): return value
        case .bubble: return nil
        case .pending(let node): return await context.resolvePending(node)
        }
    }
}
