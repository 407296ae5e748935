import Locking

/// Fires the deadlines of one handler's requests from a single task, instead of one timer
/// task per request.
///
/// Every deadline is "now + `timeout`" when it is set, so deadlines expire in the order they
/// were set: they are kept in a FIFO list (removal in O(1) when a request finishes in time),
/// and the watchdog's task sleeps until the oldest one, or waits parked while none is set.
final class DeadlineWatchdog: Sendable {
    /// One deadline in the list; its links are only touched under the watchdog's lock.
    final class Entry: @unchecked Sendable {
        let deadline: ContinuousClock.Instant
        fileprivate var fire: (@Sendable () -> Void)?
        fileprivate var previous: Entry?
        fileprivate var next: Entry?

        fileprivate init(deadline: ContinuousClock.Instant, fire: @escaping @Sendable () -> Void) {
            self.deadline = deadline
            self.fire = fire
        }
    }

    private struct State {
        var head: Entry?
        var tail: Entry?
        var parked: CheckedContinuation<Void, Never>?
        var running = false
        var stopped = false
    }

    private enum Step {
        case fire([@Sendable () -> Void])
        case sleep(until: ContinuousClock.Instant)
        case park
        case stop
    }

    /// How long after being set a deadline expires.
    let timeout: Duration
    private let state = Locked(State())

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Calls `fire` (on the watchdog's task) once `timeout` has passed, unless ``cancel(_:)``
    /// comes first.
    func schedule(_ fire: @escaping @Sendable () -> Void) -> Entry {
        let (entry, parked, start) = state.withLock {
            s -> (Entry, CheckedContinuation<Void, Never>?, Bool) in
            // The clock is read under the lock, so the list stays in deadline order.
            let entry = Entry(deadline: ContinuousClock.now.advanced(by: timeout), fire: fire)
            if let tail = s.tail {
                tail.next = entry
                entry.previous = tail
            } else {
                s.head = entry
            }
            s.tail = entry
            let parked = s.parked
            s.parked = nil
            let start = !s.running && !s.stopped
            if start { s.running = true }
            return (entry, parked, start)
        }
        parked?.resume()
        if start { Task.detached { await self.run() } }
        return entry
    }

    /// Removes `entry`: it will not fire (a no-op when it has fired or was removed already).
    func cancel(_ entry: Entry) {
        state.withLock { s in
            guard entry.fire != nil else { return }
            Self.unlink(entry, &s)
        }
    }

    /// Ends the watchdog's task; deadlines still set never fire.
    func stop() {
        let parked = state.withLock { s -> CheckedContinuation<Void, Never>? in
            s.stopped = true
            defer { s.parked = nil }
            return s.parked
        }
        parked?.resume()
    }

    private static func unlink(_ entry: Entry, _ s: inout State) {
        if let previous = entry.previous { previous.next = entry.next } else { s.head = entry.next }
        if let next = entry.next { next.previous = entry.previous } else { s.tail = entry.previous }
        entry.previous = nil
        entry.next = nil
        entry.fire = nil
    }

    private func run() async {
        while true {
            let step = state.withLock { s -> Step in
                if s.stopped {
                    s.running = false
                    return .stop
                }
                let now = ContinuousClock.now
                var expired: [@Sendable () -> Void] = []
                while let head = s.head, head.deadline <= now {
                    if let fire = head.fire { expired.append(fire) }
                    Self.unlink(head, &s)
                }
                if !expired.isEmpty { return .fire(expired) }
                if let head = s.head { return .sleep(until: head.deadline) }
                return .park
            }
            switch step {
            case .stop:
                return
            case .fire(let expired):
                for fire in expired { fire() }
            case .sleep(let deadline):
                try? await Task.sleep(until: deadline, clock: .continuous)
            case .park:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { s -> Bool in
                        if s.head != nil || s.stopped { return true }
                        s.parked = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }
}
