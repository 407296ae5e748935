import Base
import Clocks
import Locking
import Redis
import Upstreams

/// The upstream pipelines' ``SharedCache`` in Redis: entries under
/// `menagerie:v1:<upstream>:<request>` (the request key itself when short and printable, else
/// `#` and a 128-bit digest of it; the entry carries the whole key and is checked on read), fetch
/// locks under `menagerie:v1:lock:<upstream>:<…>` (`SET NX PX`, released only by their holder's
/// token).
///
/// Redis is a helper, never a dependency: every call is bounded by the client's timeout and
/// judged by a circuit breaker of its own; a failure, a timeout, an unreadable or unexpected
/// reply, or an open breaker is reported as `unavailable` (a miss for the pipeline), never as
/// an error. While the breaker is open, Redis is not called at all; after its open interval
/// one probe call goes through, and its success closes it.
public final class RedisSharedCache: SharedCache {
    /// The client (also usable for other shared state, see ``guarded(_:)``).
    public let client: RedisClient
    /// The breaker judging every Redis call made through this cache.
    public let breaker: CircuitBreaker
    /// The prefix of every key (default `menagerie:v1:`).
    public let keyPrefix: String
    private let tallies = Locked(Tallies())

    struct Tallies {
        var rejections = 0
        var reads: [String: Int] = [:]
    }

    /// The breaker's default for Redis: opens when at least 5 calls in 10 s ended and half
    /// failed; open 1 s at first, doubling up to 10 s while Redis stays down.
    public static let defaultBreakerPolicy = BreakerPolicy(
        window: .seconds(10), minimumCalls: 5, failureRate: 0.5,
        initialOpenDuration: .seconds(1), maxOpenDuration: .seconds(10))

    /// The script that deletes a lock only if it still holds the caller's token.
    static let unlockScript =
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

    /// Creates the cache. `clock` drives the breaker (tests inject one to pass its open interval).
    public init(
        client: RedisClient, keyPrefix: String = "menagerie:v1:",
        breaker: BreakerPolicy = RedisSharedCache.defaultBreakerPolicy, clock: MonotonicClock = .system
    ) {
        self.client = client
        self.keyPrefix = keyPrefix
        self.breaker = CircuitBreaker(policy: breaker, clock: clock)
    }

    /// Runs `body` on the client under the breaker: its result, or nil when the breaker is
    /// open or the call failed (recorded as a failure). For other shared state kept in the same
    /// Redis (e.g. persisted queries), so that one breaker guards every use of it.
    public func guarded<T>(_ body: (RedisClient) async throws(RedisError) -> T) async -> T? {
        guard let permit = breaker.allowCall() else {
            tallies.withLock { $0.rejections += 1 }
            return nil
        }
        do {
            let value = try await body(client)
            breaker.recordSuccess(permit)
            return value
        } catch {
            breaker.recordFailure(permit)
            return nil
        }
    }

    // MARK: SharedCache

    public func read(_ key: SharedCacheKey) async -> SharedCacheRead {
        let entryKey = self.entryKey(key)
        let found = await guarded { client throws(RedisError) in try await client.get(entryKey) }
        let result: SharedCacheRead
        switch found {
        case .none: result = .unavailable
        case .some(.none): result = .absent
        case .some(.some(let bytes)): result = .value(bytes)
        }
        tallies.withLock { $0.reads[Self.name(result), default: 0] += 1 }
        return result
    }

    public func lock(_ key: SharedCacheKey, token: String, lease: Duration) async -> SharedCacheLock {
        let lockKey = self.lockKey(key), entryKey = self.entryKey(key)
        let replies = await guarded { client throws(RedisError) in
            try Self.checked(
                await client.pipeline([
                    RedisClient.set(lockKey, Array(token.utf8), ttl: lease, ifAbsent: true),
                    [Array("GET".utf8), Array(entryKey.utf8)]
                ]))
        }
        guard let replies, replies.count == 2, let value = Self.optionalBytes(replies[1]) else { return .unavailable }
        switch replies[0] {
        case .simpleString("OK"): return .acquired(value: value)
        case .bulkString(nil): return .busy(value: value)
        default: return .unavailable
        }
    }

    public func poll(_ key: SharedCacheKey) async -> SharedCachePoll {
        let entryKey = self.entryKey(key), lockKey = self.lockKey(key)
        let reply = await guarded { client throws(RedisError) in
            try await client.command([Array("MGET".utf8), Array(entryKey.utf8), Array(lockKey.utf8)])
        }
        guard case .array(let values?)? = reply, values.count == 2,
            let entry = Self.optionalBytes(values[0]), let lock = Self.optionalBytes(values[1])
        else { return .unavailable }
        if let entry { return .value(entry) }
        return lock == nil ? .released : .locked
    }

    public func store(_ key: SharedCacheKey, _ value: [UInt8], lifetime: Duration, releasing token: String?) async {
        let entryKey = self.entryKey(key), lockKey = self.lockKey(key)
        var commands = [RedisClient.set(entryKey, value, ttl: lifetime, ifAbsent: false)]
        if let token { commands.append(Self.unlockCommand(lockKey, token: token)) }
        _ = await guarded { client throws(RedisError) in try Self.checked(await client.pipeline(commands)) }
    }

    public func unlock(_ key: SharedCacheKey, token: String) async {
        let command = Self.unlockCommand(lockKey(key), token: token)
        _ = await guarded { client throws(RedisError) in try await client.command(command) }
    }

    // MARK: Keys

    /// The Redis key of `key`'s entry.
    public func entryKey(_ key: SharedCacheKey) -> String {
        keyPrefix + key.upstream + ":" + Self.requestPart(key.request)
    }

    /// The Redis key of `key`'s fetch lock.
    public func lockKey(_ key: SharedCacheKey) -> String {
        keyPrefix + "lock:" + key.upstream + ":" + Self.requestPart(key.request)
    }

    /// The request key itself when at most 200 printable ASCII bytes, else `#` and a digest.
    static func requestPart(_ request: String) -> String {
        let bytes = Array(request.utf8)
        if bytes.count <= 200, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), bytes.first != UInt8(ascii: "#") {
            return request
        }
        return "#" + digest(bytes)
    }

    /// Two 64-bit FNV-1a hashes with different offsets, as 32 hex digits (a key, not a
    /// security boundary: entries carry their request key and are checked on read).
    static func digest(_ bytes: [UInt8]) -> String {
        StableHash.hex(StableHash.fnv1a(bytes)) + StableHash.hex(StableHash.fnv1a(bytes, offset: 0x8422_2325_cbf2_9ce4))
    }

    static func unlockCommand(_ lockKey: String, token: String) -> [[UInt8]] {
        [Array("EVAL".utf8), Array(unlockScript.utf8), Array("1".utf8), Array(lockKey.utf8), Array(token.utf8)]
    }

    /// The replies, or a failure if any is an error reply.
    static func checked(_ replies: [RESPValue]) throws(RedisError) -> [RESPValue] {
        for reply in replies {
            if case .error(let message) = reply { throw .server(message) }
        }
        return replies
    }

    /// A bulk string's bytes (`.some(nil)` for the null bulk string); nil for another type.
    static func optionalBytes(_ reply: RESPValue) -> [UInt8]?? {
        guard case .bulkString(let bytes) = reply else { return nil }
        return .some(bytes)
    }

    static func name(_ read: SharedCacheRead) -> String {
        switch read {
        case .value: return "value"
        case .absent: return "absent"
        case .unavailable: return "unavailable"
        }
    }

    // MARK: Metrics

    /// Calls refused by the open breaker.
    public var breakerRejections: Int { tallies.withLock { $0.rejections } }

    /// Entry reads by result: `value`, `absent`, `unavailable`.
    public var reads: [String: Int] { tallies.withLock { $0.reads } }
}
