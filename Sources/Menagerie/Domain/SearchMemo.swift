import Locking

/// The matches of the texts recently searched in one catalog (a breed, animal or monster list
/// derived from one upstream answer), so that a repeated search is a lookup, not a scan of
/// every name: like the catalog itself, computed once per answer and text, and shared by the
/// requests that answer serves.
///
/// Bounded: texts longer than ``maxTextBytes`` are not kept, and past ``capacity`` texts the
/// memo starts again empty (so a client sending ever new texts pays the scan, as without it,
/// and no more memory than `capacity` lists of the catalog's models).
final class SearchMemo<Model: Sendable>: Sendable {
    /// The most texts kept.
    static var capacity: Int { 64 }
    /// The longest text (lowercased, in UTF-8 bytes) kept.
    static var maxTextBytes: Int { 64 }

    private let table = Locked<[String: [Model]]>([:])

    init() {}

    /// The matches of the search key `text`: kept from an earlier search, or made by `scan`.
    func matches(_ text: String, scan: () -> [Model]) -> [Model] {
        guard text.utf8.count <= Self.maxTextBytes else { return scan() }
        if let kept = table.withLock({ $0[text] }) { return kept }
        let found = scan()
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[text] = found
        }
        return found
    }

    /// The number of texts kept.
    var count: Int { table.withLock { $0.count } }
}
