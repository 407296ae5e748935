import Locking

/// Batch counts and sizes per named loader, for `/metrics`.
public final class LoaderMetrics: Sendable {
    /// Totals of one loader.
    public struct Totals: Sendable, Equatable {
        /// Batches sent.
        public var batches = 0
        /// Keys over all batches.
        public var keys = 0
        /// The largest batch.
        public var largest = 0
    }

    let storage = Locked<[String: Totals]>([:])

    /// Creates empty metrics.
    public init() {}

    /// Records a batch of `size` keys sent by loader `name`
    /// (pass `{ metrics.record(loader: "items", size: $0) }` as `DataLoaderOptions.onBatch`).
    public func record(loader name: String, size: Int) {
        storage.withLock { totals in
            var entry = totals[name] ?? Totals()
            entry.batches += 1
            entry.keys += size
            entry.largest = max(entry.largest, size)
            totals[name] = entry
        }
    }

    /// The totals of every loader.
    public var totals: [String: Totals] { storage.withLock { $0 } }
}
