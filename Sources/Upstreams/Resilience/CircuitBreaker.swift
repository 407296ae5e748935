import Locking

/// A circuit breaker for one upstream.
///
/// - **closed**: requests pass; ``failureThreshold`` consecutive failures open it.
/// - **open**: requests fail at once (``UpstreamError/Kind/unavailable``) for ``openDuration`` seconds.
/// - **half-open**: then one probe request passes (others still fail fast);
///   its success closes the breaker, its failure opens it again.
///
/// Failures are connection errors, timeouts, 429 and 5xx answers.
public final class CircuitBreaker: Sendable {
    /// The breaker's state.
    public enum State: String, Sendable, Equatable {
        case closed, open, halfOpen = "half_open"

        /// The state as a number for metrics: 0 closed, 1 open, 2 half-open.
        public var metricValue: Int {
            switch self {
            case .closed: return 0
            case .open: return 1
            case .halfOpen: return 2
            }
        }
    }

    struct Storage {
        var state: State = .closed
        var consecutiveFailures = 0
        var openedAt = 0.0
        var probeInFlight = false
        var transitions = 0
    }

    /// Consecutive failures that open the breaker.
    public let failureThreshold: Int
    /// Seconds the breaker stays open before a probe.
    public let openDuration: Double
    let clock: MonotonicClock
    let storage = Locked(Storage())

    /// Creates a closed breaker.
    public init(failureThreshold: Int = 5, openDuration: Double = 30, clock: MonotonicClock = .system) {
        self.failureThreshold = max(1, failureThreshold)
        self.openDuration = max(0, openDuration)
        self.clock = clock
    }

    /// The current state (an open breaker whose time is up reports half-open).
    public var state: State {
        let now = clock.now()
        return storage.withLock { s in
            if s.state == .open, now - s.openedAt >= openDuration { return .halfOpen }
            return s.state
        }
    }

    /// Asks to send a request: true if it may go (a half-open probe is marked in flight).
    func allowRequest() -> Bool {
        let now = clock.now()
        return storage.withLock { s in
            switch s.state {
            case .closed:
                return true
            case .open:
                guard now - s.openedAt >= openDuration else { return false }
                s.state = .halfOpen
                s.transitions += 1
                s.probeInFlight = true
                return true
            case .halfOpen:
                if s.probeInFlight { return false }
                s.probeInFlight = true
                return true
            }
        }
    }

    /// Records a successful exchange.
    func recordSuccess() {
        storage.withLock { s in
            s.consecutiveFailures = 0
            s.probeInFlight = false
            if s.state != .closed {
                s.state = .closed
                s.transitions += 1
            }
        }
    }

    /// Records a failed exchange.
    func recordFailure() {
        let now = clock.now()
        storage.withLock { s in
            s.consecutiveFailures += 1
            s.probeInFlight = false
            switch s.state {
            case .halfOpen:
                s.state = .open
                s.openedAt = now
                s.transitions += 1
            case .closed where s.consecutiveFailures >= failureThreshold:
                s.state = .open
                s.openedAt = now
                s.transitions += 1
            default:
                break
            }
        }
    }

    /// Records an answer that is neither a success nor a failure of the upstream
    /// (e.g. a 404): the upstream is reachable, so a half-open breaker closes.
    func recordNeutral() {
        storage.withLock { s in
            if s.state == .halfOpen {
                s.state = .closed
                s.consecutiveFailures = 0
                s.transitions += 1
            }
            s.probeInFlight = false
        }
    }
}

extension CircuitBreaker {
    /// Frees a half-open probe slot without judging the upstream (the caller was cancelled).
    func releaseProbe() {
        storage.withLock { $0.probeInFlight = false }
    }
}
