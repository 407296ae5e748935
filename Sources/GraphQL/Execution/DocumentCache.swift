import Locking

/// A bounded least-recently-used cache of parsed and validated documents,
/// keyed by the document text. Thread-safe.
///
/// Only documents that parse and validate are cached, so a repeated valid
/// query skips both steps; invalid documents are re-checked each time (their
/// errors are cheap to recompute and not worth the memory).
public final class DocumentCache: Sendable {
    private struct Entry {
        var document: Document
        var previous: String?
        var next: String?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var newest: String?
        var oldest: String?
        var hits = 0
        var misses = 0
    }

    /// The most documents kept.
    public let capacity: Int
    /// Documents longer than this (in UTF-8 bytes) are not cached.
    public let maxDocumentBytes: Int
    private let state = Locked(State())

    /// A cache of at most `capacity` documents of at most `maxDocumentBytes` each.
    public init(capacity: Int = 1_000, maxDocumentBytes: Int = 100_000) {
        self.capacity = max(0, capacity)
        self.maxDocumentBytes = maxDocumentBytes
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
            Self.linkNewest(text, entry.document, &state)
            return entry.document
        }
    }

    /// Stores `document` for `text`, evicting the least recently used entry when full.
    public func insert(_ document: Document, for text: String) {
        guard capacity > 0, text.utf8.count <= maxDocumentBytes else { return }
        state.withLock { state in
            if state.entries[text] != nil { Self.unlink(text, &state) }
            Self.linkNewest(text, document, &state)
            while state.entries.count > capacity, let oldest = state.oldest {
                Self.unlink(oldest, &state)
            }
        }
    }

    /// The number of cached documents.
    public var count: Int { state.withLock { $0.entries.count } }
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
        if let previous = entry.previous { state.entries[previous]?.next = entry.next } else { state.newest = entry.next }
        if let next = entry.next { state.entries[next]?.previous = entry.previous } else { state.oldest = entry.previous }
    }

    private static func linkNewest(_ key: String, _ document: Document, _ state: inout State) {
        let entry = Entry(document: document, previous: nil, next: state.newest)
        if let newest = state.newest { state.entries[newest]?.previous = key }
        state.newest = key
        if state.oldest == nil { state.oldest = key }
        state.entries[key] = entry
    }
}
