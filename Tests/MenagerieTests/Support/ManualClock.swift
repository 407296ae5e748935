import Locking
import Upstreams

/// A monotonic clock that moves only when a test moves it, for the upstream pipelines
/// of a ``MenagerieApp`` (circuit breakers, response caches): a test opens a breaker,
/// then steps past its open interval without sleeping.
///
/// Timeouts and retry backoff are real time (`Task.sleep`) and do not follow it.
final class ManualClock: Sendable {
    private let seconds = Locked(1_000.0)

    /// The clock to inject (`MenagerieApp(configuration:clock:)`).
    var clock: MonotonicClock {
        MonotonicClock { [seconds] in seconds.withLock { $0 } }
    }

    /// Moves time on by `interval` seconds.
    func advance(by interval: Double) {
        seconds.withLock { $0 += interval }
    }
}
