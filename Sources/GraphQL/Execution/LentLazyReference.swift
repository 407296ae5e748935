/// A field plan's sub-plans lent to the executor without reference counting (unsafe by design).
///
/// A `LentLazyReference` owns an object set once (an `AtomicLazyReference`) and keeps an
/// unretained copy of it in an `Atomic<Unmanaged<Object>?>`, which `withObject` lends with
/// `_withUnsafeGuaranteedRef` (no retain/release). `FieldPlan.withNamedObjectSubplan` reads the
/// sub-plan of a field whose type is an object type that way. A field of an abstract type reads its
/// table of possible types, and each possible type's sub-plan, the same way (`PossibleTypeSubplans`).
/// Loading a sub-plan from the field's `AtomicLazyReference` returns it retained: one retain and
/// one release per object completed, on the same reference count for every request that runs the
/// plan, so with the event loops on two cores that count's cache line moves between the cores on
/// every nested object. Measured faster on one and on two cores (see docs/performance.md, "Fast
/// paths", and "Cores, third pass").
///
/// `AtomicLazyReference.load()` is also not specialised across the module boundary, so each call
/// looked up its generic metadata (`swift_getGenericMetadata`, measured: see docs/performance.md,
/// "Fast paths"); `Atomic`'s operations are inlined here.
///
/// - Unsafe: an unretained `Unmanaged<Object>` published through an `Atomic`, lent with
///   `_withUnsafeGuaranteedRef` (no retain) or read with `takeUnretainedValue`.
/// - Invariant: the unretained copy is owned by the `AtomicLazyReference` beside it (set once, never
///   cleared, freed with it), and `storeIfNil` publishes it only after that store, with the value
///   the store kept. The executor reads these references only through a field plan it holds (the
///   field list of a plan it holds), and a lent object is used only inside the closure it is lent
///   to (`object()` returns it retained), so every object outlives its use.
/// - Checked by: every nested-object execution test goes through this read (a sub-plan freed early
///   reads garbage, so `GraphQLTests` fail), and `swift test --sanitize=address` (CI's server
///   suites, or `--filter GraphQLTests`) reports a use after free.

import Synchronization

/// An object set once and owned here, read without a retain (see above).
struct LentLazyReference<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    /// Owns the object once stored.
    private let owner = AtomicLazyReference<Object>()
    /// ``owner``'s object, unretained, published after it is stored.
    private let lent = Atomic<Unmanaged<Object>?>(nil)

    init() {}

    /// Stores `object` unless one is stored already; returns the one kept.
    func storeIfNil(_ object: Object) -> Object {
        let kept = owner.storeIfNil(object)
        lent.store(Unmanaged.passUnretained(kept), ordering: .releasing)
        return kept
    }

    /// `body` applied to the stored object, lent without a retain; nil before one is stored.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result? {
        guard let object = lent.load(ordering: .acquiring) else { return nil }
        return object._withUnsafeGuaranteedRef(body)
    }

    /// The stored object (retained), nil before one is stored.
    @inline(__always)
    func object() -> Object? {
        lent.load(ordering: .acquiring)?.takeUnretainedValue()
    }
}
