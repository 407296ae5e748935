/// The header fields of a request or response, in the order received or added.
///
/// Lookups ignore ASCII case. The request parser stores names in lowercase.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields, in order.
    public private(set) var fields: [(name: String, value: String)]

    /// An empty set of fields.
    public init() { fields = [] }

    /// Fields from `(name, value)` pairs, in order.
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        // Room for the fields a response gains on its way out (cache, security and CORS
        // headers), so that adding them does not reallocate.
        fields = []
        fields.reserveCapacity(elements.count + 6)
        for (name, value) in elements { fields.append((name: name, value: value)) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The first value of the field `name` (any case), if present.
    public subscript(name: String) -> String? {
        // By index: a field is compared in place, not copied out (no retain of its strings).
        for index in fields.indices where hasName(at: index, name) {
            return fields[index].value
        }
        return nil
    }

    /// Every value of the field `name`, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for index in fields.indices where hasName(at: index, name) {
            values.append(fields[index].value)
        }
        return values
    }

    /// The first value of the field `name` and the number of fields so named (no array made).
    func firstValue(for name: String) -> (value: String?, count: Int) {
        var first: String?
        var count = 0
        for index in fields.indices where hasName(at: index, name) {
            if count == 0 { first = fields[index].value }
            count += 1
        }
        return (first, count)
    }

    /// Whether the field at `index` is named `name` (any case). A name of another length is
    /// passed over on its count alone (read in place), before its text is compared (retained).
    private func hasName(at index: Int, _ name: String) -> Bool {
        fields[index].name.utf8.count == name.utf8.count && Self.equalIgnoringCase(fields[index].name, name)
    }

    /// Whether a field `name` is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field (no duplicate check).
    public mutating func add(_ name: String, _ value: String) {
        // The first field makes room for the few a response gains on its way out (content type,
        // cache, security and CORS headers), so that adding them does not reallocate.
        if fields.capacity == 0 { fields.reserveCapacity(6) }
        fields.append((name: name, value: value))
    }

    /// Replaces every field `name` by one field with `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    /// Removes every field `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalIgnoringCase($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// Whether the comma-separated list in field `name` contains `token` (any case).
    public func containsToken(_ token: String, in name: String) -> Bool {
        for value in values(for: name) {
            for part in value.split(separator: ",") {
                if Self.equalIgnoringCase(part.trimmingSpaces, token) { return true }
            }
        }
        return false
    }

    /// ASCII case-insensitive equality of two strings: a byte comparison (the same text in
    /// another case is compared on UTF-8 bytes, with no generic code on the way).
    public static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        // Lengths first (read in place): most names compared differ in length.
        guard a.utf8.count == b.utf8.count else { return false }
        if a == b { return true }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in equalIgnoringCase(bytes: x, y) } }
    }

    /// ASCII case-insensitive equality of two UTF-8 byte buffers of the same length.
    ///
    /// - Unsafe: reads two `UnsafeBufferPointer`s lent by `withUTF8` (subscripts checked only in
    ///   debug builds).
    /// - Invariant: the bytes are only read, within `withUTF8`'s borrow, at indexes below
    ///   `x.count`, which equals `y.count` (checked first).
    /// - Checked by: `HeaderTextTests.testCaseInsensitiveComparison` (HTTPServerTests), which CI
    ///   runs under AddressSanitizer (`.ci/run` step 3).
    private static func equalIgnoringCase(bytes x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool
    {
        guard x.count == y.count else { return false }
        for index in 0..<x.count where x[index] != y[index] {
            let lower = x[index] | 0x20
            guard lower == (y[index] | 0x20), lower >= 0x61, lower <= 0x7A else { return false }
        }
        return true
    }

    /// ASCII case-insensitive equality.
    static func equalIgnoringCase<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            let lp = p | 0x20
            guard lp == (q | 0x20), lp >= 0x61, lp <= 0x7A else { return false }
        }
        return true
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
