import Clocks
import Locking

/// How fast a pipeline may send to its upstream: a token bucket of ``burst`` tokens refilled
/// at ``perSecond``, shared by every client request. The default (nil in ``UpstreamSettings``)
/// is no limit; the application sets one per upstream below its documented limit.
public struct RatePolicy: Sendable, Equatable {
    /// Sends per second, on average (greater than 0).
    public var perSecond: Double
    /// Sends that may go at once after a quiet spell (at least 1).
    public var burst: Int

    /// A policy of `perSecond` sends a second on average, `burst` at once.
    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond.isFinite && perSecond > 0 ? perSecond : 1
        self.burst = max(1, burst)
    }

    /// `count` sends per `period`, all of them allowed at once.
    public init(count: Int, per period: Duration) {
        self.init(perSecond: Double(max(1, count)) / max(period.inSeconds, 0.001), burst: count)
    }
}

/// A pipeline's outbound pace: the ``RatePolicy`` token bucket, and the pause an upstream asks
/// for with `429 Retry-After`, during which no send goes out (they wait, like the bucket's).
///
/// A send that would have to wait longer than its pipeline's timeout is refused at once (the
/// caller gets ``UpstreamError/Kind/unavailable``): a queue never grows without bound.
final class RateLimiter: Sendable {
    private struct State {
        /// Tokens available at `updated` (negative: sends already promised a later token).
        var tokens: Double
        var updated: Duration
        /// No send before this reading of the clock (a `Retry-After` pause).
        var pausedUntil: Duration = .zero
    }

    let policy: RatePolicy?
    private let clock: MonotonicClock
    private let state: Locked<State>

    init(policy: RatePolicy?, clock: MonotonicClock) {
        self.policy = policy
        self.clock = clock
        self.state = Locked(State(tokens: Double(policy?.burst ?? 0), updated: clock.now()))
    }

    /// How long the next send must wait (taking its token now), or nil when that would be
    /// longer than `maxWait` (nothing is taken).
    func reserve(maxWait: Duration) -> Duration? {
        let now = clock.now()
        return state.withLock { s -> Duration? in
            let pause = max(.zero, s.pausedUntil - now)
            guard let policy else { return pause <= maxWait ? pause : nil }
            s.tokens = min(Double(policy.burst), s.tokens + (now - s.updated).inSeconds * policy.perSecond)
            s.updated = now
            let deficit = max(0, 1 - s.tokens)
            let wait = max(pause, Duration.milliseconds(Int64((deficit / policy.perSecond * 1000).rounded(.up))))
            guard wait <= maxWait else { return nil }
            s.tokens -= 1
            return wait
        }
    }

    /// Holds every send until `duration` from now (a 429's `Retry-After`); a longer pause
    /// already set stands.
    func pause(for duration: Duration) {
        let until = clock.now() + duration
        state.withLock { $0.pausedUntil = max($0.pausedUntil, until) }
    }
}
