import Locking
import LRU

/// Where automatic persisted queries are kept: each query's text by its SHA-256 hash (64
/// lowercase hexadecimal digits, as clients send it in `extensions.persistedQuery.sha256Hash`).
///
/// The server only stores a query after checking that the hash is the query's, and only once
/// the query has parsed and validated, so a store never holds a text under another text's hash.
/// A store may forget entries at any time (clients then send the query again).
public protocol PersistedQueryStore: Sendable {
    /// The query stored for `hash`, if any.
    func query(forHash hash: String) async -> String?
    /// Stores `query` under `hash` (its SHA-256).
    func register(hash: String, query: String) async
    /// Entries and bytes held, for `/metrics` (nil when the store cannot tell).
    var occupancy: (entries: Int, bytes: Int)? { get }
}

extension PersistedQueryStore {
    public var occupancy: (entries: Int, bytes: Int)? { nil }
}

/// A bounded in-process ``PersistedQueryStore``: least recently used first out, bounded by
/// entries and by bytes (an entry costs its query's UTF-8 bytes plus
/// ``InMemoryPersistedQueryStore/entryOverheadBytes``). A query costing more than the whole
/// byte budget is not stored (it still runs; its client keeps sending it in full).
public final class InMemoryPersistedQueryStore: PersistedQueryStore {
    /// The default ``capacity``: 10,000 queries.
    public static let defaultCapacity = 10_000
    /// The default ``maxBytes``: 32 MiB.
    public static let defaultMaxBytes = 32 << 20
    /// The estimated fixed cost of one entry (its hash, the table and list slots).
    public static let entryOverheadBytes = 160

    /// The most queries kept.
    public let capacity: Int
    /// The most bytes the kept queries may cost.
    public let maxBytes: Int
    private let state: Locked<LRUTable<String>>

    /// A store of at most `capacity` queries costing at most `maxBytes` in all.
    public init(
        capacity: Int = InMemoryPersistedQueryStore.defaultCapacity,
        maxBytes: Int = InMemoryPersistedQueryStore.defaultMaxBytes
    ) {
        self.capacity = max(0, capacity)
        self.maxBytes = max(0, maxBytes)
        state = Locked(LRUTable(capacity: capacity, maxCost: maxBytes))
    }

    /// The cost of storing `query`.
    public static func cost(of query: String) -> Int {
        query.utf8.count + entryOverheadBytes
    }

    public func query(forHash hash: String) async -> String? {
        lookup(hash)
    }

    public func register(hash: String, query: String) async {
        insert(hash: hash, query: query)
    }

    /// The query stored for `hash`, marked as most recently used (synchronous).
    public func lookup(_ hash: String) -> String? {
        state.withLock { $0.value(for: hash) }
    }

    /// Stores `query` under `hash`, evicting the least recently used entries past the bounds.
    public func insert(hash: String, query: String) {
        let cost = Self.cost(of: query)
        state.withLock { $0.insert(query, for: hash, cost: cost) }
    }

    /// The number of stored queries.
    public var count: Int { state.withLock { $0.count } }
    /// The cost of the stored queries.
    public var bytes: Int { state.withLock { $0.cost } }

    public var occupancy: (entries: Int, bytes: Int)? {
        state.withLock { ($0.count, $0.cost) }
    }
}

/// Two stores in layers: the `near` one (in process) is asked first; on a miss the `far` one
/// (shared by every replica, e.g. Redis), whose answer is then kept in `near` too. A query is
/// registered in both, so a hash registered through one replica works through every other.
/// What `far` answers is checked against its hash before use (a shared store is written by
/// other processes): a text that is not the hash's counts as a miss.
public struct LayeredPersistedQueryStore: PersistedQueryStore {
    /// Asked first; holds copies of what `far` answered.
    public let near: any PersistedQueryStore
    /// Asked on a miss in `near`.
    public let far: any PersistedQueryStore

    public init(near: any PersistedQueryStore, far: any PersistedQueryStore) {
        self.near = near
        self.far = far
    }

    public func query(forHash hash: String) async -> String? {
        if let query = await near.query(forHash: hash) { return query }
        guard let query = await far.query(forHash: hash), SHA256.hexHash(query) == hash else { return nil }
        await near.register(hash: hash, query: query)
        return query
    }

    public func register(hash: String, query: String) async {
        await near.register(hash: hash, query: query)
        await far.register(hash: hash, query: query)
    }

    public var occupancy: (entries: Int, bytes: Int)? { near.occupancy }
}
