#if canImport(Glibc)
    import Glibc
#endif
import Dispatch

/// Waits for termination signals without a C signal handler (Dispatch signal sources).
public enum SignalWaiter {
    /// Ignores `signals`' default action and returns the first one received.
    public static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        let sources = SignalSources()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let once = OnceResume(continuation)
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.resume(number) }
                source.resume()
                sources.add(source)
            }
        }
    }
}

import Locking

private final class OnceResume: Sendable {
    private let continuation: Locked<CheckedContinuation<Int32, Never>?>
    init(_ continuation: CheckedContinuation<Int32, Never>) { self.continuation = Locked(continuation) }
    func resume(_ value: Int32) {
        let taken = continuation.withLock { c -> CheckedContinuation<Int32, Never>? in
            let taken = c
            c = nil
            return taken
        }
        taken?.resume(returning: value)
    }
}

/// Keeps the signal sources alive for the process lifetime.
private final class SignalSources: Sendable {
    private static let all = Locked<[any DispatchSourceSignal]>([])
    func add(_ source: any DispatchSourceSignal) { Self.all.withLock { $0.append(source) } }
}
