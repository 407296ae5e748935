import Locking
import LRU

/// A bounded least-recently-used cache of parsed and validated documents,
/// keyed by the document text. Thread-safe.
///
/// Bounded by entries (``capacity``) and by bytes (``maxBytes``): an entry is charged
/// ``bytesPerTextByte`` times its text plus ``entryOverheadBytes`` (a parsed document's
/// syntax tree, with its execution plans, measured at about 11 times its text), so a
/// client sending large distinct documents cannot make the cache hold more than the budget.
///
/// Only documents that parse and validate are cached, so a repeated valid
/// query skips both steps; invalid documents are re-checked each time (their
/// errors are cheap to recompute and not worth the memory).
public final class DocumentCache: Sendable {
    private struct State {
        var table: LRUTable<PreparedDocument>
        var hits = 0
        var misses = 0
    }

    /// The most documents kept.
    public let capacity: Int
    /// The most bytes the kept documents may cost (estimated, see the type's description).
    public let maxBytes: Int
    /// The estimated cost of a cached document per byte of its text.
    public static let bytesPerTextByte = 12
    /// The estimated fixed cost of one entry.
    public static let entryOverheadBytes = 1_024
    /// Documents longer than this (in UTF-8 bytes) are not cached.
    public let maxDocumentBytes: Int
    private let state: Locked<State>

    /// A cache of at most `capacity` documents of at most `maxDocumentBytes` each, costing at
    /// most `maxBytes` in all (default 64 MiB).
    public init(capacity: Int = 1_000, maxDocumentBytes: Int = 100_000, maxBytes: Int = 64 << 20) {
        self.capacity = max(0, capacity)
        self.maxDocumentBytes = maxDocumentBytes
        self.maxBytes = max(0, maxBytes)
        state = Locked(State(table: LRUTable(capacity: capacity, maxCost: maxBytes)))
    }

    /// The estimated cost of caching a document of `text`.
    public static func cost(of text: String) -> Int {
        text.utf8.count * bytesPerTextByte + entryOverheadBytes
    }

    /// The cached document for `text`, marked as most recently used.
    public func document(for text: String) -> Document? {
        prepared(for: text)?.document
    }

    /// The cached document for `text` with its operations prepared, marked as most recently used.
    func prepared(for text: String) -> PreparedDocument? {
        state.withLock { state in
            guard let document = state.table.value(for: text) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            return document
        }
    }

    /// Stores `document` for `text`, evicting the least recently used entry when full.
    public func insert(_ document: Document, for text: String) {
        insert(PreparedDocument(document), for: text)
    }

    /// Stores `document`, with its operations prepared, for `text`.
    func insert(_ document: PreparedDocument, for text: String) {
        guard text.utf8.count <= maxDocumentBytes else { return }
        let cost = Self.cost(of: text)
        state.withLock { $0.table.insert(document, for: text, cost: cost) }
    }

    /// The number of cached documents.
    public var count: Int { state.withLock { $0.table.count } }
    /// The estimated bytes of the cached documents.
    public var bytes: Int { state.withLock { $0.table.cost } }
    /// Lookups that found a document.
    public var hits: Int { state.withLock { $0.hits } }
    /// Lookups that found none.
    public var misses: Int { state.withLock { $0.misses } }

    /// Forgets every document.
    public func removeAll() {
        state.withLock {
            $0.table.removeAll()
            $0.hits = 0
            $0.misses = 0
        }
    }
}
