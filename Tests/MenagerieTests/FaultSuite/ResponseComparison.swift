import JSON

/// Comparing GraphQL responses of the fault suite: exact values, except at paths that
/// are random by definition, where only the shape (types, keys, lengths) must match.
enum ResponseComparison {
    /// `value` with the value at each of `paths` replaced by null (a failed field).
    static func nulling(_ paths: [[String]], in value: JSONValue) -> JSONValue {
        paths.reduce(value) { replacing($1[...], in: $0, with: .null) }
    }

    private static func replacing(_ path: ArraySlice<String>, in value: JSONValue, with replacement: JSONValue)
        -> JSONValue
    {
        guard let key = path.first else { return replacement }
        guard case .object(var object) = value, let child = object[key] else { return value }
        object[key] = replacing(path.dropFirst(), in: child, with: replacement)
        return .object(object)
    }

    /// The differences between `actual` and `expected` (empty when they match), as
    /// readable lines naming the path.
    static func differences(
        _ actual: JSONValue, _ expected: JSONValue, randomPaths: Set<[String]>,
        at path: [String] = []
    ) -> [String] {
        if randomPaths.contains(path) {
            return sameShape(actual, expected) ? [] : ["\(path): shape \(actual) is not that of \(expected)"]
        }
        switch (actual, expected) {
        case (.object(let a), .object(let e)):
            guard a.keys == e.keys else { return ["\(path): keys \(a.keys), expected \(e.keys)"] }
            return a.entries.flatMap { entry in
                differences(entry.value, e[entry.key] ?? .null, randomPaths: randomPaths, at: path + [entry.key])
            }
        case (.array(let a), .array(let e)):
            guard a.count == e.count else { return ["\(path): \(a.count) items, expected \(e.count)"] }
            return zip(a, e).enumerated().flatMap { index, pair in
                differences(pair.0, pair.1, randomPaths: randomPaths, at: path + [String(index)])
            }
        default:
            return actual == expected ? [] : ["\(path): \(actual), expected \(expected)"]
        }
    }

    /// Whether two values have the same shape: the same JSON types, object keys in the
    /// same order and arrays of the same length, whatever the strings and numbers hold.
    static func sameShape(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null), (.bool, .bool), (.string, .string): return true
        case (.int, .int), (.double, .double), (.int, .double), (.double, .int): return true
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameShape($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys == y.keys && x.entries.allSatisfy { entry in sameShape(entry.value, y[entry.key] ?? .null) }
        default: return false
        }
    }
}
