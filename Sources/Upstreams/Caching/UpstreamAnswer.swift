import Locking

/// One decoded upstream answer, with a place for the values derived from it.
///
/// The pipeline makes one answer object per cache entry: every request the entry serves
/// while it is fresh (or served stale after an upstream failure) gets the same object,
/// and a stored answer that is replaced (expired and fetched again) gets a new one. So a
/// value computed with ``derived(as:_:)`` (an index, a sorted order, parsed fields, the
/// application's models) is computed once per upstream answer and shared by every request
/// it serves. An answer that is not cached (a random endpoint, an error answer) is a new
/// object for each call, shared only by the concurrent requests deduplicated into it.
///
/// The layer above keeps its own derived types: a derivation is identified by the type it
/// returns, so each kind of derived value has its own type (e.g. an index class).
public final class UpstreamAnswer<Value: Sendable>: Sendable {
    /// The decoded answer.
    public let value: Value
    private let slots = Locked<[ObjectIdentifier: DerivedSlot]>([:])
    private let counters: UpstreamCounters?
    /// When the cache entry this answer belongs to stops being fresh (the pipeline's clock);
    /// nil for an answer of no cache entry. Set once, when the pipeline keeps the answer as its
    /// entry's, before anyone else gets it.
    private let entryExpiry = Locked<Duration?>(nil)

    /// An answer that belongs to no cache (tests, values made without an upstream call).
    public convenience init(_ value: Value) {
        self.init(value, counters: nil)
    }

    init(_ value: Value, counters: UpstreamCounters?) {
        self.value = value
        self.counters = counters
    }

    /// When this answer's cache entry stops being fresh; nil when it belongs to no entry.
    var freshUntil: Duration? {
        entryExpiry.withLock { $0 }
    }

    /// Records the expiry of the cache entry this answer belongs to.
    func belongs(toEntryFreshUntil expiry: Duration?) {
        entryExpiry.withLock { $0 = expiry }
    }

    /// The value of type `T` derived from this answer by `make`: computed by the first
    /// caller, then the same value for every later one (concurrent first callers wait for
    /// the one computing it, so `make` runs once). When `make` throws, nothing is kept and
    /// the next caller tries again.
    ///
    /// `make` may derive values of other types from this answer, never of `T` itself.
    public func derived<T: Sendable>(as type: T.Type = T.self, _ make: (Value) throws -> T) rethrows -> T {
        let id = ObjectIdentifier(type)
        let slot = slots.withLock { slots -> DerivedSlot in
            if let slot = slots[id] { return slot }
            let slot = DerivedSlot()
            slots[id] = slot
            return slot
        }
        return try slot.value.withLock { stored -> T in
            if let stored, let value = stored as? T { return value }
            let value = try make(self.value)
            stored = value
            counters?.update { $0.derivations += 1 }
            return value
        }
    }

    /// Derives an answer of its own from this one (e.g. one list inside a GraphQL answer),
    /// kept like any derived value, so values derived from it are shared as long as this
    /// answer is.
    public func derivedAnswer<T: Sendable>(as type: T.Type = T.self, _ make: (Value) throws -> T) rethrows
        -> UpstreamAnswer<T>
    {
        try derived(as: UpstreamAnswer<T>.self) { value in UpstreamAnswer<T>(try make(value), counters: counters) }
    }

    /// The number of values derived and kept so far (for tests).
    public var derivedCount: Int {
        // Never a slot's lock under the table's: a derivation holds its slot's lock while it
        // takes the table's lock to derive another value.
        let all = slots.withLock { Array($0.values) }
        return all.reduce(0) { count, slot in count + (slot.value.withLock { $0 == nil } ? 0 : 1) }
    }
}

/// The derived value of one type: its lock is held while the value is computed.
private final class DerivedSlot: Sendable {
    let value = Locked<(any Sendable)?>(nil)
}
