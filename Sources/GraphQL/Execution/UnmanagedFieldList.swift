/// The executor's loop over an object plan's fields without reference counting (unsafe by design).
///
/// `ObjectPlan.unmanagedFields` holds the plan's field plans as `Unmanaged` references, and
/// `forEach` lends each one to the loop body with `_withUnsafeGuaranteedRef` (no retain/release
/// per field and per opaque call; iterating `plan.fields` retains and releases each field around
/// every call). Kept together with `ExistentialLayout.swift` because the two were measured faster
/// together (not measured separately, for lack of time): see docs/performance.md, "Fast paths".
///
/// - Unsafe: unretained `Unmanaged<FieldPlan>` references, lent with `_withUnsafeGuaranteedRef`
///   and read with `takeUnretainedValue`; nothing keeps a field alive but its owner.
/// - Invariant: the references are unretained; they are owned by the same plan's `fields` array
///   (a `let`), and the loop runs while its caller holds the plan (`executeObject` takes it as an
///   argument), so every field outlives the loop. Never build an `UnmanagedFieldList` from an
///   array that is not kept alive beside it.
/// - Checked by: every execution test goes through this loop (a field freed early reads garbage,
///   so `GraphQLTests` fail), and `swift test --sanitize=address --filter GraphQLTests` (CI,
///   `.ci/run` step 3) reports a use after free.

/// An object plan's fields as unretained references (owned by the plan's `fields`).
struct UnmanagedFieldList: Sendable {
    private let references: [Unmanaged<FieldPlan>]

    /// The list of `fields`, which the caller keeps alive as long as the list.
    init(borrowing fields: [FieldPlan]) {
        references = fields.map { Unmanaged.passUnretained($0) }
    }

    var count: Int { references.count }

    /// Calls `body` with each field in order, until it returns false; whether all were visited.
    @inline(__always)
    func forEach(_ body: (FieldPlan) -> Bool) -> Bool {
        for reference in references {
            guard reference._withUnsafeGuaranteedRef(body) else { return false }
        }
        return true
    }

    /// The field at `index`.
    subscript(index: Int) -> FieldPlan { references[index].takeUnretainedValue() }
}
