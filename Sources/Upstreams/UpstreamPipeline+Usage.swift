extension UpstreamPipeline {
    /// Sends `request` and decodes the answer as ``sendDecodedAnswerUnrecorded(_:cache:scope:store:decode:)``
    /// describes.
    ///
    /// With a `scope` (the client request's), the call is made at most once for that request, a
    /// new send takes a unit of its budget, and the answer is recorded in its
    /// ``UpstreamScope/usage``: fresh until its cache entry's expiry, stale, or uncacheable; or
    /// a failure when the call throws. Every way the pipeline answers (cache hit, fetch, shared
    /// in-flight call, stale-if-error, an uncached endpoint) goes through here or through
    /// the ready branch of ``answer(_:cache:scope:successOnly:store:decode:)``.
    public func sendDecodedAnswer<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope? = nil,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> UpstreamAnswer<T> {
        guard let scope else {
            return try await sendDecodedAnswerRecorded(request, cache: policy, scope: nil, store: store, decode: decode)
        }
        let key = ScopeKey(
            upstream: upstream.rawValue, decoded: DecodedKey(request: request.cacheKey, type: ObjectIdentifier(T.self)))
        return try await scope.share(key) {
            try await sendDecodedAnswerRecorded(request, cache: policy, scope: scope, store: store, decode: decode)
        }
    }

    private func sendDecodedAnswerRecorded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope?,
        store: (@Sendable (T) -> Bool)?,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> UpstreamAnswer<T> {
        guard let usage = scope?.usage else {
            return try await sendDecodedAnswerUnrecorded(
                request, cache: policy, scope: scope, store: store, decode: decode)
        }
        do {
            let answer = try await sendDecodedAnswerUnrecorded(
                request, cache: policy, scope: scope, store: store, decode: decode)
            usage.recordAnswer(freshUntil: answer.freshUntil, now: clock.now())
            return answer
        } catch {
            usage.recordFailure()
            throw error
        }
    }

    /// Records `answer`, handed out now, in `scope`'s ``UpstreamUsage`` (if any).
    func recordUse<T: Sendable>(of answer: UpstreamAnswer<T>, in scope: UpstreamScope?) {
        scope?.usage.recordAnswer(freshUntil: answer.freshUntil, now: clock.now())
    }
}
