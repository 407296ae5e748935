import Base

extension UpstreamPipeline {
    /// The answer to `request`, decoded by `decode`: ready when the cache holds it fresh (already
    /// decoded as `T`), else pending: the whole pipeline (``sendDecodedAnswer(_:cache:scope:store:decode:)``).
    ///
    /// A ready answer costs no I/O, no task and no suspension, so a resolver answering from it
    /// completes inline. It counts as a cache hit and is recorded in the scope's usage.
    /// `decode` sees every answer whatever its status (``fetchDecodedAnswer(_:cache:scope:store:decode:)``
    /// refuses non-2xx ones first; pass `successOnly: true` for that).
    ///
    /// `waitsOutside`: a wait for this answer is not runnable work for the scope's batching
    /// (``UpstreamScope/waits``): the request's loads are sent meanwhile. For answers nothing
    /// else of the request is derived from (leaf data); otherwise the loads its continuation
    /// makes would go in a batch of their own.
    public func answer<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope?,
        waitsOutside: Bool = false,
        successOnly: Bool = true,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) -> Eventual<UpstreamAnswer<T>> {
        // Ready: the cache holds the answer fresh and it was decoded as `T` before (no I/O).
        if request.isIdempotent, case .fresh(_, let version) = cache.lookup(request.cacheKey),
            let fresh: UpstreamAnswer<T> = memoizedAnswer(
                DecodedKey(request: request.cacheKey, type: ObjectIdentifier(T.self)), version: version)
        {
            counters.update {
                $0.cacheHits += 1
                $0.readyAnswers += 1
            }
            recordUse(of: fresh, in: scope)
            return .ready(fresh)
        }
        let waits = waitsOutside ? scope?.waits : nil
        return .pending { [self] in
            let waiting = waits?.beginWait() ?? false
            defer { waits?.endWait(waiting) }
            return successOnly
                ? try await fetchDecodedAnswer(request, cache: policy, scope: scope, store: store, decode: decode)
                : try await sendDecodedAnswer(request, cache: policy, scope: scope, store: store, decode: decode)
        }
    }
}
