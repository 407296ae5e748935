/// Settings of one ``DataLoader``.
public struct DataLoaderOptions<Key: Hashable & Sendable>: Sendable {
    /// The largest number of keys in one call of the batch function; larger
    /// dispatches are split. `nil`: no limit.
    public var maxBatchSize: Int?
    /// Whether results (and errors) are kept for the life of the loader (one
    /// request). When false, identical keys still share one slot while they are
    /// pending, but a later load asks the batch function again.
    public var caching: Bool
    /// Maps a key to the key it is cached and deduplicated under (e.g. lowercased).
    /// The batch function receives the first key seen for each cache key.
    public var cacheKey: (@Sendable (Key) -> Key)?
    /// Called with the size of every batch sent (for metrics).
    public var onBatch: (@Sendable (Int) -> Void)?

    /// Creates options; the defaults batch without limit and cache.
    public init(
        maxBatchSize: Int? = nil,
        caching: Bool = true,
        cacheKey: (@Sendable (Key) -> Key)? = nil,
        onBatch: (@Sendable (Int) -> Void)? = nil
    ) {
        self.maxBatchSize = maxBatchSize
        self.caching = caching
        self.cacheKey = cacheKey
        self.onBatch = onBatch
    }
}

/// Errors the loader itself produces.
public enum DataLoaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The batch function returned `actual` results for `expected` keys.
    case resultCountMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .resultCountMismatch(let expected, let actual):
            return "The batch function returned \(actual) results for \(expected) keys."
        }
    }
}
