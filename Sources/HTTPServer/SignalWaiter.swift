#if canImport(Glibc)
    import Glibc
#endif
import CLinux
import Locking

/// Catches termination signals: from when it is made, they no longer end the process, and
/// ``wait()`` returns the first one, even one that came before it was called.
///
/// A signal handler written in C (`CLinux_catchSignalIntoPipe`) writes each signal's number into
/// a pipe, whichever thread the signal interrupts, and a thread of the waiter's own reads it: the
/// handler is in place when `init` returns, so there is no moment at which a signal is lost or
/// takes its default action. (Dispatch's signal sources, used before, register asynchronously:
/// a `SIGTERM` in between was ignored, and the process never stopped.) A server makes it before
/// it announces its address, so that a supervisor's `SIGTERM` sent as soon as the address is up
/// (a deploy rolling quickly) stops it gracefully.
///
/// One per process (the handler has one pipe): a later one takes the signals over.
public final class SignalWaiter: Sendable {
    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    private let state = Locked(State())

    /// Starts catching `signals`. If the pipe or a handler cannot be set up (no file descriptor
    /// left), the signals keep their default action: they end the process, as without a waiter.
    public init(catching signals: [Int32] = [SIGINT, SIGTERM]) {
        let readEnd = CLinux_openSignalPipe()
        guard readEnd >= 0 else { return }
        DetachedThread.start(named: "signal-waiter") { [self] in read(from: readEnd) }
        for number in signals { _ = CLinux_catchSignalIntoPipe(number) }
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

    /// Reads signal numbers from the pipe's `readEnd` for the rest of the process.
    ///
    /// - Unsafe: `read` gets the address of the one-byte `number` (`&number`); the handler it
    ///   reads from is C (`CLinux_catchSignalIntoPipe`), where a signal handler must be.
    /// - Invariant: at most 1 byte is read into the 1-byte variable; the handler writes only with
    ///   `write` (async-signal-safe) and keeps `errno`.
    /// - Checked by: `ShutdownDelayBinaryTests` (eight SIGTERMs the moment the address is up,
    ///   each a graceful stop), in every CI build, AddressSanitizer's included.
    private func read(from readEnd: Int32) {
        var number: UInt8 = 0
        while true {
            let count = Glibc.read(readEnd, &number, 1)
            if count == 1 {
                received(Int32(number))
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
