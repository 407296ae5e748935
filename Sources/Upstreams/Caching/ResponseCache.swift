import Clocks
import Locking

/// A bounded LRU cache of upstream responses with freshness lifetimes.
///
/// Entries are fresh until their TTL runs out, then stale; a stale entry may still
/// be served after an upstream failure until its stale-if-error bound passes,
/// after which it is dropped. When full, the least recently used entry goes.
public final class ResponseCache: Sendable {
    struct Entry {
        var key: UpstreamCacheKey
        var response: UpstreamResponse
        var expires: Duration
        var staleUntil: Duration
        var version: Int
        var previous: Int
        var next: Int
    }

    struct Storage {
        var index: [UpstreamCacheKey: Int] = [:]
        var slots: [Entry] = []
        var free: [Int] = []
        var head = -1 // most recently used
        var tail = -1 // least recently used
        var nextVersion = 1
    }

    /// The result of a lookup; `version` identifies the stored response (it changes
    /// whenever the entry is stored again), so decoded values can be memoised.
    enum Lookup {
        case fresh(UpstreamResponse, version: Int)
        case stale(UpstreamResponse, version: Int)
        case miss
    }

    /// The largest number of entries kept.
    public let capacity: Int
    let clock: MonotonicClock
    let storage = Locked(Storage())

    /// Creates an empty cache of at most `capacity` entries.
    public init(capacity: Int = 512, clock: MonotonicClock = .system) {
        self.capacity = max(1, capacity)
        self.clock = clock
    }

    /// The number of entries.
    public var count: Int { storage.withLock { $0.index.count } }

    /// Looks `key` up and marks it recently used.
    func lookup(_ key: UpstreamCacheKey) -> Lookup {
        let now = clock.now()
        return storage.withLock { s in
            guard let slot = s.index[key] else { return .miss }
            let entry = s.slots[slot]
            if now >= entry.staleUntil && now >= entry.expires {
                Self.remove(slot, from: &s)
                return .miss
            }
            Self.moveToFront(slot, in: &s)
            return now < entry.expires
                ? .fresh(entry.response, version: entry.version) : .stale(entry.response, version: entry.version)
        }
    }

    /// Stores `response` fresh for `ttl` and usable as stale for `staleIfError` more;
    /// returns the entry's version (nil when not stored).
    @discardableResult
    func store(_ key: UpstreamCacheKey, _ response: UpstreamResponse, ttl: Duration, staleIfError: Duration) -> Int? {
        guard ttl > .zero else { return nil }
        let now = clock.now()
        return put(key, response, expires: now + ttl, staleUntil: now + ttl + staleIfError, replacing: true)
    }

    /// Stores `response` already expired, usable as stale-if-error for `staleFor`, unless
    /// `key` has an entry (a stale answer found in a shared cache); returns its version.
    @discardableResult
    func storeStale(_ key: UpstreamCacheKey, _ response: UpstreamResponse, staleFor: Duration) -> Int? {
        guard staleFor > .zero else { return nil }
        let now = clock.now()
        return put(key, response, expires: now, staleUntil: now + staleFor, replacing: false)
    }

    private func put(
        _ key: UpstreamCacheKey, _ response: UpstreamResponse, expires: Duration, staleUntil: Duration, replacing: Bool
    ) -> Int? {
        storage.withLock { s -> Int? in
            if let slot = s.index[key] {
                guard replacing else { return nil }
                let version = s.nextVersion
                s.nextVersion += 1
                s.slots[slot].response = response
                s.slots[slot].expires = expires
                s.slots[slot].staleUntil = staleUntil
                s.slots[slot].version = version
                Self.moveToFront(slot, in: &s)
                return version
            }
            let version = s.nextVersion
            s.nextVersion += 1
            if s.index.count >= capacity, s.tail >= 0 {
                Self.remove(s.tail, from: &s)
            }
            let entry = Entry(
                key: key, response: response, expires: expires, staleUntil: staleUntil, version: version, previous: -1,
                next: -1)
            let slot: Int
            if let reused = s.free.popLast() {
                s.slots[reused] = entry
                slot = reused
            } else {
                s.slots.append(entry)
                slot = s.slots.count - 1
            }
            s.index[key] = slot
            Self.linkAtFront(slot, in: &s)
            return version
        }
    }

    /// When the entry for `key` stops being fresh, if it is still the stored `version`.
    func expiry(of key: UpstreamCacheKey, version: Int) -> Duration? {
        storage.withLock { s in
            guard let slot = s.index[key], s.slots[slot].version == version else { return nil }
            return s.slots[slot].expires
        }
    }

    /// Removes the entry for `key` if it is still the stored `version`.
    func remove(_ key: UpstreamCacheKey, version: Int) {
        storage.withLock { s in
            guard let slot = s.index[key], s.slots[slot].version == version else { return }
            Self.remove(slot, from: &s)
        }
    }

    /// Removes every entry.
    public func removeAll() {
        storage.withLock { s in
            let next = s.nextVersion
            s = Storage()
            s.nextVersion = next
        }
    }

    private static func linkAtFront(_ slot: Int, in s: inout Storage) {
        s.slots[slot].previous = -1
        s.slots[slot].next = s.head
        if s.head >= 0 { s.slots[s.head].previous = slot }
        s.head = slot
        if s.tail < 0 { s.tail = slot }
    }

    private static func unlink(_ slot: Int, in s: inout Storage) {
        let previous = s.slots[slot].previous
        let next = s.slots[slot].next
        if previous >= 0 { s.slots[previous].next = next } else { s.head = next }
        if next >= 0 { s.slots[next].previous = previous } else { s.tail = previous }
    }

    private static func moveToFront(_ slot: Int, in s: inout Storage) {
        guard s.head != slot else { return }
        unlink(slot, in: &s)
        linkAtFront(slot, in: &s)
    }

    private static func remove(_ slot: Int, from s: inout Storage) {
        unlink(slot, in: &s)
        s.index[s.slots[slot].key] = nil
        s.slots[slot].response = UpstreamResponse(status: 0)
        s.free.append(slot)
    }
}
