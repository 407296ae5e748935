/// Values by string key, least recently used first out, bounded by a number of entries and by a
/// cost budget (each entry is charged the cost it was inserted with). A value type: its owner
/// keeps it under a lock (the parsed-document cache, the persisted-query store).
///
/// The entries sit in an array of slots linked from newest to oldest by index, with the keys
/// hashed once per call: a hit is one lookup of its key, then a few index writes. Inlinable, so
/// that each user gets it specialized for its value type (a generic table called across modules
/// would otherwise run its unspecialized code, asking the runtime for type metadata on each call).
public struct LRUTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: String
        /// nil for a free slot.
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        /// The slot used just after this one (towards the newest), or -1.
        @usableFromInline var previous: Int
        /// The slot used just before this one (towards the oldest), or -1.
        @usableFromInline var next: Int

        @inlinable
        init(key: String, value: Value?, cost: Int, previous: Int, next: Int) {
            self.key = key
            self.value = value
            self.cost = cost
            self.previous = previous
            self.next = next
        }
    }

    @usableFromInline var slotByKey: [String: Int] = [:]
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1

    /// The most entries kept.
    public let capacity: Int
    /// The most cost the kept entries may add up to.
    public let maxCost: Int
    /// The cost of the kept entries.
    public var cost: Int { totalCost }
    @usableFromInline var totalCost = 0

    /// A table of at most `capacity` entries costing at most `maxCost` in all.
    @inlinable
    public init(capacity: Int, maxCost: Int) {
        self.capacity = max(0, capacity)
        self.maxCost = max(0, maxCost)
    }

    /// The number of entries.
    @inlinable
    public var count: Int { slotByKey.count }

    /// The value of `key`, marked as most recently used.
    @inlinable
    public mutating func value(for key: String) -> Value? {
        guard let slot = slotByKey[key] else { return nil }
        makeNewest(slot)
        return slots[slot].value
    }

    /// Keeps `value` under `key` as the most recently used entry, evicting the least recently
    /// used ones past the bounds; a value costing more than the whole budget is not kept.
    @inlinable
    public mutating func insert(_ value: Value, for key: String, cost: Int) {
        guard capacity > 0, cost <= maxCost else { return }
        if let slot = slotByKey[key] {
            totalCost += cost - slots[slot].cost
            slots[slot].value = value
            slots[slot].cost = cost
            makeNewest(slot)
        } else {
            let entry = Slot(key: key, value: value, cost: cost, previous: -1, next: newest)
            let slot: Int
            if let free = freeSlots.popLast() {
                slots[free] = entry
                slot = free
            } else {
                slots.append(entry)
                slot = slots.count - 1
            }
            if newest >= 0 { slots[newest].previous = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
            slotByKey[key] = slot
            totalCost += cost
        }
        // The entry just kept is the newest and fits the budget alone: the oldest go first.
        while slotByKey.count > capacity || totalCost > maxCost, oldest >= 0 {
            remove(oldest)
        }
    }

    /// Forgets every entry.
    @inlinable
    public mutating func removeAll() {
        self = LRUTable(capacity: capacity, maxCost: maxCost)
    }

    /// Takes `slot` out of the newest-to-oldest chain (its links are left to the caller).
    @inlinable
    mutating func detach(_ slot: Int) {
        let previous = slots[slot].previous
        let next = slots[slot].next
        if previous >= 0 { slots[previous].next = next } else { newest = next }
        if next >= 0 { slots[next].previous = previous } else { oldest = previous }
    }

    @inlinable
    mutating func makeNewest(_ slot: Int) {
        guard slot != newest else { return }
        detach(slot)
        slots[slot].previous = -1
        slots[slot].next = newest
        if newest >= 0 { slots[newest].previous = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    @inlinable
    mutating func remove(_ slot: Int) {
        detach(slot)
        slotByKey[slots[slot].key] = nil
        totalCost -= slots[slot].cost
        slots[slot] = Slot(key: "", value: nil, cost: 0, previous: -1, next: -1)
        freeSlots.append(slot)
    }
}

extension LRUTable: Sendable where Value: Sendable {}
extension LRUTable.Slot: Sendable where Value: Sendable {}
