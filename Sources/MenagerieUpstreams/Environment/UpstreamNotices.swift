import Clocks
import Locking

/// What the upstream clients tell the operator (not the API's clients): a refused Dog API key,
/// with the variable to set. The server hands a handler to ``setHandler(_:)`` (its log); each
/// kind of notice is given at most once a minute.
public final class UpstreamNotices: Sendable {
    private struct State {
        var handler: (@Sendable (String) -> Void)?
        var lastGiven: [String: Duration] = [:]
    }

    private let state = Locked(State())
    private let clock: MonotonicClock

    /// Notices that go nowhere until a handler is set.
    public init(clock: MonotonicClock = .system) {
        self.clock = clock
    }

    /// Sends every later notice to `handler` (one line of text each).
    public func setHandler(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// The Dog API answered 401 or 403.
    func keyRefused(status: Int, keySet: Bool) {
        let variable = UpstreamsConfiguration.theDogAPIKeyVariable
        let reason = keySet ? "the key in \(variable) was refused" : "no key is set: set \(variable)"
        give(
            "thedogapi.key",
            "The Dog API answered HTTP \(status): \(reason) (free keys at https://thedogapi.com); breed facts fail until then"
        )
    }

    private func give(_ kind: String, _ message: String) {
        let now = clock.now()
        let handler = state.withLock { s -> (@Sendable (String) -> Void)? in
            if let last = s.lastGiven[kind], now - last < .seconds(60) { return nil }
            s.lastGiven[kind] = now
            return s.handler
        }
        handler?(message)
    }
}
