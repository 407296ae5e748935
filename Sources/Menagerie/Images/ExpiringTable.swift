import Clocks
import Locking
import Upstreams

/// A small table of values that each expire a fixed time after they were set, bounded in
/// entries: when full, expired entries go first, then the one expiring soonest.
///
/// The image endpoint's memory in `auto` mode: the hosts that failed lately and the Dog CEO
/// pictures that stand in for missing ones. Time comes from an injected ``MonotonicClock``.
final class ExpiringTable<Value: Sendable>: Sendable {
    struct Entry {
        var value: Value
        var expires: Duration
    }

    /// The most entries held.
    let capacity: Int
    /// How long an entry lives.
    let lifetime: Duration
    let clock: MonotonicClock
    private let entries = Locked<[String: Entry]>([:])

    init(capacity: Int, lifetime: Duration, clock: MonotonicClock) {
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
        self.clock = clock
    }

    /// The value set for `key` less than ``lifetime`` ago (an expired entry is dropped).
    func value(for key: String) -> Value? {
        let now = clock.now()
        return entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard entry.expires > now else {
                entries.removeValue(forKey: key)
                return nil
            }
            return entry.value
        }
    }

    /// Sets `value` for `key` for the next ``lifetime``, making room when full.
    func set(_ value: Value, for key: String) {
        let now = clock.now()
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity {
                entries = entries.filter { $0.value.expires > now }
                while entries.count >= capacity, let soonest = entries.min(by: { $0.value.expires < $1.value.expires })
                {
                    entries.removeValue(forKey: soonest.key)
                }
            }
            entries[key] = Entry(value: value, expires: now + lifetime)
        }
    }

    /// The entries held now (expired ones included until they are dropped).
    var count: Int { entries.withLock { $0.count } }
}
