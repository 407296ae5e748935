import Synchronization
#if canImport(Glibc)
    import Glibc
#endif
import Locking

extension EventLoop {
    /// What other threads (and the loop itself) ask of a loop.
    enum Message: Sendable {
        case completion(fd: Int32, id: UInt64, sequence: UInt64, response: HTTPResponse)
        /// The next part of a streamed body (nil: its end).
        case bodyPart(fd: Int32, id: UInt64, sequence: UInt64, bytes: [UInt8]?)
        case drain(deadline: Duration)
        /// A connection another loop accepted, to be served by this one.
        case adopt(fd: Int32)
        /// A task job: handler tasks run on their connection's loop (see `TaskExecutor`).
        case job(UnownedJob)
    }
}

/// An event loop's inbox: messages posted from any thread, and the eventfd that wakes the loop.
///
/// Other threads append under a lock and write the eventfd once per batch (`wakePending`);
/// the loop's own thread appends to `local` with neither, and the loop runs those after its
/// events. Once closed, a posted job runs on the global executor and other messages are
/// dropped.
///
/// - Unsafe: `@unchecked Sendable` for `local`, a plain array that the compiler cannot prove is
///   used from one thread.
/// - Invariant: `local` is touched only on the loop thread (`post` compares the calling thread
///   with the one `attachLoopThread` recorded; `takeLocal` and `close` run on the loop); the rest
///   is locked or atomic.
/// - Checked by: ThreadSanitizer runs of `HTTPServerTests` and `GraphQLServerTests` (CI,
///   `.ci/run` step 4).
final class EventLoopInbox: @unchecked Sendable {
    /// The eventfd the loop's epoll set watches.
    let wakeFD: Int32
    private let shared = Locked<(messages: [EventLoop.Message], wakePending: Bool, stopped: Bool)>(([], false, false))
    /// The loop thread's id, to post from the loop itself without a lock or a wake-up.
    private let loopThread = Atomic<UInt>(0)
    /// Messages posted from the loop thread itself (loop-thread state).
    private var local: [EventLoop.Message] = []

    /// An inbox that wakes its loop through `wakeFD` (a non-blocking eventfd it then owns).
    init(wakeFD: Int32) {
        self.wakeFD = wakeFD
    }

    /// Sends a message to the loop from any thread.
    /// Returns false when the inbox is closed and the message was dropped (a job is not: it
    /// runs on the global executor).
    @discardableResult
    func post(_ message: consuming EventLoop.Message) -> Bool {
        if UInt(pthread_self()) == loopThread.load(ordering: .relaxed) {
            local.append(message)
            return true
        }
        return postFromElsewhere(message)
    }

    /// ``post(_:)`` from another thread than the loop's: under the lock, with a wake-up.
    private func postFromElsewhere(_ message: EventLoop.Message) -> Bool {
        shared.withLock { state in
            guard !state.stopped else {
                if case .job(let job) = message {
                    EventLoop.runElsewhere(job)
                    return true
                }
                return false
            }
            state.messages.append(message)
            if !state.wakePending {
                state.wakePending = true
                var one: UInt64 = 1
                _ = write(wakeFD, &one, 8)
            }
            return true
        }
    }

    /// Records the calling thread as the loop's (called first thing on the loop thread).
    func attachLoopThread() {
        loopThread.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// After the eventfd fired: resets it and takes the messages other threads posted.
    func takePosted() -> [EventLoop.Message] {
        var value: UInt64 = 0
        _ = read(wakeFD, &value, 8)
        return shared.withLock { state -> [EventLoop.Message] in
            state.wakePending = false
            let messages = state.messages
            state.messages = []
            return messages
        }
    }

    /// Moves the messages the loop thread posted to itself into `batch`, whose storage (emptied)
    /// takes their place for the next posts: the two buffers are swapped, never reallocated.
    /// False when there are none.
    func takeLocal(into batch: inout [EventLoop.Message]) -> Bool {
        guard !local.isEmpty else { return false }
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &local)
        return true
    }

    /// Stops taking messages (later posts run jobs elsewhere), closes the eventfd and returns
    /// what was never taken. Called by the loop thread as it stops.
    func close() -> [EventLoop.Message] {
        let leftover = shared.withLock { state -> [EventLoop.Message] in
            state.stopped = true
            let messages = state.messages
            state.messages = []
            Glibc.close(wakeFD)
            return messages
        }
        loopThread.store(0, ordering: .relaxed)
        let all = leftover + local
        local = []
        return all
    }
}
