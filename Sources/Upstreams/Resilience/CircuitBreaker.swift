import Clocks
import Locking

/// A circuit breaker for one upstream, judging logical calls (see ``BreakerPolicy``); also
/// used, through its public permit API, for helpers such as a shared cache.
///
/// - **closed**: calls pass; when enough calls of the rolling window failed, it opens.
/// - **open**: calls fail at once (``UpstreamError/Kind/unavailable``) for the current
///   open interval (1 s at first by default).
/// - **half-open**: then one probe call passes (others still fail fast while it runs);
///   its success closes the breaker (and resets the interval), its failure opens it
///   again for twice as long (up to the policy's maximum).
///
/// Failures are connection errors, timeouts, 429 and 5xx answers (after the call's
/// retries); other answers count as successes or, for client errors and undecodable
/// bodies, as neutral: the upstream is reachable, so a half-open breaker closes.
public final class CircuitBreaker: Sendable {
    /// The breaker's state.
    public enum State: String, Sendable, Equatable, CaseIterable {
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

    /// Permission for one logical call, from ``allowCall()``.
    public struct Permit: Sendable, Equatable {
        /// Whether the call is the half-open probe.
        public var isProbe: Bool
    }

    struct Storage {
        var state: State = .closed
        var window: RollingWindow
        var openedAt = Duration.zero
        var openDuration = Duration.zero
        var failedProbes = 0
        var probeInFlight = false
        var transitions: [State: Int] = [:]

        mutating func move(to next: State) {
            state = next
            transitions[next, default: 0] += 1
        }
    }

    /// When the breaker opens and for how long.
    public let policy: BreakerPolicy
    let clock: MonotonicClock
    let storage: Locked<Storage>

    /// Creates a closed breaker.
    public init(policy: BreakerPolicy = BreakerPolicy(), clock: MonotonicClock = .system) {
        self.policy = policy
        self.clock = clock
        self.storage = Locked(Storage(window: RollingWindow(policy.window)))
    }

    /// The current state (an open breaker whose interval is over reports half-open).
    public var state: State {
        let now = clock.now()
        return storage.withLock { s in
            if s.state == .open, now - s.openedAt >= s.openDuration { return .halfOpen }
            return s.state
        }
    }

    /// How long the breaker stays (or stayed) open this time; zero while it never opened.
    public var openDuration: Duration { storage.withLock { $0.openDuration } }

    /// Transitions into each state since the breaker was created.
    public var transitions: [State: Int] { storage.withLock { $0.transitions } }

    /// Asks to start a logical call: a permit if it may go (the half-open probe is marked
    /// in flight), nil if it must fail fast.
    public func allowCall() -> Permit? {
        let now = clock.now()
        return storage.withLock { s in
            switch s.state {
            case .closed:
                return Permit(isProbe: false)
            case .open:
                guard now - s.openedAt >= s.openDuration else { return nil }
                s.move(to: .halfOpen)
                s.probeInFlight = true
                return Permit(isProbe: true)
            case .halfOpen:
                if s.probeInFlight { return nil }
                s.probeInFlight = true
                return Permit(isProbe: true)
            }
        }
    }

    /// Records a call that succeeded: the upstream is back, so the breaker closes.
    public func recordSuccess(_ permit: Permit) {
        let now = clock.now()
        storage.withLock { s in
            if permit.isProbe { s.probeInFlight = false }
            if s.state == .closed {
                s.window.record(failed: false, at: now)
            } else {
                close(&s)
            }
        }
    }

    /// Records a call that failed (after its retries).
    public func recordFailure(_ permit: Permit) {
        let now = clock.now()
        storage.withLock { s in
            if permit.isProbe {
                s.probeInFlight = false
                guard s.state == .halfOpen else { return }
                s.failedProbes += 1
                open(&s, at: now)
                return
            }
            guard s.state == .closed else { return }
            s.window.record(failed: true, at: now)
            let totals = s.window.totals(at: now)
            if totals.calls >= policy.minimumCalls, Double(totals.failures) >= policy.failureRate * Double(totals.calls)
            {
                s.failedProbes = 0
                open(&s, at: now)
            }
        }
    }

    /// Records an answer that is neither a success nor a failure of the upstream (a 404,
    /// a refused redirect, an oversized body): it is reachable, so a half-open breaker closes.
    public func recordNeutral(_ permit: Permit) {
        storage.withLock { s in
            if permit.isProbe { s.probeInFlight = false }
            if s.state == .halfOpen { close(&s) }
        }
    }

    /// Frees a half-open probe slot without judging the upstream (the caller was cancelled).
    public func release(_ permit: Permit) {
        guard permit.isProbe else { return }
        storage.withLock { $0.probeInFlight = false }
    }

    private func open(_ s: inout Storage, at now: Duration) {
        s.openedAt = now
        s.openDuration = policy.openDuration(afterFailedProbes: s.failedProbes)
        s.window.reset()
        s.move(to: .open)
    }

    private func close(_ s: inout Storage) {
        s.failedProbes = 0
        s.probeInFlight = false
        s.window.reset()
        s.move(to: .closed)
    }
}
