/// The shared-cache side of one (deduplicated) fetch: which entry, whether the shared cache
/// still answers, the fetch lock held, a stale entry found on the way.
struct SharedFetch: Sendable {
    let cache: any SharedCache
    let key: SharedCacheKey
    /// The request's key in the local cache (its text is `key.request`; its hash is kept).
    let localKey: UpstreamCacheKey
    /// False once the shared cache failed: it is left alone for the rest of this fetch, so a
    /// slow or broken shared cache costs one timeout per fetch at most.
    var usable = true
    /// The lock token, while this replica holds the entry's fetch lock.
    var token: String?
    /// A shared entry past its freshness but within its stale-if-error window.
    var stale: SharedCacheEntry?
}

extension UpstreamPipeline {
    /// Asks the shared cache before the exchange: a fresh entry answers (decoded like a fresh
    /// upstream answer and put in the local cache for its remaining freshness); on a miss,
    /// tries the entry's fetch lock: the winner returns nil to fetch (holding the lock), a
    /// loser waits for the winner's entry (``SharedCacheLockPolicy``), then returns nil to
    /// fetch itself if it did not come.
    func sharedAnswer<T: Sendable>(
        _ flow: inout SharedFetch,
        policy: CachePolicy,
        memoKey: DecodedKey,
        store: (@Sendable (T) -> Bool)?,
        decode: @Sendable (UpstreamResponse) throws -> T
    ) async throws -> FetchedResponse? {
        let fetched = try await lookUpShared(&flow) { bytes, flow in
            adoptShared(bytes, &flow, policy: policy, memoKey: memoKey, store: store, decode: decode)
        }
        counters.update { fetched != nil ? ($0.sharedHits += 1) : ($0.sharedMisses += 1) }
        return fetched
    }

    /// Read, lock, wait: see ``sharedAnswer(_:policy:memoKey:store:decode:)``. `adopt` makes
    /// the answer of stored bytes (nil when unusable).
    private func lookUpShared(
        _ flow: inout SharedFetch,
        adopt: ([UInt8], inout SharedFetch) -> FetchedResponse?
    ) async throws -> FetchedResponse? {
        // Bytes already judged unusable are not judged (nor counted) again.
        var seen: [UInt8]?
        switch await flow.cache.read(flow.key) {
        case .value(let bytes):
            if let fetched = adopt(bytes, &flow) { return fetched }
            seen = bytes
        case .absent:
            break
        case .unavailable:
            flow.usable = false
            return nil
        }
        let lockPolicy = settings.sharedLock
        let token = Self.lockToken()
        switch await flow.cache.lock(flow.key, token: token, lease: lockPolicy.lease) {
        case .acquired(let value):
            // Stored by another replica between the read and the lock: no fetch needed.
            if let value, value != seen, let fetched = adopt(value, &flow) {
                await flow.cache.unlock(flow.key, token: token)
                return fetched
            }
            flow.token = token
            return nil
        case .busy(let value):
            if let value, value != seen, let fetched = adopt(value, &flow) { return fetched }
            counters.update { $0.sharedLockWaits += 1 }
            for _ in 0..<lockPolicy.maxPolls {
                try await Task.sleep(for: lockPolicy.pollInterval)
                switch await flow.cache.poll(flow.key) {
                case .value(let bytes):
                    return bytes == seen ? nil : adopt(bytes, &flow)
                case .locked:
                    continue
                case .released:
                    return nil
                case .unavailable:
                    flow.usable = false
                    return nil
                }
            }
            return nil
        case .unavailable:
            flow.usable = false
            return nil
        }
    }

    /// After a fetch whose answer went into the local cache: the same entry into the shared
    /// cache (fresh for `ttl`, then stale-if-error), releasing the lock if held.
    func share(_ response: UpstreamResponse, _ flow: SharedFetch, ttl: Duration, staleIfError: Duration) async {
        guard flow.usable else { return }
        let now = wallClock.now()
        let entry = SharedCacheEntry(
            upstream: flow.key.upstream, request: flow.key.request, response: response,
            freshUntil: now + ttl, staleUntil: now + ttl + staleIfError)
        await flow.cache.store(flow.key, entry.encoded(), lifetime: ttl + staleIfError, releasing: flow.token)
        counters.update { $0.sharedStores += 1 }
    }

    /// After a fetch that stored nothing: releases the lock if held; when the upstream failed,
    /// a stale shared entry goes into the local cache as stale, for stale-if-error.
    func abandon(_ flow: SharedFetch, upstreamFailed: Bool, policy: CachePolicy) async {
        if let token = flow.token, flow.usable { await flow.cache.unlock(flow.key, token: token) }
        guard upstreamFailed, policy.staleIfError > .zero, let entry = flow.stale else { return }
        let remaining = min(entry.staleUntil - wallClock.now(), policy.staleIfError)
        if remaining > .zero {
            cache.storeStale(flow.localKey, entry.response, staleFor: remaining)
        }
    }

    /// A stale local entry to serve after an upstream failure, when a shared cache may have
    /// put one there during the failed fetch (nil without a shared cache).
    func sharedStale(_ key: UpstreamCacheKey) -> (response: UpstreamResponse, version: Int)? {
        guard sharedCache != nil, case .stale(let response, let version) = cache.lookup(key) else { return nil }
        return (response, version)
    }

    /// The fetched answer of a fresh shared entry, also stored in the local cache for its
    /// remaining freshness; nil when the entry is not fresh or is unusable (then counted as
    /// invalid: undecodable bytes, another request's entry, a body the client cannot decode).
    private func adoptShared<T: Sendable>(
        _ bytes: [UInt8],
        _ flow: inout SharedFetch,
        policy: CachePolicy,
        memoKey: DecodedKey,
        store: (@Sendable (T) -> Bool)?,
        decode: @Sendable (UpstreamResponse) throws -> T
    ) -> FetchedResponse? {
        guard let entry = SharedCacheEntry(decoding: bytes), entry.upstream == flow.key.upstream,
            entry.request == flow.key.request, entry.response.isSuccess
        else {
            counters.update { $0.sharedInvalid += 1 }
            return nil
        }
        let now = wallClock.now()
        guard now < entry.freshUntil else {
            if now < entry.staleUntil { flow.stale = entry }
            return nil
        }
        // Never fresher than this replica's own policy allows (a skewed clock cannot stretch it).
        let remaining = min(entry.freshUntil - now, policy.ttl(for: entry.response))
        guard remaining > .zero else { return nil }
        guard let value = try? decode(entry.response), store?(value) ?? true else {
            counters.update { $0.sharedInvalid += 1 }
            return nil
        }
        let answer = UpstreamAnswer(value, counters: counters)
        let staleWindow = min(max(.zero, entry.staleUntil - entry.freshUntil), policy.staleIfError)
        if let version = cache.store(flow.localKey, entry.response, ttl: remaining, staleIfError: staleWindow) {
            memoize(answer, version: version, memoKey: memoKey)
        }
        return FetchedResponse(response: entry.response, decoded: .success(answer), decodedAs: memoKey.type)
    }

    /// A random token identifying one replica's hold on a lock.
    static func lockToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt64, radix: 16)
    }
}
