/// Observes the units of work of an execution that may suspend, so that a
/// batching layer (e.g. a DataLoader scheduler) knows when every piece of
/// running work is waiting and queued loads can be sent.
///
/// The engine knows nothing of loaders; the application adapts its scheduler
/// to this protocol and passes it in ``ExecutionOptions`` or to
/// ``GraphQLEngine/execute(query:operationName:variables:context:rootValue:tracker:)``.
///
/// ## Contract
///
/// - The execution itself is one unit: ``enter()`` is called when an
///   execution that has asynchronous work starts it, ``leave()`` when it ends.
/// - Before the executor starts a child task (an asynchronous field, or a
///   worker that runs several of them), it calls ``enter()`` on behalf of that
///   child, synchronously, before the parent can wait; the child calls
///   ``leave()`` exactly once when it ends (returns or fails).
/// - While a unit waits for its child units (awaiting a task group), it is not
///   counted: the executor calls ``leave()`` before the wait and ``enter()``
///   after it.
/// - Synchronous fields are never reported: they cannot wait.
///
/// So the count of entered-but-not-left units drops to zero exactly when all
/// running work is suspended on something outside the executor (a loader).
/// Calls come from any thread; implementations must be thread-safe and cheap.
public protocol WorkTracker: Sendable {
    /// A unit of work that may suspend starts.
    func enter()
    /// A unit of work ends, or starts waiting on its child units.
    func leave()
}
