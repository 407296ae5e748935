/// An event loop as the executor of its handler tasks.
///
/// A handler task prefers its connection's loop (`dispatch` in `EventLoopInput.swift`): its
/// jobs arrive as `.job` messages and run between the loop's events, so a handler that does
/// not suspend on other work answers within the same loop iteration, with no thread hop.
///
/// - Unsafe: `UnownedJob` in a message (an `ExecutorJob` cannot be stored in an enum): nothing
///   tracks that the job is run, or run only once.
/// - Invariant: every job enqueued is run exactly once: by the loop (`run`), or on the global
///   executor when the loop has stopped (`EventLoopInbox.post` after `close`, and the leftovers
///   `close` returns).
/// - Checked by: `HTTPServerTests` (`/slow` handlers suspend and resume on their loop;
///   `testShutdownGracePeriodIsBounded` leaves a handler running past the loop), under
///   ThreadSanitizer and AddressSanitizer in CI (`.ci/run` steps 3 and 4).
extension EventLoop: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        post(.job(UnownedJob(job)))
    }

    /// Runs a job posted to this loop, on this loop's thread.
    func run(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    /// Runs a job on the global executor: one posted to a loop that has stopped (tasks still
    /// running past the grace period continue there).
    static func runElsewhere(_ job: UnownedJob) {
        globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
}
