/// A cache shared by the replicas of a deployment (e.g. Redis), consulted by an
/// ``UpstreamPipeline`` after its own ``ResponseCache`` misses, so that an answer one replica
/// fetched serves the others without an upstream call.
///
/// It is a helper, never a dependency: every method answers promptly (an implementation
/// bounds each call by a short timeout) and never throws; a failure is reported as
/// `unavailable` (or `false`), which the pipeline treats as a miss and then leaves the shared
/// cache alone for the rest of that request. Values are opaque bytes (``SharedCacheEntry``
/// encodes them); the lock is a short lease that lets one replica fetch an entry while the
/// others wait for it (no cache stampede).
public protocol SharedCache: Sendable {
    /// The stored value of `key`.
    func read(_ key: SharedCacheKey) async -> SharedCacheRead
    /// Tries to take `key`'s fetch lock for `lease` with `token`; also returns the value
    /// stored meanwhile, if any (read after the attempt).
    func lock(_ key: SharedCacheKey, token: String, lease: Duration) async -> SharedCacheLock
    /// The value of `key` if stored now, else whether its fetch lock is still held.
    func poll(_ key: SharedCacheKey) async -> SharedCachePoll
    /// Stores `value` for `lifetime`, then releases the lock held with `token` (if given).
    func store(_ key: SharedCacheKey, _ value: [UInt8], lifetime: Duration, releasing token: String?) async
    /// Releases the lock of `key` if it is still held with `token`.
    func unlock(_ key: SharedCacheKey, token: String) async
}

/// One shared entry's identity: the upstream and the request's cache key (method, URL, body).
public struct SharedCacheKey: Sendable, Hashable {
    /// The upstream (``UpstreamName/rawValue``).
    public var upstream: String
    /// The request's cache key: method, URL and body.
    public var request: String

    /// Creates a key.
    public init(upstream: String, request: String) {
        self.upstream = upstream
        self.request = request
    }
}

/// What ``SharedCache/read(_:)`` found.
public enum SharedCacheRead: Sendable, Equatable {
    /// The stored bytes.
    case value([UInt8])
    /// Nothing stored.
    case absent
    /// The shared cache did not answer (down, slow, garbage, circuit open).
    case unavailable
}

/// What ``SharedCache/lock(_:token:lease:)`` did.
public enum SharedCacheLock: Sendable, Equatable {
    /// The lock is ours; `value` is what was stored meanwhile, if anything.
    case acquired(value: [UInt8]?)
    /// Another replica holds it; `value` is what is stored, if anything.
    case busy(value: [UInt8]?)
    /// The shared cache did not answer.
    case unavailable
}

/// What ``SharedCache/poll(_:)`` found.
public enum SharedCachePoll: Sendable, Equatable {
    /// The entry is stored now.
    case value([UInt8])
    /// Not stored, and the fetch lock is still held.
    case locked
    /// Not stored, and the lock is gone (the fetch failed or was not cacheable).
    case released
    /// The shared cache did not answer.
    case unavailable
}

/// How long a replica holds a shared fetch lock and how long the others wait for its entry.
public struct SharedCacheLockPolicy: Sendable, Equatable {
    /// How long the lock lasts at most (it is released as soon as the entry is stored).
    public var lease: Duration
    /// The wait between two looks at a locked entry.
    public var pollInterval: Duration
    /// Looks at a locked entry before fetching it after all.
    public var maxPolls: Int

    /// Creates a policy; by default a 2 s lease, polled every 20 ms up to 25 times (0.5 s).
    public init(lease: Duration = .seconds(2), pollInterval: Duration = .milliseconds(20), maxPolls: Int = 25) {
        self.lease = max(.milliseconds(1), lease)
        self.pollInterval = max(.milliseconds(1), pollInterval)
        self.maxPolls = max(0, maxPolls)
    }
}
