import Base
import JSON
import Locking

/// The answer of an operation that may deliver parts of itself later (`@defer`, `@stream`).
public enum IncrementalExecutionResult: Sendable {
    /// Nothing deferred or streamed: the whole result at once (exactly what `execute` returns).
    case single(ExecutionResult)
    /// The initial payload (`data`, `errors`, `pending`, `hasNext: true`) and the subsequent
    /// payloads (`pending`, `incremental`, `completed`, `hasNext`), graphql-js 17's format; the
    /// last has `hasNext: false`. Ending the iteration early cancels the remaining work.
    ///
    /// Indirect (its payload boxed): `AsyncStream` is resilient (its layout known only at run
    /// time), and an inline payload of it would make every result, `.single` ones too, be copied
    /// and switched over through run-time value witnesses instead of inline code.
    indirect case incremental(initial: JSONObject, subsequent: AsyncStream<JSONObject>)

    /// For a single result, whether it has errors or no data; nil for a result in parts. Read
    /// in place: the result is not copied out of the enum.
    public var singleResultHasErrors: Bool? {
        switch self {
        case .single(let result): return result.data == nil || !result.errors.isEmpty
        case .incremental: return nil
        }
    }
}

/// Whether `document` names `@defer` or `@stream` anywhere (a cheap syntactic check: without
/// them an operation takes the plain executor). Every fragment definition is searched, so
/// spreads need not be followed.
func usesIncrementalDirectives(_ document: Document) -> Bool {
    document.definitions.contains { definition in
        switch definition {
        case .operation(let operation): return usesIncrementalDirectives(operation.selectionSet)
        case .fragment(let fragment): return usesIncrementalDirectives(fragment.selectionSet)
        default: return false
        }
    }
}

/// Whether `@defer` or `@stream` appears in `selectionSet` or below it; the fragments its
/// spreads name are searched too when `fragment` finds them (each once).
func usesIncrementalDirectives(
    _ selectionSet: SelectionSet, fragment: (String) -> FragmentDefinition? = { _ in nil }
) -> Bool {
    var visited: Set<String> = []
    func search(_ selectionSet: SelectionSet) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.directives.contains(where: { $0.name.value == "stream" }) { return true }
                if let sub = field.selectionSet, search(sub) { return true }
            case .inlineFragment(let inline):
                if inline.directives.contains(where: { $0.name.value == "defer" }) { return true }
                if search(inline.selectionSet) { return true }
            case .fragmentSpread(let spread):
                if spread.directives.contains(where: { $0.name.value == "defer" }) { return true }
                let name = spread.name.value
                guard !visited.contains(name), let definition = fragment(name) else { continue }
                visited.insert(name)
                if search(definition.selectionSet) { return true }
            }
        }
        return false
    }
    return search(selectionSet)
}

/// Executes an operation with incremental delivery (graphql-js 17
/// `experimentalExecuteIncrementally`): when the schema declares `@defer`/`@stream` and the
/// document uses them, the initial result and a stream of subsequent payloads; otherwise (or
/// when nothing ends up deferred) the plain result of ``execute(schema:prepared:variables:rootValue:context:options:tracker:)``.
///
/// - Parameter coalescing: how long the executor waits after a part completes for others that
///   complete at about the same time, to send them in one payload.
public nonisolated(nonsending) func executeIncrementally(
    schema: ExecutableSchema,
    prepared: PreparedOperation,
    variables: JSONObject = JSONObject(),
    rootValue: ResolvedValue = nil,
    context: ResolvedValue = nil,
    options: ExecutionOptions = ExecutionOptions(),
    tracker: (any WorkTracker)? = nil,
    coalescing: Duration = .milliseconds(2)
) async -> IncrementalExecutionResult {
    await executeOperationIncrementally(
        schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
        options: options, tracker: tracker, coalescing: coalescing
    ).value(orIfFailed: .single(.internalError))
}

/// ``executeIncrementally(schema:prepared:variables:rootValue:context:options:tracker:coalescing:)``
/// as far as it goes at once: a document without `@defer`/`@stream` is
/// ``executeOperation(schema:prepared:variables:rootValue:context:options:tracker:)``'s result
/// (ready when no field suspended); one with them is pending work.
public func executeOperationIncrementally(
    schema: ExecutableSchema,
    prepared: PreparedOperation,
    variables: JSONObject = JSONObject(),
    rootValue: ResolvedValue = nil,
    context: ResolvedValue = nil,
    options: ExecutionOptions = ExecutionOptions(),
    tracker: (any WorkTracker)? = nil,
    coalescing: Duration = .milliseconds(2)
) -> Eventual<IncrementalExecutionResult> {
    // The document's own fact first (worked out once): most documents name neither directive,
    // and the schema is then not asked for them.
    let deferDirective = prepared.usesIncrementalDirectives ? schema.schema.directive(named: "defer") : nil
    let streamDirective = prepared.usesIncrementalDirectives ? schema.schema.directive(named: "stream") : nil
    guard deferDirective != nil || streamDirective != nil, prepared.operationType != .subscription else {
        return executeOperation(
            schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
            options: options, tracker: tracker
        ).map { .single($0) }
    }
    return .pending {
        await executeInParts(
            schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
            options: options, tracker: tracker, coalescing: coalescing, deferDirective: deferDirective,
            streamDirective: streamDirective)
    }
}

/// The incremental execution of a document that uses `@defer` or `@stream`.
private nonisolated(nonsending) func executeInParts(
    schema: ExecutableSchema,
    prepared: PreparedOperation,
    variables: JSONObject,
    rootValue: ResolvedValue,
    context: ResolvedValue,
    options: ExecutionOptions,
    tracker: (any WorkTracker)?,
    coalescing: Duration,
    deferDirective: GraphQLDirective?,
    streamDirective: GraphQLDirective?
) async -> IncrementalExecutionResult {
    let execution: ExecutionContext
    switch prepareExecution(
        schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
        options: options, tracker: tracker)
    {
    case .success(let context): execution = context
    case .failure(let list): return .single(.requestError(list.errors.limited(to: options.maxErrors)))
    }
    guard let rootType = execution.schema.rootType(for: prepared.operation.operation) else {
        return .single(
            await execute(
                schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
                options: options, tracker: tracker))
    }
    let walker = IncrementalWalker(base: execution, deferDirective: deferDirective, streamDirective: streamDirective)
    let part = walker.makePart()
    tracker?.enter()
    let data = await walker.executeObject(
        part, rootType, rootValue, path: [], selections: [(prepared.operation.selectionSet, nil)], deferSet: [])
    tracker?.leave()
    guard let data else {
        part.cancelArrivals()
        var result = ExecutionResult(data: .null, errors: part.context.errors)
        result.limitErrors(to: options.maxErrors)
        return .single(result)
    }
    var budget = ErrorBudget(limit: options.maxErrors)
    let coordinator = IncrementalCoordinator(walker: walker, window: coalescing)
    var batch = IncrementalBatch()
    coordinator.accept(part.discoveries, rootPath: [], resolving: { data[path: $0[...]] }, into: &batch)
    if !coordinator.hasNext {
        var result = ExecutionResult(data: data, errors: part.context.errors)
        result.limitErrors(to: options.maxErrors)
        return .single(result)
    }
    var initial = JSONObject()
    // The initial payload opens the answer's one error budget; the subsequent ones spend the rest.
    let errors = budget.take(part.context.errors, marker: .tooManyErrors) ?? part.context.errors
    coordinator.errorBudget = budget
    if !errors.isEmpty { initial.append("errors", .array(errors.map(\.json))) }
    initial.append("data", data)
    initial.append("pending", .array(batch.pending))
    initial.append("hasNext", .bool(true))
    return .incremental(initial: initial, subsequent: coordinator.start())
}

extension JSONValue {
    /// The value at `path` below this one (nil when a step is missing).
    subscript(path path: ArraySlice<PathComponent>) -> JSONValue? {
        var value = self
        for component in path {
            switch (component, value) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                value = next
            case (.index(let index), .array(let array)):
                guard array.indices.contains(index) else { return nil }
                value = array[index]
            default:
                return nil
            }
        }
        return value
    }
}

/// What one subsequent payload carries, as it is assembled.
struct IncrementalBatch {
    var pending: [JSONValue] = []
    var incremental: [JSONValue] = []
    /// The id of each `incremental` entry of stream items (to merge items of one stream).
    var itemEntryIDs: [String?] = []
    var completed: [JSONValue] = []

    var isEmpty: Bool { pending.isEmpty && incremental.isEmpty && completed.isEmpty }
}

/// What a piece of deferred work reports when it ends.
enum IncrementalEvent: Sendable {
    /// A deferred group's data (nil: a null propagated to the group's object).
    case group(DeferredGroupState, IncrementalPart, JSONValue?)
    /// Items of a stream (completed from `startIndex`), whether it failed and whether it ended.
    case items(StreamRecord, startIndex: Int, [JSONValue], IncrementalPart, failed: Bool, done: Bool)
    /// A deferred fragment released with nothing left to deliver (and when it was released).
    case emptyFragment(DeferUsage, sequence: Int)
    /// Events that go in one payload, in order (the items of a part of an ``ArrivingList``).
    case batch([IncrementalEvent])
}

extension IncrementalEvent {
    /// Whether the work completed without waiting for a resolver.
    var isImmediate: Bool {
        switch self {
        case .group(_, let part, _): return !part.didWait
        case .items, .batch: return false
        case .emptyFragment: return true
        }
    }

    /// The order in which the work started (immediate work completes in that order).
    var sequence: Int {
        switch self {
        case .group(let group, _, _): return group.sequence
        case .items, .batch: return 0
        case .emptyFragment(_, let sequence): return sequence
        }
    }
}

/// A deferred group and whether it started.
///
/// - Unsafe: `@unchecked Sendable` with mutable state (`started`, `sequence`) and no lock: a
///   work task carries the reference back in its event, but only the coordinator reads or
///   writes those fields (a lock would guard nothing; not a speed measure).
/// - Invariant: the fields are written only by ``IncrementalCoordinator`` on the task that
///   assembles payloads (or by the caller before that task starts), and read only there.
/// - Checked by: `IncrementalOracleTests` and `IncrementalHTTPTests` under ThreadSanitizer in CI
///   (`.ci/run` step 4).
final class DeferredGroupState: @unchecked Sendable {
    let work: DeferredGroupWork
    var started = false
    var sequence = 0
    init(_ work: DeferredGroupWork) { self.work = work }
}

/// A deferred fragment's delivery state.
final class FragmentState {
    let usage: DeferUsage
    var id: String?
    var pendingGroups = 0
    var groups: [DeferredGroupState] = []
    var children: [DeferUsage] = []
    var completed = false
    init(_ usage: DeferUsage) { self.usage = usage }
}

/// Runs the deferred work and assembles the subsequent payloads (graphql-js 17's incremental
/// publisher).
///
/// - Unsafe: `@unchecked Sendable` with mutable state (ids, fragments, open parts, counters) and
///   no lock around it: the state is confined to one task at a time (a lock would guard nothing;
///   not a speed measure). What crosses tasks is locked (`events`, `tasks`) or an `AsyncStream`.
/// - Invariant: the caller touches the state (`accept`, `hasNext`, `errorBudget`) only before `start()`; from
///   then on only the runner task `start()` creates does, and the work tasks only post events.
/// - Checked by: `IncrementalOracleTests` and `IncrementalHTTPTests` under ThreadSanitizer in CI
///   (`.ci/run` step 4).
final class IncrementalCoordinator: @unchecked Sendable {
    let walker: IncrementalWalker
    let window: Duration
    private let events = Locked<[IncrementalEvent]>([])
    private let tasks = Locked<[Task<Void, Never>]>([])
    private let signal: AsyncStream<Void>
    private let signalContinuation: AsyncStream<Void>.Continuation
    private var nextID = 0
    private var fragments: [ObjectIdentifier: FragmentState] = [:]
    private var streamIDs: [ObjectIdentifier: String] = [:]
    private var open: Set<String> = []
    private var running = 0
    /// Numbers the deferred work in the order it starts.
    private var nextSequence = 0
    /// Events left for the next payload (a stream's failure after items sent in this one).
    private var carried: [IncrementalEvent] = []
    /// The answer's error limit, what the initial payload left of it (see ``limitErrors(of:)``).
    var errorBudget = ErrorBudget(limit: nil)

    init(walker: IncrementalWalker, window: Duration) {
        self.walker = walker
        self.window = window
        (signal, signalContinuation) = AsyncStream<Void>.makeStream()
    }

    var hasNext: Bool { !open.isEmpty || running > 0 }

    private func post(_ event: IncrementalEvent) {
        events.withLock { $0.append(event) }
        signalContinuation.yield()
    }

    private func spawn(_ body: @escaping @Sendable () async -> IncrementalEvent) {
        running += 1
        let tracker = walker.base.tracker
        let task = Task {
            tracker?.enter()
            let event = await body()
            tracker?.leave()
            self.post(event)
        }
        tasks.withLock { $0.append(task) }
    }

    private func newID() -> String {
        defer { nextID += 1 }
        return String(nextID)
    }

    /// Registers what a finished part found (those whose place survived in its data), releasing
    /// what can be announced now.
    func accept(
        _ discoveries: [Discovery], rootPath: [PathComponent],
        resolving data: ([PathComponent]) -> JSONValue?, into batch: inout IncrementalBatch
    ) {
        var streams: [StreamWork] = []
        accept(discoveries, rootPath: rootPath, resolving: data, into: &batch, streams: &streams)
        releaseStreams(streams, into: &batch)
    }

    /// Announces and starts the streams a part found.
    private func releaseStreams(_ streams: [StreamWork], into batch: inout IncrementalBatch) {
        for work in streams {
            let id = newID()
            streamIDs[ObjectIdentifier(work.record)] = id
            open.insert(id)
            batch.pending.append(pendingEntry(id: id, path: work.record.path, label: work.record.label))
            startStream(work)
        }
    }

    /// ``accept(_:rootPath:resolving:into:)``, leaving the streams found (those whose list
    /// survived) to the caller, to announce after the fragments it completes.
    private func accept(
        _ discoveries: [Discovery], rootPath: [PathComponent],
        resolving data: ([PathComponent]) -> JSONValue?, into batch: inout IncrementalBatch,
        streams: inout [StreamWork]
    ) {
        var releasedGroups: [DeferredGroupState] = []
        // Only fragments that deliver something (a group of theirs or of a nested fragment) are
        // announced: one whose fields all went to its parent is not (graphql-js 17).
        var used: Set<ObjectIdentifier> = []
        for case .group(let work) in discoveries {
            guard case .object? = data(Array(work.path.dropFirst(rootPath.count))) else { continue }
            for usage in work.fragments {
                var current: DeferUsage? = usage
                while let fragment = current {
                    used.insert(ObjectIdentifier(fragment))
                    current = fragment.parent
                }
            }
        }
        for discovery in discoveries {
            let relative = Array(discovery.path.dropFirst(rootPath.count))
            switch discovery {
            case .fragment(let usage):
                guard used.contains(ObjectIdentifier(usage)), case .object? = data(relative) else { continue }
                let state = FragmentState(usage)
                fragments[ObjectIdentifier(usage)] = state
                if let parent = usage.parent {
                    guard let parentState = fragments[ObjectIdentifier(parent)] else { continue }
                    if parentState.completed {
                        if parentState.id != nil { release(state, into: &batch, &releasedGroups) }
                    } else {
                        parentState.children.append(usage)
                    }
                } else {
                    release(state, into: &batch, &releasedGroups)
                }
            case .group(let work):
                guard case .object? = data(relative) else { continue }
                let group = DeferredGroupState(work)
                var released = false
                for usage in work.fragments {
                    guard let state = fragments[ObjectIdentifier(usage)] else { continue }
                    state.pendingGroups += 1
                    state.groups.append(group)
                    if state.id != nil, !state.completed { released = true }
                }
                if released { releasedGroups.append(group) }
            case .stream:
                continue
            }
        }
        // graphql-js 17 announces the streams after the deferred fragments.
        for case .stream(let work) in discoveries {
            guard case .array? = data(Array(work.record.path.dropFirst(rootPath.count))) else {
                work.cancelArrivals()
                continue
            }
            streams.append(work)
        }
        for group in releasedGroups { startGroup(group) }
    }

    private func pendingEntry(id: String, path: [PathComponent], label: String?) -> JSONValue {
        var entry = JSONObject()
        entry.append("id", .string(id))
        entry.append("path", .array(path.map(\.json)))
        if let label { entry.append("label", .string(label)) }
        return .object(entry)
    }

    private func release(
        _ state: FragmentState, into batch: inout IncrementalBatch, _ groups: inout [DeferredGroupState]
    ) {
        let id = newID()
        state.id = id
        open.insert(id)
        batch.pending.append(pendingEntry(id: id, path: state.usage.path, label: state.usage.label))
        if state.pendingGroups == 0 && state.groups.isEmpty {
            running += 1
            nextSequence += 1
            post(.emptyFragment(state.usage, sequence: nextSequence))
        }
        for group in state.groups where !group.started { groups.append(group) }
    }

    private func startGroup(_ group: DeferredGroupState) {
        guard !group.started else { return }
        group.started = true
        nextSequence += 1
        group.sequence = nextSequence
        let walker = self.walker
        let work = group.work
        spawn {
            let part = walker.makePart()
            let data = await walker.executeFields(
                part, work.type, work.source, path: work.path, fields: work.fields, deferSet: work.fragments)
            return .group(group, part, data)
        }
    }

    private func startStream(_ work: StreamWork) {
        if let arrival = work.arrival {
            startArrivingStream(work, arrival)
            return
        }
        let walker = self.walker
        running += 1
        let tracker = walker.base.tracker
        let task = Task {
            tracker?.enter()
            defer { tracker?.leave() }
            if work.items.isEmpty {
                self.post(
                    .items(work.record, startIndex: work.startIndex, [], walker.makePart(), failed: false, done: true))
                return
            }
            for (offset, item) in work.items.enumerated() {
                if Task.isCancelled { return }
                let part = walker.makePart()
                let index = work.startIndex + offset
                let value = await walker.complete(
                    part, work.itemType, item, field: work.plan, details: work.details,
                    path: work.record.path + [.index(index)], deferSet: work.deferSet, stream: nil)
                guard let value else {
                    self.post(.items(work.record, startIndex: index, [], part, failed: true, done: true))
                    return
                }
                self.post(
                    .items(
                        work.record, startIndex: index, [value], part, failed: false,
                        done: offset == work.items.count - 1))
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// Starts delivering a streamed ``ArrivingList``: the items at hand, then each part's items as
    /// the part answers (one event per part, so that its items go in one entry).
    private func startArrivingStream(_ work: StreamWork, _ arrival: StreamArrival) {
        running += 1
        let tracker = walker.base.tracker
        let task = Task {
            tracker?.enter()
            defer { tracker?.leave() }
            await withTaskCancellationHandler {
                await self.deliverArrivals(work, arrival)
            } onCancel: {
                arrival.feed?.cancel()
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// Posts the items of a streamed ``ArrivingList`` part by part. A failed part's error goes
    /// with the next part's items (in their `items` entry), or, when no items follow, on the
    /// stream's `completed` entry.
    private func deliverArrivals(_ work: StreamWork, _ arrival: StreamArrival) async {
        let walker = self.walker
        let tracker = walker.base.tracker
        var index = work.startIndex
        var items = work.items
        var errors: [any Error] = []
        var done = arrival.feed == nil || arrival.limit.map { index + items.count >= $0 } ?? false
        while !Task.isCancelled {
            if !items.isEmpty || done {
                var events: [IncrementalEvent] = []
                for (offset, item) in items.enumerated() {
                    let part = walker.makePart()
                    if offset == 0 {
                        for error in errors {
                            part.context.recordError(error, field: work.plan, path: work.record.path)
                        }
                        errors = []
                    }
                    let value = await walker.complete(
                        part, work.itemType, item, field: work.plan, details: work.details,
                        path: work.record.path + [.index(index)], deferSet: work.deferSet, stream: nil)
                    guard let value else {
                        arrival.feed?.cancel()
                        events.append(.items(work.record, startIndex: index, [], part, failed: true, done: true))
                        if !Task.isCancelled { post(.batch(events)) }
                        return
                    }
                    events.append(
                        .items(
                            work.record, startIndex: index, [value], part, failed: false,
                            done: done && offset == items.count - 1))
                    index += 1
                }
                if items.isEmpty {
                    // The end, with no items to carry the errors of the parts that failed last.
                    let part = walker.makePart()
                    for error in errors { part.context.recordError(error, field: work.plan, path: work.record.path) }
                    events.append(
                        .items(work.record, startIndex: index, [], part, failed: !errors.isEmpty, done: true))
                }
                if Task.isCancelled { return }
                post(.batch(events))
                if done { return }
            }
            items = []
            guard let feed = arrival.feed, let (outcome, isLast) = await feed.next(tracker: tracker) else {
                done = true
                continue
            }
            switch outcome {
            case .success(let found):
                items = found
                if let limit = arrival.limit, index + found.count >= limit {
                    items = Array(found.prefix(limit - index))
                    done = true
                    feed.cancel()
                }
            case .failure(let error):
                errors.append(error)
            }
            if isLast { done = true }
        }
    }

    /// Starts assembling payloads; the stream ends after the payload with `hasNext: false`.
    func start() -> AsyncStream<JSONObject> {
        let (stream, continuation) = AsyncStream<JSONObject>.makeStream()
        let runner = Task {
            await self.run(continuation)
        }
        continuation.onTermination = { [weak self] _ in
            runner.cancel()
            self?.cancelAll()
        }
        return stream
    }

    private func cancelAll() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
        signalContinuation.finish()
    }

    private func run(_ continuation: AsyncStream<JSONObject>.Continuation) async {
        var iterator = signal.makeAsyncIterator()
        while hasNext {
            if Task.isCancelled { break }
            var batch = IncrementalBatch()
            // A payload holds what completed at about the same time. As in graphql-js 17, work
            // that completed at once (a deferred group whose resolvers did not wait) goes before
            // what waited (stream items, slow groups): those wait for the next payload.
            var immediateOnly: Bool?
            var later: [IncrementalEvent] = []
            if !carried.isEmpty {
                let events = carried
                carried = []
                immediateOnly = false
                for event in events { process(event, into: &batch) }
            } else if events.withLock({ $0.isEmpty }) {
                guard await iterator.next() != nil else { break }
            }
            while true {
                try? await Task.sleep(for: window)
                var drained = events.withLock { list in
                    defer { list = [] }
                    return list
                }
                // Work that completed at once did so in the order it started (graphql-js runs it
                // synchronously); the tasks may have posted it in another order.
                let immediate = drained.indices.filter { drained[$0].isImmediate }
                let ordered = immediate.map { drained[$0] }.sorted { $0.sequence < $1.sequence }
                for (index, event) in zip(immediate, ordered) { drained[index] = event }
                if drained.isEmpty { break }
                if immediateOnly == nil { immediateOnly = drained.contains { $0.isImmediate } }
                for event in drained {
                    if immediateOnly == true, !event.isImmediate {
                        later.append(event)
                    } else {
                        process(event, into: &batch)
                    }
                }
            }
            carried += later
            if batch.isEmpty {
                if running == 0, carried.isEmpty { finishOpen(into: &batch) } else { continue }
            }
            if errorBudget.isLimited { limitErrors(of: &batch) }
            var payload = JSONObject()
            if !batch.pending.isEmpty { payload.append("pending", .array(batch.pending)) }
            if !batch.incremental.isEmpty { payload.append("incremental", .array(batch.incremental)) }
            if !batch.completed.isEmpty { payload.append("completed", .array(batch.completed)) }
            payload.append("hasNext", .bool(hasNext))
            continuation.yield(payload)
        }
        continuation.finish()
        signalContinuation.finish()
    }

    /// Spends the error budget on a payload's errors in the order they are sent (its `incremental`
    /// entries, then its `completed` ones): errors past the budget are dropped, the one that spends
    /// it becomes ``GraphQLError/tooManyErrors``. An `incremental` entry left with no errors loses
    /// its `errors`; a `completed` entry that reports a failure keeps saying so, with
    /// `tooManyErrors` alone when every error of its own was dropped (graphql-js 17's `completed`
    /// without `errors` would say the part succeeded): past the budget, a failed part costs one
    /// marker, never its errors.
    private func limitErrors(of batch: inout IncrementalBatch) {
        let marker = GraphQLError.tooManyErrors.json
        for index in batch.incremental.indices {
            guard case .object(var entry) = batch.incremental[index], let errors = entry["errors"]?.arrayValue,
                let kept = errorBudget.take(errors, marker: marker)
            else { continue }
            entry["errors"] = kept.isEmpty ? nil : .array(kept)
            batch.incremental[index] = .object(entry)
        }
        for index in batch.completed.indices {
            guard case .object(var entry) = batch.completed[index], let errors = entry["errors"]?.arrayValue,
                let kept = errorBudget.take(errors, marker: marker)
            else { continue }
            entry["errors"] = .array(kept.isEmpty ? [marker] : kept)
            batch.completed[index] = .object(entry)
        }
    }

    /// Completes whatever is still announced when no work is left (a fragment whose groups all
    /// went with a failed sibling).
    private func finishOpen(into batch: inout IncrementalBatch) {
        for id in open.sorted(by: { Int($0) ?? 0 < Int($1) ?? 0 }) {
            batch.completed.append(.object(["id": .string(id)]))
        }
        open.removeAll()
    }

    private func complete(_ state: FragmentState, errors: [GraphQLError]?, into batch: inout IncrementalBatch) {
        guard !state.completed else { return }
        state.completed = true
        guard let id = state.id else { return }
        open.remove(id)
        var entry = JSONObject()
        entry.append("id", .string(id))
        if let errors { entry.append("errors", .array(errors.map(\.json))) }
        batch.completed.append(.object(entry))
        if errors != nil { return }
        var groups: [DeferredGroupState] = []
        for child in state.children {
            guard let childState = fragments[ObjectIdentifier(child)], !childState.completed else { continue }
            release(childState, into: &batch, &groups)
        }
        for group in groups { startGroup(group) }
    }

    private func process(_ event: IncrementalEvent, into batch: inout IncrementalBatch) {
        switch event {
        case .batch(let events):
            for event in events { process(event, into: &batch) }
        case .emptyFragment(let usage, _):
            running -= 1
            if let state = fragments[ObjectIdentifier(usage)], state.pendingGroups == 0 {
                complete(state, errors: nil, into: &batch)
            }
        case .group(let group, let part, let data):
            running -= 1
            let states = group.work.fragments.compactMap { fragments[ObjectIdentifier($0)] }
            guard let data else {
                part.cancelArrivals()
                for state in states { complete(state, errors: part.context.errors, into: &batch) }
                return
            }
            let live = states.filter { $0.id != nil && !$0.completed }
            guard let first = live.first, let firstID = first.id else { return }
            var bestID = firstID
            var bestLength = first.usage.path.count
            for state in live.dropFirst() where state.usage.path.count > bestLength {
                bestLength = state.usage.path.count
                bestID = state.id ?? bestID
            }
            var entry = JSONObject()
            entry.append("id", .string(bestID))
            entry.append("data", data)
            // Once the budget is spent an entry's errors would be dropped: not converted at all.
            let errors = errorBudget.isSpent ? [] : part.context.errors
            if !errors.isEmpty { entry.append("errors", .array(errors.map(\.json))) }
            let subPath = group.work.path.dropFirst(bestLength)
            if !subPath.isEmpty { entry.append("subPath", .array(subPath.map(\.json))) }
            batch.incremental.append(.object(entry))
            batch.itemEntryIDs.append(nil)
            var streams: [StreamWork] = []
            accept(
                part.discoveries, rootPath: group.work.path, resolving: { data[path: $0[...]] }, into: &batch,
                streams: &streams)
            for state in states {
                state.pendingGroups -= 1
                if state.pendingGroups == 0, state.id != nil { complete(state, errors: nil, into: &batch) }
            }
            // Fragments nested in the completed ones are announced before the group's streams.
            releaseStreams(streams, into: &batch)
        case .items(let record, let startIndex, let items, let part, let failed, let done):
            guard let id = streamIDs[ObjectIdentifier(record)] else { return }
            if failed, batch.itemEntryIDs.contains(id) {
                // graphql-js 17 sends the items before the failure, in a payload of their own.
                carried.append(event)
                return
            }
            let errors = part.context.errors
            if !items.isEmpty {
                // Once the budget is spent the items' errors would be dropped: not merged at all.
                let entryErrors = errorBudget.isSpent ? [] : errors
                if batch.itemEntryIDs.last == id, case .object(var last)? = batch.incremental.popLast() {
                    // Appended in place (the entry's lists released first): a payload of many
                    // items costs linear time, not quadratic.
                    if case .array(var list)? = last["items"] {
                        last["items"] = .null
                        list += items
                        last["items"] = .array(list)
                    }
                    if !entryErrors.isEmpty {
                        var list = last["errors"]?.arrayValue ?? []
                        last["errors"] = .null
                        list += entryErrors.map(\.json)
                        last["errors"] = .array(list)
                    }
                    batch.incremental.append(.object(last))
                } else {
                    var entry = JSONObject()
                    entry.append("id", .string(id))
                    entry.append("items", .array(items))
                    if !entryErrors.isEmpty { entry.append("errors", .array(entryErrors.map(\.json))) }
                    batch.incremental.append(.object(entry))
                    batch.itemEntryIDs.append(id)
                }
                accept(
                    part.discoveries, rootPath: record.path,
                    resolving: { relative in
                        guard case .index(let index)? = relative.first, index >= startIndex,
                            index - startIndex < items.count
                        else { return nil }
                        return items[index - startIndex][path: relative.dropFirst()]
                    }, into: &batch)
            }
            if done {
                running -= 1
                open.remove(id)
                var entry = JSONObject()
                entry.append("id", .string(id))
                if failed { entry.append("errors", .array(errors.map(\.json))) }
                batch.completed.append(.object(entry))
            }
        }
    }
}

extension PathComponent {
    /// The component as a JSON path element.
    var json: JSONValue {
        switch self {
        case .key(let key): return .string(key)
        case .index(let index): return .int(index)
        }
    }
}
