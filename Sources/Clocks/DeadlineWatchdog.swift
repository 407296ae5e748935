import Locking

/// Fires deadlines from a single task, instead of one timer task per deadline: the one timeout
/// mechanism of the project (a server's request deadlines; each upstream pipeline's exchange
/// timeout, through ``race(_:expired:)``).
///
/// Every deadline is "now + `timeout`" when it is set, so deadlines expire in the order they
/// were set: they are kept in a FIFO queue of (id, deadline), their actions in a dictionary by
/// id (removal in O(1) when a request finishes in time: the queue entry is skipped later), and
/// the watchdog's task sleeps until the oldest one, or waits parked while none is set. Time is
/// the ``MonotonicClock``'s (the system's: a watchdog really sleeps).
///
/// Its owner calls ``stop()`` when done with it (a parked watchdog's task waits for work until
/// then).
public final class DeadlineWatchdog: Sendable {
    /// One deadline set by ``schedule(_:)``.
    public struct Entry: Sendable {
        fileprivate let id: UInt64
        /// When it fires (a reading of ``MonotonicClock/systemNow()``).
        public let deadline: Duration
    }

    private struct State {
        /// Deadlines in the order set (so of expiry); those before `head` are done.
        var queue: [Entry] = []
        var head = 0
        /// The actions of the deadlines still set.
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        var parked: CheckedContinuation<Void, Never>?
        var running = false
        var stopped = false

        /// The oldest deadline still set (dropping the cancelled ones before it).
        mutating func oldest() -> Entry? {
            while head < queue.count, actions[queue[head].id] == nil { head += 1 }
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            if head >= 256, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return queue[head]
        }
    }

    private enum Step {
        case fire([@Sendable () -> Void])
        case sleep(for: Duration)
        case park
        case stop
    }

    /// How long after being set a deadline expires.
    public let timeout: Duration
    private let state = Locked(State())

    /// A watchdog whose deadlines expire `timeout` after they are set.
    public init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Calls `fire` (on the watchdog's task) once `timeout` has passed, unless ``cancel(_:)``
    /// comes first.
    public func schedule(_ fire: @escaping @Sendable () -> Void) -> Entry {
        let (entry, parked, start) = state.withLock {
            s -> (Entry, CheckedContinuation<Void, Never>?, Bool) in
            // The clock is read under the lock, so the queue stays in deadline order.
            let entry = Entry(id: s.nextID, deadline: MonotonicClock.systemNow() + timeout)
            s.nextID += 1
            s.queue.append(entry)
            s.actions[entry.id] = fire
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
    public func cancel(_ entry: Entry) {
        state.withLock { s in
            _ = s.actions.removeValue(forKey: entry.id)
            // Requests mostly finish in the order they started: dropping the finished ones at
            // the head now keeps the queue as short as the requests in flight (else it would
            // hold every request of the last `timeout` until the watchdog next wakes).
            _ = s.oldest()
        }
    }

    /// Ends the watchdog's task; deadlines still set never fire.
    public func stop() {
        let parked = state.withLock { s -> CheckedContinuation<Void, Never>? in
            s.stopped = true
            defer { s.parked = nil }
            return s.parked
        }
        parked?.resume()
    }

    private func run() async {
        while true {
            let step = state.withLock { s -> Step in
                if s.stopped {
                    s.running = false
                    return .stop
                }
                let now = MonotonicClock.systemNow()
                var expired: [@Sendable () -> Void] = []
                while let oldest = s.oldest(), oldest.deadline <= now {
                    if let fire = s.actions.removeValue(forKey: oldest.id) { expired.append(fire) }
                    s.head += 1
                }
                if !expired.isEmpty { return .fire(expired) }
                if let oldest = s.oldest() { return .sleep(for: oldest.deadline - now) }
                return .park
            }
            switch step {
            case .stop:
                return
            case .fire(let expired):
                for fire in expired { fire() }
            case .sleep(let span):
                try? await Task.sleep(for: span)
            case .park:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { s -> Bool in
                        if !s.actions.isEmpty || s.stopped { return true }
                        s.parked = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }
}
