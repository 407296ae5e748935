#if canImport(Glibc)
    import Glibc
#endif
import Dispatch
import Locking

/// Catches termination signals without a C signal handler (Dispatch signal sources).
///
/// Catching starts when it is made: from then on the signals no longer end the process, and
/// ``wait()`` returns the first one, even one that came before it was called. A server makes it
/// before it announces its address, so that a supervisor's `SIGTERM` sent as soon as the address
/// is up (a deploy rolling quickly) stops it gracefully instead of killing it.
public final class SignalWaiter: Sendable {
    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    private let state = Locked(State())

    /// Starts catching `signals` (their default action ignored from now on).
    public init(catching signals: [Int32] = [SIGINT, SIGTERM]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in received(number) }
            source.resume()
            SignalSources.keep(source)
        }
    }

    /// The first signal caught: at once when one came already, else when one comes.
    public func wait() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let received = state.withLock { s -> Int32? in
                if s.received == nil { s.waiter = continuation }
                return s.received
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    private func received(_ number: Int32) {
        let waiter = state.withLock { s -> CheckedContinuation<Int32, Never>? in
            guard s.received == nil else { return nil }
            s.received = number
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: number)
    }
}

/// Keeps the signal sources alive for the process lifetime.
private enum SignalSources {
    private static let all = Locked<[any DispatchSourceSignal]>([])
    static func keep(_ source: any DispatchSourceSignal) { all.withLock { $0.append(source) } }
}
