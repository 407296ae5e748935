import DataLoader
import GraphQL

/// The request's ``BatchScheduler`` seen by the engine as its ``WorkTracker``:
/// the executor's enter/leave calls count the scheduler's units of work, so
/// loader keys are dispatched when every running field waits on a loader.
struct SchedulerTracker: WorkTracker {
    let scheduler: BatchScheduler

    func enter() { scheduler.enter() }
    func leave() { scheduler.leave() }
}
