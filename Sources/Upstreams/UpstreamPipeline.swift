import Clocks
import Locking

/// Settings of one upstream's pipeline.
public struct UpstreamSettings: Sendable, Equatable {
    /// The longest one exchange may take (default 10 s).
    public var timeout: Duration
    /// Retry policy for idempotent requests.
    public var retry: RetryPolicy
    /// When the circuit breaker opens and for how long.
    public var breaker: BreakerPolicy
    /// Entries in the response cache.
    public var cacheCapacity: Int
    /// The largest response body accepted (larger ones are ``UpstreamError/Kind/badResponse``).
    public var maxResponseBytes: Int
    /// The shared cache's fetch lock: its lease and how long other replicas wait for the entry.
    public var sharedLock: SharedCacheLockPolicy
    /// The most sends to this upstream per second, shared by every client request (nil: no limit).
    public var rate: RatePolicy?

    /// Creates settings; the defaults are the documented production values.
    public init(
        timeout: Duration = .seconds(10),
        retry: RetryPolicy = RetryPolicy(),
        breaker: BreakerPolicy = BreakerPolicy(),
        cacheCapacity: Int = 512,
        maxResponseBytes: Int = 16 << 20,
        sharedLock: SharedCacheLockPolicy = SharedCacheLockPolicy(),
        rate: RatePolicy? = nil
    ) {
        self.timeout = timeout
        self.retry = retry
        self.breaker = breaker
        self.cacheCapacity = cacheCapacity
        self.maxResponseBytes = maxResponseBytes
        self.sharedLock = sharedLock
        self.rate = rate
    }
}

/// Every request to one upstream goes through here:
/// response cache → in-flight deduplication → shared cache (when given) → circuit breaker →
/// retries → deadline → transport.
///
/// Answers are decoded into the client's model inside the shared (deduplicated) call, and
/// only an answer that decoded is stored in the cache or handed to the call's waiters as a
/// success: an undecodable body fails the requests that shared it and nothing else.
///
/// It throws only ``UpstreamError`` (or `CancellationError` when the caller is cancelled).
public final class UpstreamPipeline: Sendable {
    /// The upstream served.
    public let upstream: UpstreamName
    /// The transport that carries the exchanges.
    public let transport: any Transport
    /// The settings in force.
    public let settings: UpstreamSettings
    /// The circuit breaker.
    public let breaker: CircuitBreaker
    /// The cross-request response cache.
    public let cache: ResponseCache
    /// The cache shared with other replicas (nil: none), asked after ``cache`` misses.
    public let sharedCache: (any SharedCache)?
    /// Counters for metrics and tests.
    public let counters = UpstreamCounters()
    let budget: RetryBudget
    let inFlight = InFlightRequests<String>()
    let clock: MonotonicClock
    let wallClock: WallClock
    /// Times every exchange out at ``UpstreamSettings/timeout``.
    let watchdog: DeadlineWatchdog
    /// The outbound pace: ``UpstreamSettings/rate`` and `Retry-After` pauses.
    let pace: RateLimiter
    let decoded = Locked<[DecodedKey: (version: Int, value: any Sendable)]>([:])

    /// Creates a pipeline. `clock` times exchanges and drives the breaker and cache;
    /// `wallClock` reads `Retry-After` dates and dates the entries of `sharedCache`.
    public init(
        upstream: UpstreamName,
        transport: any Transport,
        settings: UpstreamSettings = UpstreamSettings(),
        clock: MonotonicClock = .system,
        wallClock: WallClock = .system,
        sharedCache: (any SharedCache)? = nil
    ) {
        self.upstream = upstream
        self.transport = transport
        self.settings = settings
        self.sharedCache = sharedCache
        self.clock = clock
        self.wallClock = wallClock
        self.breaker = CircuitBreaker(policy: settings.breaker, clock: clock)
        self.cache = ResponseCache(capacity: settings.cacheCapacity, clock: clock)
        self.budget = RetryBudget(
            capacity: settings.retry.budgetCapacity, refillPerSuccess: settings.retry.budgetRefillPerSuccess)
        self.watchdog = DeadlineWatchdog(timeout: settings.timeout)
        self.pace = RateLimiter(policy: settings.rate, clock: clock)
    }

    deinit {
        watchdog.stop()
    }

    /// Sends `request` and returns a 2xx answer; any other answer becomes
    /// ``UpstreamError/Kind/unavailable`` carrying the status. The raw answer is its own
    /// model, so every 2xx answer may be cached: clients that decode use
    /// ``fetchDecodedAnswer(_:cache:scope:store:decode:)``.
    public func fetch(_ request: UpstreamRequest, cache policy: CachePolicy, scope: UpstreamScope? = nil) async throws
        -> UpstreamResponse
    {
        let response = try await send(request, cache: policy, scope: scope)
        guard response.isSuccess else { throw unavailable(status: response.status) }
        return response
    }

    /// Sends `request` and returns the upstream's answer, whatever its status.
    public func send(_ request: UpstreamRequest, cache policy: CachePolicy, scope: UpstreamScope? = nil) async throws
        -> UpstreamResponse
    {
        try await sendDecoded(request, cache: policy, scope: scope) { $0 }
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
    /// `decode`, returning the shared ``UpstreamAnswer`` (one per cache entry) to derive
    /// values from once per answer. See ``sendDecoded(_:cache:store:decode:)`` for what is
    /// cached and shared.
    public func fetchDecodedAnswer<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope? = nil,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> UpstreamAnswer<T> {
        try await sendDecodedAnswer(request, cache: policy, scope: scope, store: store) { [self] response in
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
    /// be a value, e.g. "no such item") and never cached. While the response is served
    /// from the cache, the decoded value is reused instead of decoding the same bytes again.
    public func sendDecoded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope? = nil,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> T {
        try await sendDecodedAnswer(request, cache: policy, scope: scope, store: store, decode: decode).value
    }

    /// ``sendDecoded(_:cache:store:decode:)``, returning the decoded value as an
    /// ``UpstreamAnswer``: while the response is cached (fresh, or served stale), every
    /// caller gets the same answer object, so what is derived from it is computed once;
    /// a response stored again (after expiry) is a new answer. (Callers use the public
    /// ``sendDecodedAnswer(_:cache:store:decode:)``, which records the answer's freshness.)
    func sendDecodedAnswerUnrecorded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        scope: UpstreamScope? = nil,
        store: (@Sendable (T) -> Bool)? = nil,
        decode: @escaping @Sendable (UpstreamResponse) throws -> T
    ) async throws -> UpstreamAnswer<T> {
        let key = request.cacheKey
        let memoKey = DecodedKey(request: key, type: ObjectIdentifier(T.self))
        let cacheable = request.isIdempotent && (policy.defaultTTL > .zero || policy.honoursCacheControl)
        var stale: (response: UpstreamResponse, version: Int)?
        if cacheable {
            switch cache.lookup(key) {
            case .fresh(let response, let version):
                if let answer = cachedAnswer(response, version: version, memoKey: memoKey, decode) {
                    counters.update { $0.cacheHits += 1 }
                    return answer
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
            // Looked up again by the call that leads: an identical call may have stored its answer
            // and left the in-flight table between this caller's lookup above and its joining.
            if cacheable, case .fresh(let response, let version) = cache.lookup(key),
                let answer = cachedAnswer(response, version: version, memoKey: memoKey, decode)
            {
                scope?.returnSend()
                return FetchedResponse(response: response, decoded: .success(answer), decodedAs: memoKey.type)
            }
            var shared =
                cacheable
                ? sharedCache.map {
                    SharedFetch(
                        cache: $0, key: SharedCacheKey(upstream: upstream.rawValue, request: key.text), localKey: key)
                } : nil
            if var flow = shared {
                let fetched = try await sharedAnswer(
                    &flow, policy: policy, memoKey: memoKey, store: store, decode: decode)
                if let fetched {
                    scope?.returnSend()
                    return fetched
                }
                shared = flow
            }
            let response: UpstreamResponse
            do {
                response = try await exchange(request)
            } catch {
                if let shared {
                    await abandon(
                        shared, upstreamFailed: (error as? UpstreamError).map { $0.kind != .badResponse } ?? false,
                        policy: policy)
                }
                throw error
            }
            guard response.isSuccess else {
                if let shared { await abandon(shared, upstreamFailed: response.isTransientFailure, policy: policy) }
                return FetchedResponse(response: response, decoded: nil)
            }
            do {
                let answer = UpstreamAnswer(try decode(response), counters: counters)
                let ttl = policy.ttl(for: response)
                if cacheable, store?(answer.value) ?? true,
                    let version = cache.store(key, response, ttl: ttl, staleIfError: policy.staleIfError)
                {
                    memoize(answer, version: version, memoKey: memoKey)
                    if let shared { await share(response, shared, ttl: ttl, staleIfError: policy.staleIfError) }
                } else if let shared {
                    await abandon(shared, upstreamFailed: false, policy: policy)
                }
                return FetchedResponse(response: response, decoded: .success(answer), decodedAs: memoKey.type)
            } catch {
                if let shared { await abandon(shared, upstreamFailed: false, policy: policy) }
                return FetchedResponse(response: response, decoded: .failure(error), decodedAs: memoKey.type)
            }
        }

        let fetched: FetchedResponse
        do {
            if request.isIdempotent, policy.deduplicates {
                // Deduplicated by request, whatever each caller decodes it as: callers that
                // decode one answer differently share one upstream call too.
                let shared = try await inFlight.run(key.text, admit: { scope?.reserveSend() ?? true }, work)
                if shared.joined { counters.update { $0.deduplicated += 1 } }
                fetched = shared.fetched
            } else {
                guard scope?.reserveSend() ?? true else { throw InFlightRefusal() }
                fetched = try await work()
            }
        } catch is InFlightRefusal {
            let error = UpstreamError.budgetExceeded(upstream, maxSends: scope?.maxSends ?? 0)
            counters.recordError(error)
            throw error
        } catch let error as UpstreamError {
            if let stale = stale ?? sharedStale(key), policy.staleIfError > .zero, error.kind != .badResponse,
                let answer = cachedAnswer(stale.response, version: stale.version, memoKey: memoKey, decode)
            {
                counters.update { $0.staleServed += 1 }
                return answer
            }
            throw error
        }
        if fetched.response.isTransientFailure, let stale = stale ?? sharedStale(key), policy.staleIfError > .zero,
            let answer = cachedAnswer(stale.response, version: stale.version, memoKey: memoKey, decode)
        {
            counters.update { $0.staleServed += 1 }
            return answer
        }
        guard let decoded = fetched.decoded, fetched.decodedAs == memoKey.type else {
            return UpstreamAnswer(try decode(fetched.response), counters: counters)
        }
        guard let answer = try decoded.get() as? UpstreamAnswer<T> else {
            throw badResponse("the shared answer has another type")
        }
        return answer
    }

    /// The answer of a cached response: memoised, or decoded now (nil when it does not decode).
    private func cachedAnswer<T: Sendable>(
        _ response: UpstreamResponse, version: Int, memoKey: DecodedKey, _ decode: (UpstreamResponse) throws -> T
    ) -> UpstreamAnswer<T>? {
        if let answer: UpstreamAnswer<T> = memoizedAnswer(memoKey, version: version) { return answer }
        guard let value = try? decode(response) else { return nil }
        let answer = UpstreamAnswer(value, counters: counters)
        return memoize(answer, version: version, memoKey: memoKey)
    }

    /// The answer memoised for the entry's `version`, if any.
    func memoizedAnswer<T: Sendable>(_ memoKey: DecodedKey, version: Int) -> UpstreamAnswer<T>? {
        guard let memo = decoded.withLock({ $0[memoKey] }), memo.version == version else { return nil }
        return memo.value as? UpstreamAnswer<T>
    }

    /// Keeps `answer` as the one of the entry's `version`; returns the answer kept (one
    /// memoised meanwhile by a concurrent caller for the same version wins, so every caller
    /// shares one answer object per entry).
    @discardableResult
    func memoize<T: Sendable>(_ answer: UpstreamAnswer<T>, version: Int, memoKey: DecodedKey) -> UpstreamAnswer<T> {
        let capacity = settings.cacheCapacity
        answer.belongs(toEntryFreshUntil: cache.expiry(of: memoKey.request, version: version))
        return decoded.withLock { memo in
            if let kept = memo[memoKey], kept.version == version, let existing = kept.value as? UpstreamAnswer<T> {
                return existing
            }
            if memo.count >= capacity, memo[memoKey] == nil { memo.removeAll() }
            memo[memoKey] = (version, answer)
            return answer
        }
    }
}

/// A request as one decoder sees it: the request's cache key and the decoded type (two
/// callers decoding the same answer into different types share neither call nor value).
struct DecodedKey: Hashable, Sendable {
    var request: UpstreamCacheKey
    var type: ObjectIdentifier
}
