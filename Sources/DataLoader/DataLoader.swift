import Locking

/// Batches and caches loads of values by key for the life of one request.
///
/// Loads made while other work of the request is still active are queued; the
/// request's ``BatchScheduler`` sends them when no active work remains
/// (dispatch on exhaustion), one call of the batch function per loader (split by
/// ``DataLoaderOptions/maxBatchSize``). Each key is loaded at most once per
/// loader unless ``DataLoaderOptions/caching`` is off.
public final class DataLoader<Key: Hashable & Sendable, Value: Sendable>: PendingBatchSource, Sendable {
    /// One result per key, in the order of the keys; a thrown error fails every key.
    public typealias BatchFunction = @Sendable ([Key]) async throws -> [Result<Value, any Error>]

    typealias Waiter = @Sendable (Result<Value, any Error>) -> Void

    struct State {
        var resolved: [Key: Result<Value, any Error>] = [:]
        var pending: [Key: [Waiter]] = [:]
        var queue: [Key] = []
        var registered = false
    }

    let batchFunction: BatchFunction
    let options: DataLoaderOptions<Key>
    /// The scheduler that decides when queued keys are sent.
    public let scheduler: BatchScheduler
    let state = Locked(State())

    /// Creates a loader whose keys are dispatched by `scheduler`.
    public init(
        scheduler: BatchScheduler,
        options: DataLoaderOptions<Key> = DataLoaderOptions(),
        batch: @escaping BatchFunction
    ) {
        self.scheduler = scheduler
        self.options = options
        self.batchFunction = batch
    }

    // MARK: Loading

    /// Loads the value of `key`, throwing its per-key error.
    public func load(_ key: Key) async throws -> Value {
        try await loadResult(key).get()
    }

    /// Loads the value of `key` as a `Result` (never throws).
    public func loadResult(_ key: Key) async -> Result<Value, any Error> {
        let cacheKey = options.cacheKey?(key) ?? key
        if let cached = state.withLock({ $0.resolved[cacheKey] }) { return cached }
        return await withCheckedContinuation { continuation in
            // Enqueue first, then stop counting this unit: the count may only
            // reach zero once the key is queued. The token pairs the decrement
            // with the increment on resumption, whichever happens first.
            let token = WaitToken()
            let scheduler = self.scheduler
            let immediate = enqueue(key, cacheKey: cacheKey) { result in
                token.resume(scheduler)
                continuation.resume(returning: result)
            }
            if let immediate {
                continuation.resume(returning: immediate)
            } else {
                token.suspend(scheduler)
            }
        }
    }

    /// Loads several keys in one wait; results in the order of `keys`.
    public func loadMany(_ keys: [Key]) async -> [Result<Value, any Error>] {
        if keys.isEmpty { return [] }
        return await withCheckedContinuation { continuation in
            let token = WaitToken()
            let scheduler = self.scheduler
            let collector = ResultCollector<Value>(count: keys.count) { results in
                token.resume(scheduler)
                continuation.resume(returning: results)
            }
            for (index, key) in keys.enumerated() {
                let cacheKey = options.cacheKey?(key) ?? key
                if let immediate = enqueue(key, cacheKey: cacheKey, waiter: { collector.set(index, $0) }) {
                    collector.set(index, immediate)
                }
            }
            token.suspend(scheduler)
        }
    }

    /// Registers `waiter` for `key`; returns the result at once if it is cached.
    private func enqueue(_ key: Key, cacheKey: Key, waiter: @escaping Waiter) -> Result<Value, any Error>? {
        let (immediate, register) = state.withLock { s -> (Result<Value, any Error>?, Bool) in
            if let cached = s.resolved[cacheKey] { return (cached, false) }
            if s.pending[cacheKey] != nil {
                s.pending[cacheKey]?.append(waiter)
                return (nil, false)
            }
            s.pending[cacheKey] = [waiter]
            s.queue.append(key)
            if s.registered { return (nil, false) }
            s.registered = true
            return (nil, true)
        }
        if register { scheduler.register(self) }
        return immediate
    }

    // MARK: Dispatch

    func dispatchPending() {
        let keys = state.withLock { s -> [Key] in
            s.registered = false
            let keys = s.queue
            s.queue.removeAll()
            return keys
        }
        guard !keys.isEmpty else { return }
        let size = max(1, options.maxBatchSize ?? keys.count)
        var start = 0
        while start < keys.count {
            let chunk = Array(keys[start..<min(start + size, keys.count)])
            start += size
            scheduler.startBatch { await self.runBatch(chunk) }
        }
    }

    private func runBatch(_ keys: [Key]) async {
        options.onBatch?(keys.count)
        var results: [Result<Value, any Error>]
        do {
            results = try await batchFunction(keys)
            if results.count != keys.count {
                let error = DataLoaderError.resultCountMismatch(expected: keys.count, actual: results.count)
                results = Array(repeating: .failure(error), count: keys.count)
            }
        } catch {
            results = Array(repeating: .failure(error), count: keys.count)
        }
        // Delivering is itself a unit of work, so the count cannot reach zero
        // between resolving and the woken loads becoming active again.
        scheduler.enter()
        var deliveries: [(Waiter, Result<Value, any Error>)] = []
        state.withLock { s in
            for (key, result) in zip(keys, results) {
                let cacheKey = options.cacheKey?(key) ?? key
                guard let waiters = s.pending.removeValue(forKey: cacheKey) else { continue }
                if options.caching { s.resolved[cacheKey] = result }
                for waiter in waiters { deliveries.append((waiter, result)) }
            }
        }
        for (waiter, result) in deliveries { waiter(result) }
        scheduler.leave()
    }
}

/// Gathers the results of a `loadMany` and reports them once all have arrived.
final class ResultCollector<Value: Sendable>: Sendable {
    struct State {
        var results: [Result<Value, any Error>?]
        var remaining: Int
    }

    let state: Locked<State>
    let completion: @Sendable ([Result<Value, any Error>]) -> Void

    init(count: Int, completion: @escaping @Sendable ([Result<Value, any Error>]) -> Void) {
        state = Locked(State(results: Array(repeating: nil, count: count), remaining: count))
        self.completion = completion
    }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        let done = state.withLock { s -> [Result<Value, any Error>]? in
            guard s.results[index] == nil else { return nil }
            s.results[index] = result
            s.remaining -= 1
            guard s.remaining == 0 else { return nil }
            return s.results.compactMap { $0 }
        }
        if let done { completion(done) }
    }
}

/// Pairs a waiting load's "stop counting" with its "count again", in either order.
///
/// `suspend` runs after the keys are queued; `resume` when the result arrives,
/// possibly first (the key was already in flight). The unit is re-counted only
/// if it was un-counted, so the scheduler's count always balances, also for
/// loads made outside any unit (e.g. inside another loader's batch function).
final class WaitToken: Sendable {
    enum Phase {
        case waiting
        case uncounted
        case notCounted
        case resumedEarly
    }

    let phase = Locked(Phase.waiting)

    func suspend(_ scheduler: BatchScheduler) {
        phase.withLock { phase in
            guard phase == .waiting else { return }
            let counted = !BatchScheduler.isInBatchFunction && scheduler.decrementIfPositive()
            phase = counted ? .uncounted : .notCounted
        }
        scheduler.dispatchIfIdle()
    }

    func resume(_ scheduler: BatchScheduler) {
        phase.withLock { phase in
            switch phase {
            case .uncounted: scheduler.enter()
            case .notCounted, .resumedEarly: break
            case .waiting: phase = .resumedEarly
            }
        }
    }
}
