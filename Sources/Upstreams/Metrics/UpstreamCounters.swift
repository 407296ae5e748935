import Locking

/// Counters of one upstream's pipeline (read by tests and by ``PrometheusText``).
public final class UpstreamCounters: Sendable {
    /// A snapshot of the counters.
    public struct Values: Sendable, Equatable {
        /// Exchanges sent through the transport (each retry counts).
        public var requests = 0
        /// Exchanges that ended with an HTTP answer.
        public var responses = 0
        /// Sum of exchange latencies in seconds (answers and failures).
        public var latencySeconds = 0.0
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
        /// Errors by `extensions.code`.
        public var errors: [String: Int] = [:]
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
