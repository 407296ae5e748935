// Unsafe by design: a field plan's sub-plan lent to the executor without reference counting.
//
// What: `FieldPlan.withNamedObjectSubplan` reads the sub-plan of a field whose type is an object
// type from an `Atomic<Unmanaged<ObjectPlan>?>` and lends it to the executor with
// `_withUnsafeGuaranteedRef` (no retain/release). Loading it from the field's
// `AtomicLazyReference` returns it retained: one retain and one release per object completed,
// on the same reference count for every request that runs the plan, so with the event loops on
// two cores that count's cache line moves between the cores on every nested object.
//
// Invariant: the reference is unretained; it is owned by the same field plan's
// `namedObjectSubplan` (an `AtomicLazyReference`: set once, never cleared), and it is published
// here only after that store, with the value the store kept. The executor calls
// `withNamedObjectSubplan` on a field plan it holds (the field list of a plan it holds), so the
// sub-plan outlives the call.
//
// Measured (docs/performance.md, "Cores, third pass"): on two cores `swift_retain`'s excess over
// one core fell from 11.5 to 2.8 µs per Q3 request; A/B, five rounds alternating, medians: Q3
// +13% req/s on two cores (server CPU 235 → 208 µs per request) and +15% on one, Q2 +7% on two.
//
// Tests that catch a violation: every nested-object execution test goes through this read (a
// sub-plan freed early reads garbage, so `GraphQLTests` fail), and
// `swift test --sanitize=address` (CI's server suites, or `--filter GraphQLTests`) reports a use
// after free.

import Synchronization

/// A sub-plan reference published once, read without a retain (owned elsewhere: see above).
struct UnretainedSubplan: ~Copyable, Sendable {
    private let reference = Atomic<Unmanaged<ObjectPlan>?>(nil)

    init() {}

    /// Publishes `plan`, which the caller's plan owns for as long as it lives.
    func publish(_ plan: ObjectPlan) {
        reference.store(Unmanaged.passUnretained(plan), ordering: .releasing)
    }

    /// `body` applied to the published plan, lent without a retain; nil before it is published.
    @inline(__always)
    func withPlan<Result>(_ body: (ObjectPlan) -> Result) -> Result? {
        guard let plan = reference.load(ordering: .acquiring) else { return nil }
        return plan._withUnsafeGuaranteedRef(body)
    }
}
