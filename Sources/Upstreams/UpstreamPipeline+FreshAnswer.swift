import Base

extension UpstreamPipeline {
    /// The answer to `request`, decoded by `decode`: ready when the cache holds it fresh (already
    /// decoded as `T`), else pending: the whole pipeline (``sendDecodedAnswer(_:cache:scope:store:decode:)``).
    ///
    /// A ready answer costs no I/O, no task and no suspension, so a resolver answering from it
    /// completes inline. It counts as a cache hit and is recorded in the scope's usage.
    /// `decode` sees every answer whatever its status (``fetchDecodedAnswer(_:cache:scope:store:decode:)``
    /// refuses non-2xx ones first; pass `successOnly: true` for that).
    public func answer<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope?,
        successOnly: Bool = true,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) -> Eventual<UpstreamAnswer<T>> {
        if let fresh: UpstreamAnswer<T> = freshAnswer(request, scope: scope) {
            counters.update { $0.readyAnswers += 1 }
            return .ready(fresh)
        }
        return .pending { [self] in
            successOnly
                ? try await fetchDecodedAnswer(request, cache: policy, scope: scope, store: store, decode: decode)
                : try await sendDecodedAnswer(request, cache: policy, scope: scope, store: store, decode: decode)
        }
    }

    /// The answer to `request` decoded as `T`, when the cache holds it fresh and it has been
    /// decoded as `T` before; nil otherwise. A hit counts as a cache hit, and is recorded in
    /// `scope`'s usage.
    func freshAnswer<T: Sendable>(_ request: UpstreamRequest, as type: T.Type = T.self, scope: UpstreamScope?)
        -> UpstreamAnswer<T>?
    {
        guard request.isIdempotent, case .fresh(_, let version) = cache.lookup(request.cacheKey) else { return nil }
        let key = DecodedKey(request: request.cacheKey, type: ObjectIdentifier(T.self))
        guard let answer: UpstreamAnswer<T> = memoizedAnswer(key, version: version) else { return nil }
        counters.update { $0.cacheHits += 1 }
        recordUse(of: answer, in: scope)
        return answer
    }
}
