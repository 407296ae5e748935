import Base
import Locking

/// A list whose items arrive in parts: the value of a list field gathered from several sources
/// that answer at different times (graphql-js's async iterable as a list value).
///
/// A resolver returns it as the field's value (`.ready(ArrivingList(parts: [a, b, c], limit: 20))`);
/// each part is an ``Eventual`` list of items, ready or pending, and a part that throws costs only
/// its own items. How the executor reads it:
///
/// - **Plain execution** (no `@stream` on the field): the parts concatenated **in part order**,
///   cut to `limit`: deterministic, whatever order the parts answer in. Parts that are all ready
///   complete synchronously (no task); pending ones are awaited concurrently. Each failed part
///   adds its error at the field's path; when every part fails (and there is at least one) the
///   list is null (a null that propagates like a resolver's error when the field is non-null).
/// - **`@stream(initialCount: n)`** (``executeIncrementally(schema:prepared:variables:rootValue:context:options:tracker:coalescing:)``):
///   the items in the order **the parts answer**, cut to `limit` in that order. Parts that are
///   ready at the same moment (all ready when the field resolves, e.g. cached) keep part order, so
///   a stream of ready parts equals the plain list. The first `n` items go in the initial payload
///   (waiting for parts as needed); each later part's items go in one `items` entry as soon as the
///   part answers (parts that answer within the executor's coalescing window share a payload).
///   A part that fails after the initial payload reports its error with the next `items` entry,
///   or on the stream's `completed` entry when no items follow. Parts still out when `limit`
///   items have been delivered are cancelled.
public struct ArrivingList: Sendable {
    /// One part: a list of items, ready or pending (a thrown error is the part's error).
    public typealias Part = Eventual<[any Sendable]>

    /// The parts, in their order (the plain list's order).
    public let parts: [Part]
    /// At most this many items in all (nil: no limit).
    public let limit: Int?

    /// A list made of `parts`, at most `limit` items in all (a negative limit counts as 0).
    public init(parts: [Part], limit: Int? = nil) {
        self.parts = parts
        self.limit = limit.map { max(0, $0) }
    }

    /// The list when every part is ready: the parts concatenated in part order, cut to `limit`
    /// (nil when a part is pending).
    @inline(__always)
    var readyItems: [any Sendable]? {
        var count = 0
        for part in parts {
            guard case .ready(let items) = part else { return nil }
            count += items.count
        }
        var all: [any Sendable] = []
        all.reserveCapacity(limit.map { min($0, count) } ?? count)
        for case .ready(let items) in parts {
            if let limit, all.count + items.count > limit {
                all += items.prefix(limit - all.count)
                break
            }
            all += items
        }
        return all
    }

    /// The outcome of one part.
    typealias Outcome = Result<[any Sendable], any Error>

    /// The outcome of each part, in part order: the pending parts awaited concurrently (one
    /// pending part is awaited inline), each in a child task counted by `tracker` as the engine's
    /// other child tasks are (``WorkTracker``).
    nonisolated(nonsending) func outcomes(tracker: (any WorkTracker)?) async -> [Outcome] {
        var results: [Outcome] = parts.map { part in
            if case .ready(let items) = part { return .success(items) }
            return .success([])
        }
        var pending: [(index: Int, work: Part.Work)] = []
        for (index, part) in parts.enumerated() {
            if case .pending(let work) = part { pending.append((index, work)) }
        }
        if pending.count == 1 {
            results[pending[0].index] = await Self.outcome(of: pending[0].work)
            return results
        }
        if pending.isEmpty { return results }
        await withTaskGroup(of: (Int, Outcome).self) { group in
            for (index, work) in pending {
                tracker?.enter()
                group.addImmediateTask {
                    let outcome = await Self.outcome(of: work)
                    tracker?.leave()
                    return (index, outcome)
                }
            }
            // The parent now only waits for its children: not counted meanwhile.
            tracker?.leave()
            for await (index, outcome) in group { results[index] = outcome }
        }
        tracker?.enter()
        return results
    }

    /// The outcome of a part's work.
    nonisolated(nonsending) static func outcome(of work: Part.Work) async -> Outcome {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    /// The plain list of `outcomes` (in part order): the successful parts concatenated, cut to
    /// `limit` (nil when every part failed), and the failed parts' errors.
    func assemble(_ outcomes: [Outcome]) -> (items: [any Sendable]?, errors: [any Error]) {
        var items: [any Sendable] = []
        var errors: [any Error] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let found):
                guard let limit else {
                    items += found
                    continue
                }
                if items.count < limit { items += found.prefix(limit - items.count) }
            case .failure(let error): errors.append(error)
            }
        }
        if !outcomes.isEmpty, errors.count == outcomes.count { return (nil, errors) }
        return (items, errors)
    }
}

/// The parts of an ``ArrivingList`` in the order they answer (for `@stream`): the parts ready at
/// the start first, in part order, then each pending part as it answers. The pending parts run in
/// tasks of their own from the start (each counted by the tracker while it runs); one consumer at a
/// time takes the outcomes with ``next(tracker:)``.
final class PartArrivals: Sendable {
    private struct State {
        var arrived: [ArrivingList.Outcome] = []
        /// Parts not yet taken by the consumer.
        var left: Int
        var waiter: CheckedContinuation<Void, Never>?
        var cancelled = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state: Locked<State>

    /// Starts the pending parts of `list`.
    init(_ list: ArrivingList, tracker: (any WorkTracker)?) {
        var initial = State(left: list.parts.count)
        for case .ready(let items) in list.parts { initial.arrived.append(.success(items)) }
        state = Locked(initial)
        var tasks: [Task<Void, Never>] = []
        for case .pending(let work) in list.parts {
            tracker?.enter()
            tasks.append(
                Task { [self] in
                    let outcome = await ArrivingList.outcome(of: work)
                    arrive(outcome)
                    tracker?.leave()
                })
        }
        if !tasks.isEmpty { state.withLock { $0.tasks = tasks } }
    }

    private func arrive(_ outcome: ArrivingList.Outcome) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.arrived.append(outcome)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Whether every part has been taken.
    var isExhausted: Bool { state.withLock { $0.left == 0 || $0.cancelled } }

    /// The next part's outcome, and whether it is the last; nil when every part has been taken (or
    /// the arrivals were cancelled). Waits, uncounted by `tracker`, when no part has answered.
    func next(tracker: (any WorkTracker)?) async -> (outcome: ArrivingList.Outcome, isLast: Bool)? {
        switch take() {
        case .taken(let outcome, let isLast): return (outcome, isLast)
        case .none: return nil
        case .wait: break
        }
        tracker?.leave()
        defer { tracker?.enter() }
        while true {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if !state.arrived.isEmpty || state.left == 0 || state.cancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
            switch take() {
            case .taken(let outcome, let isLast): return (outcome, isLast)
            case .none: return nil
            case .wait: continue
            }
        }
    }

    private enum Take {
        case taken(ArrivingList.Outcome, isLast: Bool)
        case none
        case wait
    }

    /// The next outcome if one has arrived.
    private func take() -> Take {
        state.withLock { state in
            if state.cancelled || state.left == 0 { return .none }
            guard !state.arrived.isEmpty else { return .wait }
            state.left -= 1
            return .taken(state.arrived.removeFirst(), isLast: state.left == 0)
        }
    }

    /// The outcomes that have arrived, without waiting (for parts that answered together).
    func takeArrived() -> [(outcome: ArrivingList.Outcome, isLast: Bool)] {
        state.withLock { state in
            guard !state.cancelled else { return [] }
            var taken: [(outcome: ArrivingList.Outcome, isLast: Bool)] = []
            while !state.arrived.isEmpty, state.left > 0 {
                state.left -= 1
                taken.append((state.arrived.removeFirst(), state.left == 0))
            }
            return taken
        }
    }

    /// Cancels the parts still running; a waiting ``next(tracker:)`` returns nil.
    func cancel() {
        let (tasks, waiter) = state.withLock { state in
            state.cancelled = true
            defer {
                state.tasks = []
                state.waiter = nil
            }
            return (state.tasks, state.waiter)
        }
        for task in tasks { task.cancel() }
        waiter?.resume()
    }
}
