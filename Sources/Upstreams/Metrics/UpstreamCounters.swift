import Clocks
import Locking

/// Counters of one upstream's pipeline (read by tests and by ``UpstreamMetricsText``).
public final class UpstreamCounters: Sendable {
    /// Upper bounds (seconds) of the exchange latency histogram's buckets, 5 ms to 10 s
    /// (the default timeout); slower exchanges fall only in the `+Inf` bucket.
    public static let latencyBucketBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// A snapshot of the counters.
    public struct Values: Sendable, Equatable {
        /// Exchanges sent through the transport (each retry counts).
        public var requests = 0
        /// Exchanges that ended with an HTTP answer.
        public var responses = 0
        /// Sum of exchange latencies in seconds (answers and failures).
        public var latencySeconds = 0.0
        /// Exchanges timed (answers and failures): the histogram's count.
        public var latencyCount = 0
        /// Timed exchanges per bucket of ``UpstreamCounters/latencyBucketBounds`` (not
        /// cumulative: index i counts latencies in (bound[i-1], bound[i]]; slower ones are
        /// only in ``latencyCount``).
        public var latencyBuckets = [Int](repeating: 0, count: UpstreamCounters.latencyBucketBounds.count)
        /// Retries performed.
        public var retries = 0
        /// Fresh cache hits.
        public var cacheHits = 0
        /// Cacheable lookups that missed (or found only a stale entry).
        public var cacheMisses = 0
        /// Stale responses served because the upstream failed.
        public var staleServed = 0
        /// Callers that joined an identical in-flight request.
        public var deduplicated = 0
        /// Requests refused at once by the open circuit breaker.
        public var breakerRejections = 0
        /// Answers given ready (fresh in the cache, decoded before): the caller went on without waiting.
        public var readyAnswers = 0
        /// Sends that waited for their turn (the rate limit, or a `Retry-After` pause).
        public var rateWaits = 0
        /// Calls refused because their turn was further away than the timeout.
        public var rateRefusals = 0
        /// Fetches answered by the shared cache (another replica's answer, no upstream call).
        public var sharedHits = 0
        /// Fetches that asked the shared cache and then the upstream (absent, stale, unusable,
        /// unavailable, or not stored in time by the replica holding the lock).
        public var sharedMisses = 0
        /// Answers stored in the shared cache.
        public var sharedStores = 0
        /// Fetches that found another replica fetching the same entry and waited for it.
        public var sharedLockWaits = 0
        /// Shared entries that could not be used: undecodable bytes, another request's entry,
        /// or a body the client could not decode.
        public var sharedInvalid = 0
        /// Values derived from decoded answers (``UpstreamAnswer/derived(as:_:)``): each is
        /// computed once per answer, so this grows when answers are fetched, not per request.
        public var derivations = 0
        /// Errors by `extensions.code`.
        public var errors: [String: Int] = [:]

        /// Records one exchange's latency in the sum, the count and its bucket.
        mutating func observeLatency(_ latency: Duration) {
            let value = max(0, latency.inSeconds)
            latencySeconds += value
            latencyCount += 1
            if let index = UpstreamCounters.latencyBucketBounds.firstIndex(where: { value <= $0 }) {
                latencyBuckets[index] += 1
            }
        }
    }

    let storage = Locked(Values())

    /// Creates zeroed counters.
    public init() {}

    /// The current values.
    public var values: Values { storage.withLock { $0 } }

    func update(_ body: (inout Values) -> Void) {
        storage.withLock { body(&$0) }
    }

    func recordError(_ error: UpstreamError) {
        storage.withLock { $0.errors[error.code, default: 0] += 1 }
    }
}
