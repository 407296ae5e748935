import Locking
import HTTPServer

/// Which of one execution's end and its deadline came first.
///
/// The execution runs in the request's own task, or inline on its event loop when it never waits
/// (no task of its own, no hand-over): when the deadline passes first, the watchdog answers `504`
/// through the request's ``HTTPResponder`` and cancels that task (if any); the result the
/// execution returns afterwards is dropped. The abandoned-
/// execution metrics are counted under the lock, so always in order (abandoned, then ended).
final class ExecutionDeadline: Sendable {
    private enum State {
        case running, finishedInTime, timedOut, endedAfterTimeout
    }

    private let state = Locked(State.running)

    /// The deadline passed: true when it came first (the caller then cancels the execution);
    /// `abandoned` (which sends the `504`) runs then, under the lock.
    func deadlinePassed(abandoned: () -> Void) -> Bool {
        state.withLock { s in
            guard case .running = s else { return false }
            s = .timedOut
            abandoned()
            return true
        }
    }

    /// The execution ended: true when it ended in time (its result is the answer); after the
    /// deadline, `abandonedEnded` runs, under the lock.
    func executionEnded(abandonedEnded: () -> Void) -> Bool {
        state.withLock { s in
            switch s {
            case .running:
                s = .finishedInTime
                return true
            case .timedOut:
                s = .endedAfterTimeout
                abandonedEnded()
                return false
            case .finishedInTime, .endedAfterTimeout:
                return false
            }
        }
    }
}

/// The first answer of a request handled without a server (``GraphQLHTTPHandler/respond(to:)``),
/// handed to the waiting caller once.
///
/// The answer may come before the caller waits: it is then kept, and `wait` resumes the caller
/// at once, on its own thread, inside `withCheckedContinuation`'s closure (a resume from another
/// thread while the caller is still suspending is legal, but ThreadSanitizer, which cannot see
/// the concurrency runtime's synchronisation, reports it).
final class FirstAnswer: Sendable {
    private struct State {
        var answer: HTTPResponse?
        var waiter: CheckedContinuation<HTTPResponse, Never>?
    }

    private let state = Locked(State())

    /// Keeps `answer` for the caller, or resumes the waiting caller with it.
    func set(_ answer: HTTPResponse) {
        let waiter = state.withLock { s -> CheckedContinuation<HTTPResponse, Never>? in
            guard s.waiter != nil else {
                s.answer = answer
                return nil
            }
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: answer)
    }

    /// Resumes `continuation` with the answer, now or when it comes.
    func wait(_ continuation: CheckedContinuation<HTTPResponse, Never>) {
        let ready = state.withLock { s -> HTTPResponse? in
            if let answer = s.answer { return answer }
            s.waiter = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }
}
