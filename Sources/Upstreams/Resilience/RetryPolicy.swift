import Clocks
import Locking

/// When and how often a failed idempotent request is tried again.
///
/// Only idempotent requests are retried, and only after a connection error, a
/// 429 or a 5xx answer (never after a timeout: the deadline already spent the
/// caller's time). The delay before retry n (1-based) is a random value in
/// `0...min(maxDelay, baseDelay * 2^(n-1))` (full jitter), or the upstream's
/// `Retry-After` wait when larger (delta-seconds or an HTTP-date); a `Retry-After`
/// beyond ``maxDelay`` ends the retries. Retries across all requests to one upstream are bounded by a
/// token budget (see ``RetryBudget``).
public struct RetryPolicy: Sendable, Equatable {
    /// Total attempts including the first (1 disables retries).
    public var maxAttempts: Int
    /// Backoff base.
    public var baseDelay: Duration
    /// Largest single delay (also the largest `Retry-After` honoured).
    public var maxDelay: Duration
    /// Retry tokens an upstream starts with and can hold.
    public var budgetCapacity: Double
    /// Tokens earned back by each successful request.
    public var budgetRefillPerSuccess: Double

    /// Creates a policy. Defaults: 3 attempts, 100 ms base, 2 s cap, budget of 10 retries
    /// refilled by 0.2 per success (so retries stay under ~20 % of traffic).
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(100),
        maxDelay: Duration = .seconds(2),
        budgetCapacity: Double = 10,
        budgetRefillPerSuccess: Double = 0.2
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maxDelay = max(.zero, maxDelay)
        self.budgetCapacity = max(0, budgetCapacity)
        self.budgetRefillPerSuccess = max(0, budgetRefillPerSuccess)
    }

    /// No retries.
    public static let disabled = RetryPolicy(maxAttempts: 1)

    /// The delay before retry number `retry` (1-based), honouring `retryAfter`;
    /// nil when `retryAfter` exceeds ``maxDelay`` (do not retry).
    func delay(beforeRetry retry: Int, retryAfter: Duration?) -> Duration? {
        // baseDelay * 2^(retry-1), doubled only while under the cap (so it cannot overflow).
        var ceiling = baseDelay
        for _ in 0..<min(max(0, retry - 1), 62) where ceiling < maxDelay { ceiling *= 2 }
        ceiling = min(ceiling, maxDelay)
        let jittered = ceiling > .zero ? ceiling * Double.random(in: 0...1) : .zero
        guard let retryAfter else { return jittered }
        if retryAfter > maxDelay { return nil }
        return max(jittered, retryAfter)
    }

    /// The wait a `Retry-After` header asks for: delta-seconds (`120`) or an HTTP-date
    /// (IMF-fixdate, RFC 850 or asctime; see ``HTTPDate``) taken relative to `now` (a
    /// ``WallClock`` reading); a date in the past is 0. Nil when the header is absent or
    /// unreadable (the plain backoff applies). A number too large for an `Int` is the longest
    /// wait (``Duration/clampedSeconds(_:)-(Int)``: it exceeds ``maxDelay``, so the request is
    /// not retried).
    static func retryAfter(_ header: String?, now: Duration) -> Duration? {
        guard let header else { return nil }
        let trimmed = header.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            return .clampedSeconds(Int(trimmed) ?? .max)
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return max(.zero, .seconds(date) - now)
    }
}

/// A token bucket bounding the retries to one upstream across all requests.
final class RetryBudget: Sendable {
    private let tokens: Locked<Double>
    private let capacity: Double
    private let refill: Double

    init(capacity: Double, refillPerSuccess: Double) {
        self.tokens = Locked(capacity)
        self.capacity = capacity
        self.refill = refillPerSuccess
    }

    /// Takes one token; false when the budget is spent.
    func tryWithdraw() -> Bool {
        tokens.withLock { tokens in
            guard tokens >= 1 else { return false }
            tokens -= 1
            return true
        }
    }

    /// Records a success.
    func deposit() {
        tokens.withLock { $0 = min(capacity, $0 + refill) }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
