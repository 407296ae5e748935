extension UpstreamPipeline {
    /// The answer to `request` decoded as `T`, when the cache holds it fresh and it has been
    /// decoded as `T` before; nil otherwise (then ask with ``fetchDecodedAnswer(_:cache:store:decode:)``).
    ///
    /// Synchronous and without I/O: a resolver can answer at once from it and suspend only
    /// on a miss. A hit counts as a cache hit, and is recorded in ``UpstreamUsage/current``.
    public func freshAnswer<T: Sendable>(_ request: UpstreamRequest, as type: T.Type = T.self) -> UpstreamAnswer<T>? {
        guard request.isIdempotent, case .fresh(_, let version) = cache.lookup(request.cacheKey) else { return nil }
        let key = DecodedKey(request: request.cacheKey, type: ObjectIdentifier(T.self))
        guard let answer: UpstreamAnswer<T> = memoizedAnswer(key, version: version) else { return nil }
        counters.update { $0.cacheHits += 1 }
        recordUse(of: answer)
        return answer
    }
}
