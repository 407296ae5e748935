import Locking

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
    private struct Entry {
        var document: Document
        var cost: Int
        var previous: String?
        var next: String?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var newest: String?
        var oldest: String?
        var hits = 0
        var misses = 0
        var bytes = 0
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
    private let state = Locked(State())

    /// A cache of at most `capacity` documents of at most `maxDocumentBytes` each, costing at
    /// most `maxBytes` in all (default 64 MiB).
    public init(capacity: Int = 1_000, maxDocumentBytes: Int = 100_000, maxBytes: Int = 64 << 20) {
        self.capacity = max(0, capacity)
        self.maxDocumentBytes = maxDocumentBytes
        self.maxBytes = max(0, maxBytes)
    }

    /// The estimated cost of caching a document of `text`.
    public static func cost(of text: String) -> Int {
        text.utf8.count * bytesPerTextByte + entryOverheadBytes
    }

    /// The cached document for `text`, marked as most recently used.
    public func document(for text: String) -> Document? {
        state.withLock { state in
            guard let entry = state.entries[text] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            Self.unlink(text, &state)
            Self.linkNewest(text, entry.document, cost: entry.cost, &state)
            return entry.document
        }
    }

    /// Stores `document` for `text`, evicting the least recently used entry when full.
    public func insert(_ document: Document, for text: String) {
        let cost = Self.cost(of: text)
        guard capacity > 0, text.utf8.count <= maxDocumentBytes, cost <= maxBytes else { return }
        state.withLock { state in
            if state.entries[text] != nil { Self.unlink(text, &state) }
            Self.linkNewest(text, document, cost: cost, &state)
            while state.entries.count > capacity || state.bytes > maxBytes, let oldest = state.oldest {
                Self.unlink(oldest, &state)
            }
        }
    }

    /// The number of cached documents.
    public var count: Int { state.withLock { $0.entries.count } }
    /// The estimated bytes of the cached documents.
    public var bytes: Int { state.withLock { $0.bytes } }
    /// Lookups that found a document.
    public var hits: Int { state.withLock { $0.hits } }
    /// Lookups that found none.
    public var misses: Int { state.withLock { $0.misses } }

    /// Forgets every document.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    private static func unlink(_ key: String, _ state: inout State) {
        guard let entry = state.entries.removeValue(forKey: key) else { return }
        state.bytes -= entry.cost
        if let previous = entry.previous { state.entries[previous]?.next = entry.next } else { state.newest = entry.next }
        if let next = entry.next { state.entries[next]?.previous = entry.previous } else { state.oldest = entry.previous }
    }

    private static func linkNewest(_ key: String, _ document: Document, cost: Int, _ state: inout State) {
        let entry = Entry(document: document, cost: cost, previous: nil, next: state.newest)
        state.bytes += cost
        if let newest = state.newest { state.entries[newest]?.previous = key }
        state.newest = key
        if state.oldest == nil { state.oldest = key }
        state.entries[key] = entry
    }
}
