/// A JSON object that keeps its keys in insertion order.
///
/// Lookups are linear, which is fastest for the small objects of GraphQL
/// responses and upstream payloads. Equality is order-sensitive.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: JSONValue)

    /// The members, in insertion order.
    public var entries: [Element]

    public init() { entries = [] }

    public init(_ entries: [Element]) { self.entries = entries }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The member named `key`. Setting replaces it in place or appends it;
    /// setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                }
            } else if let newValue {
                entries.append((key: key, value: newValue))
            }
        }
    }

    /// Appends a member without checking for an existing one with that key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        entries.append((key: key, value: value))
    }

    public var keys: [String] { entries.map { $0.key } }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (left, right) in zip(lhs.entries, rhs.entries) where left.key != right.key || left.value != right.value {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
