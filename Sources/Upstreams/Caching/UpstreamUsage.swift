import Locking

/// What one client request (a GraphQL request) used of the upstreams, and how fresh it was: the
/// record a response's cacheability is computed from, returned as a value.
///
/// It belongs to the request's ``UpstreamScope`` (``UpstreamScope/usage``): every answer the
/// pipelines hand out for a call made with that scope is recorded, whatever task made the call.
/// A call without a scope records nothing.
///
/// Each answer handed out is one of:
/// - **fresh**: a cached entry, used before its expiry (a cache hit, a fetch that was stored,
///   a deduplicated call that was stored); the entry's expiry is kept, the earliest wins;
/// - **stale**: a cached entry used at or after its expiry (stale-if-error);
/// - **uncacheable**: an answer no cache entry stands behind (a random endpoint with
///   ``CachePolicy/never``, an upstream `no-store`, an answer with errors or a non-2xx answer,
///   which are never stored);
/// - a **failure**: the call threw.
public final class UpstreamUsage: Sendable {
    /// The record so far.
    public struct Summary: Sendable, Equatable {
        /// Answers used (every use counts, one answer used twice counts twice).
        public var answers = 0
        /// The earliest expiry (a reading of the pipelines' ``MonotonicClock``) of the fresh
        /// cached answers used; nil when none was used.
        public var freshUntil: Duration?
        /// Answers used at or after their entry's expiry (served stale after an upstream failure).
        public var stale = 0
        /// Answers used that no cache entry stands behind.
        public var uncacheable = 0
        /// Upstream calls that failed (threw).
        public var failures = 0

        public init() {}

        /// Whether every answer used was fresh and cached (and none failed): only then may the
        /// response built from them be reused, until ``freshUntil``.
        public var isReusable: Bool { stale == 0 && uncacheable == 0 && failures == 0 }
    }

    private let state = Locked(Summary())

    public init() {}

    /// The record so far.
    public var summary: Summary { state.withLock { $0 } }

    /// Records an answer handed out at `now`: fresh until `freshUntil`, or uncacheable when nil.
    func recordAnswer(freshUntil: Duration?, now: Duration) {
        state.withLock { s in
            s.answers += 1
            guard let freshUntil else {
                s.uncacheable += 1
                return
            }
            if now >= freshUntil {
                s.stale += 1
            } else {
                s.freshUntil = min(s.freshUntil ?? freshUntil, freshUntil)
            }
        }
    }

    /// Records a call that failed.
    func recordFailure() {
        state.withLock { $0.failures += 1 }
    }
}
