import GraphQLServer
import Redis

/// Automatic persisted queries shared by every replica through Redis: the `far` layer of a
/// ``LayeredPersistedQueryStore`` (the in-process store stays in front of it).
///
/// Every call goes through ``RedisSharedCache/guarded(_:)``, so one breaker and one timeout guard
/// every use of Redis: with Redis down, slow or answering garbage, a lookup is a miss (the client
/// then sends the query again, as the protocol says) and a registration is skipped. Entries live
/// under `<prefix>apq:<sha256>` for ``timeToLive`` after their last registration; the layered
/// store checks each text against its hash before using it.
public struct RedisPersistedQueryStore: PersistedQueryStore {
    /// How long Redis keeps a registered query (24 h): a client whose hash has expired gets
    /// `PersistedQueryNotFound` and registers it again.
    public static let timeToLive: Duration = .seconds(24 * 3_600)

    let redis: RedisSharedCache

    /// A store in the Redis that `redis` uses, under its breaker.
    public init(redis: RedisSharedCache) {
        self.redis = redis
    }

    /// The Redis key of `hash`.
    func key(_ hash: String) -> String { redis.keyPrefix + "apq:" + hash }

    public func query(forHash hash: String) async -> String? {
        let key = self.key(hash)
        guard let found = await redis.guarded({ client throws(RedisError) in try await client.get(key) }),
            let bytes = found
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    public func register(hash: String, query: String) async {
        let key = self.key(hash)
        _ = await redis.guarded { client throws(RedisError) in
            try await client.set(key, Array(query.utf8), ttl: Self.timeToLive)
        }
    }
}
