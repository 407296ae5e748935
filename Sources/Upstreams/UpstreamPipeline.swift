import Locking

/// Settings of one upstream's pipeline.
public struct UpstreamSettings: Sendable {
    /// Seconds one exchange may take (default 10).
    public var timeout: Double
    /// Retry policy for idempotent requests.
    public var retry: RetryPolicy
    /// When the circuit breaker opens and for how long.
    public var breaker: BreakerPolicy
    /// Entries in the response cache.
    public var cacheCapacity: Int
    /// The largest response body accepted (larger ones are ``UpstreamError/Kind/badResponse``).
    public var maxResponseBytes: Int

    /// Creates settings; the defaults are the documented production values.
    public init(
        timeout: Double = 10,
        retry: RetryPolicy = RetryPolicy(),
        breaker: BreakerPolicy = BreakerPolicy(),
        cacheCapacity: Int = 512,
        maxResponseBytes: Int = 16 << 20
    ) {
        self.timeout = timeout
        self.retry = retry
        self.breaker = breaker
        self.cacheCapacity = cacheCapacity
        self.maxResponseBytes = maxResponseBytes
    }
}

/// Every request to one upstream goes through here:
/// response cache → in-flight deduplication → circuit breaker → retries → deadline → transport.
///
/// Answers are decoded into the client's model inside the shared (deduplicated) call, and
/// only an answer that decoded is stored in the cache or handed to the call's waiters as a
/// success: an undecodable body fails the requests that shared it and nothing else.
///
/// It throws only ``UpstreamError`` (or `CancellationError` when the caller is cancelled).
public final class UpstreamPipeline: Sendable {
    /// The upstream served.
    public let upstream: UpstreamID
    /// The transport that carries the exchanges.
    public let transport: any Transport
    /// The settings in force.
    public let settings: UpstreamSettings
    /// The circuit breaker.
    public let breaker: CircuitBreaker
    /// The cross-request response cache.
    public let cache: ResponseCache
    /// Counters for metrics and tests.
    public let counters = UpstreamCounters()
    let budget: RetryBudget
    let inFlight = InFlightRequests()
    let clock: MonotonicClock
    let wallClock: WallClock
    let decoded = Locked<[String: (version: Int, value: any Sendable)]>([:])

    /// Creates a pipeline. `clock` times exchanges and drives the breaker and cache;
    /// `wallClock` reads `Retry-After` dates.
    public init(
        upstream: UpstreamID,
        transport: any Transport,
        settings: UpstreamSettings = UpstreamSettings(),
        clock: MonotonicClock = .system,
        wallClock: WallClock = .system
    ) {
        self.upstream = upstream
        self.transport = transport
        self.settings = settings
        self.clock = clock
        self.wallClock = wallClock
        self.breaker = CircuitBreaker(policy: settings.breaker, clock: clock)
        self.cache = ResponseCache(capacity: settings.cacheCapacity, clock: clock)
        self.budget = RetryBudget(capacity: settings.retry.budgetCapacity, refillPerSuccess: settings.retry.budgetRefillPerSuccess)
    }

    /// Sends `request` and returns a 2xx answer; any other answer becomes
    /// ``UpstreamError/Kind/unavailable`` carrying the status. The raw answer is its own
    /// model, so every 2xx answer may be cached: clients that decode use
    /// ``fetchDecoded(_:cache:decode:)``.
    public func fetch(_ request: UpstreamRequest, cache policy: CachePolicy) async throws -> UpstreamResponse {
        let response = try await send(request, cache: policy)
        guard response.isSuccess else { throw unavailable(status: response.status) }
        return response
    }

    /// Sends `request` and returns the upstream's answer, whatever its status.
    public func send(_ request: UpstreamRequest, cache policy: CachePolicy) async throws -> UpstreamResponse {
        try await sendDecoded(request, cache: policy) { $0 }
    }

    /// Records a 2xx answer that a client could not decode, and returns the error to throw.
    public func badResponse(_ detail: String) -> UpstreamError {
        let error = UpstreamError.badResponse(upstream, detail)
        counters.recordError(error)
        return error
    }

    /// Records a non-2xx answer a client cannot use, and returns the error to throw.
    public func unavailable(status: Int) -> UpstreamError {
        let error = UpstreamError.unavailable(upstream, status: status)
        counters.recordError(error)
        return error
    }

    /// Fetches `request` (2xx only, as ``fetch(_:cache:)``) and decodes its body with
    /// `decode`. See ``sendDecoded(_:cache:store:decode:)`` for what is cached and shared.
    public func fetchDecoded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> T {
        try await sendDecoded(request, cache: policy, store: store) { [self] response in
            guard response.isSuccess else { throw unavailable(status: response.status) }
            return try decode(response)
        }
    }

    /// Sends `request` and decodes the answer, whatever its status, with `decode`.
    ///
    /// A 2xx answer is decoded once, inside the call that identical concurrent requests
    /// share; it enters the cache only after `decode` succeeded (and `store`, when given,
    /// accepts the value), and the waiters get the decoded value, or all get the decode
    /// error while nothing is stored. Other answers are decoded by each caller (a 404 may
    /// be a value, e.g. "no such breed") and never cached. While the response is served
    /// from the cache, the decoded value is reused instead of decoding the same bytes again.
    public func sendDecoded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> T {
        let key = request.cacheKey
        let memoKey = key + "\u{0}" + String(reflecting: T.self)
        let cacheable = request.isIdempotent && (policy.defaultTTL > 0 || policy.honoursCacheControl)
        var stale: (response: UpstreamResponse, version: Int)?
        if cacheable {
            switch cache.lookup(key) {
            case .fresh(let response, let version):
                if let value = cachedValue(response, version: version, memoKey: memoKey, decode) {
                    counters.update { $0.cacheHits += 1 }
                    return value
                }
                // Stored by a caller decoding it differently: forget it, ask again.
                cache.remove(key, version: version)
                counters.update { $0.cacheMisses += 1 }
            case .stale(let response, let version):
                stale = (response, version)
                counters.update { $0.cacheMisses += 1 }
            case .miss:
                counters.update { $0.cacheMisses += 1 }
            }
        }

        let work: @Sendable () async throws -> FetchedResponse = { [self] in
            let response = try await exchange(request)
            guard response.isSuccess else { return FetchedResponse(response: response, decoded: nil) }
            do {
                let value = try decode(response)
                if cacheable, store?(value) ?? true,
                   let version = cache.store(key, response, ttl: policy.ttl(for: response), staleIfError: policy.staleIfError) {
                    memoize(value, version: version, memoKey: memoKey)
                }
                return FetchedResponse(response: response, decoded: .success(value), decodedAs: memoKey)
            } catch {
                return FetchedResponse(response: response, decoded: .failure(error), decodedAs: memoKey)
            }
        }

        let fetched: FetchedResponse
        do {
            if request.isIdempotent, policy.deduplicates {
                // Deduplicated by request, whatever each caller decodes it as: callers that
                // decode one answer differently share one upstream call too.
                let shared = try await inFlight.run(key, work)
                if shared.joined { counters.update { $0.deduplicated += 1 } }
                fetched = shared.fetched
            } else {
                fetched = try await work()
            }
        } catch let error as UpstreamError {
            if let stale, policy.staleIfError > 0, error.kind != .badResponse,
               let value = cachedValue(stale.response, version: stale.version, memoKey: memoKey, decode) {
                counters.update { $0.staleServed += 1 }
                return value
            }
            throw error
        }
        if fetched.response.isTransientFailure, let stale, policy.staleIfError > 0,
           let value = cachedValue(stale.response, version: stale.version, memoKey: memoKey, decode) {
            counters.update { $0.staleServed += 1 }
            return value
        }
        guard let decoded = fetched.decoded, fetched.decodedAs == memoKey else { return try decode(fetched.response) }
        guard let value = try decoded.get() as? T else { throw badResponse("the shared answer has another type") }
        return value
    }

    /// The decoded value of a cached response: memoised, or decoded now (nil when it does not decode).
    private func cachedValue<T: Sendable>(
        _ response: UpstreamResponse, version: Int, memoKey: String, _ decode: (UpstreamResponse) throws -> T
    ) -> T? {
        if let memo = decoded.withLock({ $0[memoKey] }), memo.version == version, let value = memo.value as? T {
            return value
        }
        guard let value = try? decode(response) else { return nil }
        memoize(value, version: version, memoKey: memoKey)
        return value
    }

    private func memoize(_ value: some Sendable, version: Int, memoKey: String) {
        let capacity = settings.cacheCapacity
        decoded.withLock { memo in
            if memo.count >= capacity, memo[memoKey] == nil { memo.removeAll() }
            memo[memoKey] = (version, value)
        }
    }
}
