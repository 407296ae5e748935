/// Values by string key, least recently used first out, bounded by a number of entries and by a
/// cost budget (each entry is charged the cost it was inserted with). A value type: its owner
/// keeps it under a lock (the parsed-document cache, the persisted-query store).
public struct LRUTable<Value> {
    fileprivate struct Entry {
        var value: Value
        var cost: Int
        var previous: String?
        var next: String?
    }

    private var entries: [String: Entry] = [:]
    private var newest: String?
    private var oldest: String?

    /// The most entries kept.
    public let capacity: Int
    /// The most cost the kept entries may add up to.
    public let maxCost: Int
    /// The cost of the kept entries.
    public private(set) var cost = 0

    /// A table of at most `capacity` entries costing at most `maxCost` in all.
    public init(capacity: Int, maxCost: Int) {
        self.capacity = max(0, capacity)
        self.maxCost = max(0, maxCost)
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value of `key`, marked as most recently used.
    public mutating func value(for key: String) -> Value? {
        guard let entry = entries[key] else { return nil }
        unlink(key)
        linkNewest(key, entry.value, cost: entry.cost)
        return entry.value
    }

    /// Keeps `value` under `key` as the most recently used entry, evicting the least recently
    /// used ones past the bounds; a value costing more than the whole budget is not kept.
    public mutating func insert(_ value: Value, for key: String, cost: Int) {
        guard capacity > 0, cost <= maxCost else { return }
        if entries[key] != nil { unlink(key) }
        linkNewest(key, value, cost: cost)
        while entries.count > capacity || self.cost > maxCost, let oldest {
            unlink(oldest)
        }
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        self = LRUTable(capacity: capacity, maxCost: maxCost)
    }

    private mutating func unlink(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        cost -= entry.cost
        if let previous = entry.previous { entries[previous]?.next = entry.next } else { newest = entry.next }
        if let next = entry.next { entries[next]?.previous = entry.previous } else { oldest = entry.previous }
    }

    private mutating func linkNewest(_ key: String, _ value: Value, cost: Int) {
        self.cost += cost
        if let newest { entries[newest]?.previous = key }
        entries[key] = Entry(value: value, cost: cost, previous: nil, next: newest)
        newest = key
        if oldest == nil { oldest = key }
    }
}

extension LRUTable: Sendable where Value: Sendable {}
extension LRUTable.Entry: Sendable where Value: Sendable {}
