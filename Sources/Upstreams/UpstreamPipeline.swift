import Locking

/// Settings of one upstream's pipeline.
public struct UpstreamSettings: Sendable {
    /// Seconds one exchange may take (default 10).
    public var timeout: Double
    /// Retry policy for idempotent requests.
    public var retry: RetryPolicy
    /// Consecutive failures that open the circuit breaker.
    public var breakerFailureThreshold: Int
    /// Seconds the breaker stays open before a probe.
    public var breakerOpenDuration: Double
    /// Entries in the response cache.
    public var cacheCapacity: Int
    /// The largest response body accepted (larger ones are ``UpstreamError/Kind/badResponse``).
    public var maxResponseBytes: Int

    /// Creates settings; the defaults are the documented production values.
    public init(
        timeout: Double = 10,
        retry: RetryPolicy = RetryPolicy(),
        breakerFailureThreshold: Int = 5,
        breakerOpenDuration: Double = 30,
        cacheCapacity: Int = 512,
        maxResponseBytes: Int = 16 << 20
    ) {
        self.timeout = timeout
        self.retry = retry
        self.breakerFailureThreshold = breakerFailureThreshold
        self.breakerOpenDuration = breakerOpenDuration
        self.cacheCapacity = cacheCapacity
        self.maxResponseBytes = maxResponseBytes
    }
}

/// Every request to one upstream goes through here:
/// response cache → in-flight deduplication → circuit breaker → retries → deadline → transport.
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
        self.breaker = CircuitBreaker(failureThreshold: settings.breakerFailureThreshold, openDuration: settings.breakerOpenDuration, clock: clock)
        self.cache = ResponseCache(capacity: settings.cacheCapacity, clock: clock)
        self.budget = RetryBudget(capacity: settings.retry.budgetCapacity, refillPerSuccess: settings.retry.budgetRefillPerSuccess)
    }

    /// Sends `request` and returns a 2xx answer; any other answer becomes
    /// ``UpstreamError/Kind/unavailable`` carrying the status.
    public func fetch(_ request: UpstreamRequest, cache policy: CachePolicy) async throws -> UpstreamResponse {
        let response = try await send(request, cache: policy)
        guard response.isSuccess else {
            let error = UpstreamError.unavailable(upstream, status: response.status)
            counters.recordError(error)
            throw error
        }
        return response
    }

    /// Records a 2xx answer that a client could not decode, and returns the error to throw.
    public func badResponse(_ detail: String) -> UpstreamError {
        let error = UpstreamError.badResponse(upstream, detail)
        counters.recordError(error)
        return error
    }

    /// Fetches `request` (2xx only, as ``fetch(_:cache:)``) and decodes its body with
    /// `decode`. While the response is served from the cache, the decoded value is
    /// reused instead of decoding the same bytes again.
    public func fetchDecoded<T: Sendable>(
        _ request: UpstreamRequest,
        cache policy: CachePolicy,
        decode: (UpstreamResponse) throws -> T
    ) async throws -> T {
        let fetched = try await sendFetched(request, cache: policy)
        guard fetched.response.isSuccess else {
            let error = UpstreamError.unavailable(upstream, status: fetched.response.status)
            counters.recordError(error)
            throw error
        }
        let key = request.cacheKey + "\u{0}" + String(describing: T.self)
        if let version = fetched.version,
           let memo = decoded.withLock({ $0[key] }), memo.version == version, let value = memo.value as? T {
            return value
        }
        let value = try decode(fetched.response)
        if let version = fetched.version {
            let capacity = settings.cacheCapacity
            decoded.withLock { memo in
                if memo.count >= capacity, memo[key] == nil { memo.removeAll() }
                memo[key] = (version, value)
            }
        }
        return value
    }

    /// Sends `request` and returns the upstream's answer, whatever its status.
    public func send(_ request: UpstreamRequest, cache policy: CachePolicy) async throws -> UpstreamResponse {
        try await sendFetched(request, cache: policy).response
    }

    func sendFetched(_ request: UpstreamRequest, cache policy: CachePolicy) async throws -> FetchedResponse {
        let key = request.cacheKey
        let cacheable = request.isIdempotent && (policy.defaultTTL > 0 || policy.honoursCacheControl)
        var stale: FetchedResponse?
        if cacheable {
            switch cache.lookup(key) {
            case .fresh(let response, let version):
                counters.update { $0.cacheHits += 1 }
                return FetchedResponse(response: response, version: version)
            case .stale(let response, let version):
                stale = FetchedResponse(response: response, version: version)
                counters.update { $0.cacheMisses += 1 }
            case .miss:
                counters.update { $0.cacheMisses += 1 }
            }
        }

        let work: @Sendable () async throws -> FetchedResponse = { [self] in
            let response = try await exchange(request)
            var version: Int?
            if cacheable, response.isSuccess {
                version = cache.store(key, response, ttl: policy.ttl(for: response), staleIfError: policy.staleIfError)
            }
            return FetchedResponse(response: response, version: version)
        }

        do {
            let fetched: FetchedResponse
            if request.isIdempotent, policy.deduplicates {
                let shared = try await inFlight.run(key, work)
                if shared.joined { counters.update { $0.deduplicated += 1 } }
                fetched = shared.fetched
            } else {
                fetched = try await work()
            }
            if fetched.response.isTransientFailure, let stale, policy.staleIfError > 0 {
                counters.update { $0.staleServed += 1 }
                return stale
            }
            return fetched
        } catch let error as UpstreamError {
            if let stale, policy.staleIfError > 0, error.kind != .badResponse {
                counters.update { $0.staleServed += 1 }
                return stale
            }
            throw error
        }
    }

    /// One logical exchange with retries.
    private func exchange(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        var attempt = 0
        while true {
            attempt += 1
            guard breaker.allowRequest() else {
                counters.update { $0.breakerRejections += 1 }
                let error = UpstreamError(upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) is unavailable (circuit open after repeated failures).")
                counters.recordError(error)
                throw error
            }
            counters.update { $0.requests += 1 }
            let started = clock.now()
            let transport = self.transport
            do {
                let response = try await withDeadline(seconds: settings.timeout) { try await transport.send(request) }
                let elapsed = clock.now() - started
                counters.update {
                    $0.responses += 1
                    $0.observeLatency(elapsed)
                }
                if response.body.count > settings.maxResponseBytes {
                    breaker.recordNeutral()
                    throw badResponse("the response is larger than \(settings.maxResponseBytes) bytes")
                }
                if response.isTransientFailure {
                    breaker.recordFailure()
                    let retryAfter = RetryPolicy.retryAfterSeconds(response.header("retry-after"), now: wallClock.now())
                    if try await mayRetry(request, attempt: attempt, retryAfter: retryAfter) { continue }
                    return response
                }
                if response.isSuccess {
                    breaker.recordSuccess()
                    budget.deposit()
                } else {
                    breaker.recordNeutral()
                }
                return response
            } catch let error as TransportError {
                let elapsed = clock.now() - started
                counters.update { $0.observeLatency(elapsed) }
                breaker.recordFailure()
                if error == .timedOut {
                    let failure = UpstreamError(upstream: upstream, kind: .timeout, message: "Upstream \(upstream) did not answer within \(Self.seconds(settings.timeout)).")
                    counters.recordError(failure)
                    throw failure
                }
                if try await mayRetry(request, attempt: attempt, retryAfter: nil) { continue }
                let failure = UpstreamError(upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) could not be reached.")
                counters.recordError(failure)
                throw failure
            } catch is CancellationError {
                breaker.releaseProbe()
                throw CancellationError()
            } catch let error as UpstreamError {
                throw error
            } catch {
                breaker.recordFailure()
                let failure = UpstreamError(upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) could not be reached.")
                counters.recordError(failure)
                throw failure
            }
        }
    }

    /// Waits before a retry and returns true, or returns false when no retry is allowed.
    private func mayRetry(_ request: UpstreamRequest, attempt: Int, retryAfter: Double?) async throws -> Bool {
        guard request.isIdempotent, attempt < settings.retry.maxAttempts,
              let delay = settings.retry.delay(beforeRetry: attempt, retryAfter: retryAfter),
              budget.tryWithdraw()
        else { return false }
        counters.update { $0.retries += 1 }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        return true
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
