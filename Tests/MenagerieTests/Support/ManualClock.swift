import Clocks
import Locking

/// A monotonic clock that moves only when a test moves it, for the upstream pipelines
/// of a ``MenagerieApp`` (circuit breakers, response caches): a test opens a breaker,
/// then steps past its open interval without sleeping.
///
/// Timeouts and retry backoff are real time (`Task.sleep`) and do not follow it.
final class ManualClock: Sendable {
    private let now = Locked(Duration.seconds(1_000))

    /// The clock to inject (`MenagerieApp(configuration:clock:)`).
    var clock: MonotonicClock {
        MonotonicClock { [now] in now.withLock { $0 } }
    }

    /// Moves time on by `interval`.
    func advance(by interval: Duration) {
        now.withLock { $0 += interval }
    }
}
