import Locking

/// The root plans of operations without variables, shared by every request that runs them.
///
/// A plan (``ObjectPlan``: the collected fields, their definitions, resolvers and coerced
/// arguments, and the sub-plans built as the first execution reaches them) depends only on the
/// document, the operation and the variable values. An operation that declares no variables
/// always gets the same plan, so it is built once and reused while its document lives:
/// a repeated query (the document cache hands out the same parsed document) then skips
/// `CollectFields` and argument coercion at every level. Operations with variables are planned
/// per request, as before.
///
/// Keyed by the document's ``Source`` (its identity: the document cache keeps one per query
/// text) and the operation's name. An entry holds its `Source`, so that identity cannot be
/// reused by another document while the entry exists. Bounded: documents over
/// ``maxSourceBytes`` are not kept, and past ``capacity`` entries the table starts again
/// empty, so it holds at most `capacity` plans of small documents.
final class OperationPlanCache: Sendable {
    /// The most plans kept.
    static let capacity = 256
    /// The longest document (UTF-8 bytes of its text) whose plans are kept.
    static let maxSourceBytes = 16 * 1024

    private struct Key: Hashable {
        let source: ObjectIdentifier
        let operationName: String?
    }

    private struct Entry {
        /// Keeps the key's identity from being reused while the entry exists.
        let source: Source
        let plan: ObjectPlan
    }

    private let entries = Locked<[Key: Entry]>([:])

    /// The plan of `operation` in the document parsed from `source`: kept from an earlier
    /// request, or made by `build` (and kept when the operation has no variables and the
    /// document is small).
    func plan(source: Source, operation: OperationDefinition, build: () -> ObjectPlan) -> ObjectPlan {
        guard operation.variableDefinitions.isEmpty, source.body.utf8.count <= Self.maxSourceBytes else {
            return build()
        }
        let key = Key(source: ObjectIdentifier(source), operationName: operation.name?.value)
        if let kept = entries.withLock({ $0[key] }), kept.source === source { return kept.plan }
        let plan = build()
        return entries.withLock { table in
            if let kept = table[key], kept.source === source { return kept.plan }
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[key] = Entry(source: source, plan: plan)
            return plan
        }
    }

    /// The number of plans kept.
    var count: Int { entries.withLock { $0.count } }
}
