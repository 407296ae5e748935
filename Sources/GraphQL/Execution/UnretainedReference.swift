// Unsafe by design: a field plan's sub-plans lent to the executor without reference counting.
//
// What: `FieldPlan.withNamedObjectSubplan` reads the sub-plan of a field whose type is an object
// type from an `Atomic<Unmanaged<ObjectPlan>?>` and lends it to the executor with
// `_withUnsafeGuaranteedRef` (no retain/release). A field of an abstract type reads its table
// of possible types, and each possible type's sub-plan, the same way (`PossibleTypeSubplans`).
// Loading a sub-plan from the field's `AtomicLazyReference` returns it retained: one retain and
// one release per object completed, on the same reference count for every request that runs the
// plan, so with the event loops on two cores that count's cache line moves between the cores on
// every nested object.
//
// Invariant: the reference is unretained; it is owned by an `AtomicLazyReference` of the same
// field plan (or of its possible-type table: set once, never cleared), and it is published here
// only after that store, with the value the store kept. The executor reads them only through a
// field plan it holds (the field list of a plan it holds), and an unretained object is used only
// inside the closure it is lent to (a sub-plan that leaves it is returned retained), so every
// object outlives its use.
//
// Measured (docs/performance.md, "Cores, third pass"): on two cores `swift_retain`'s excess over
// one core fell from 11.5 to 2.8 µs per Q3 request; A/B, five rounds alternating, medians: Q3
// +13% req/s on two cores (server CPU 235 → 208 µs per request) and +15% on one, Q2 +7% on two.
//
// Tests that catch a violation: every nested-object execution test goes through this read (a
// sub-plan freed early reads garbage, so `GraphQLTests` fail), and
// `swift test --sanitize=address` (CI's server suites, or `--filter GraphQLTests`) reports a use
// after free.
//
// Also measured: `AtomicLazyReference.load()` is not specialised across the module boundary, so
// each call looked up its generic metadata (`swift_getGenericMetadata`, 2-3% of Q4 in process);
// `Atomic`'s operations are inlined here.

import Synchronization

/// A reference published once, read without a retain (owned elsewhere: see above).
struct UnretainedReference<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    private let reference = Atomic<Unmanaged<Object>?>(nil)

    init() {}

    /// Publishes `object`, which the caller's plan owns for as long as it lives.
    func publish(_ object: Object) {
        reference.store(Unmanaged.passUnretained(object), ordering: .releasing)
    }

    /// `body` applied to the published object, lent without a retain; nil before it is published.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result? {
        guard let object = reference.load(ordering: .acquiring) else { return nil }
        return object._withUnsafeGuaranteedRef(body)
    }
}
