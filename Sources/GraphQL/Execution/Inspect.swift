import JSON

/// Formats values for error messages the way graphql-js's `inspect` does:
/// strings quoted, objects as `{ a: 1 }`, arrays as `[1, 2]`, at most two
/// levels deep and ten items long.
enum Inspect {
    static func json(_ value: JSONValue) -> String {
        format(value, depth: 0)
    }

    /// A Swift value as graphql-js would show the equivalent JavaScript value.
    static func any(_ value: Any?) -> String {
        if let converted = JSONValue(resolved: value) { return format(converted, depth: 0) }
        guard let value else { return "null" }
        return String(describing: value)
    }

    private static func format(_ value: JSONValue, depth: Int) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return javaScriptNumberString(double)
        case .string(let string): return JSONValue.string(string).serialized()
        case .array(let array):
            if array.isEmpty { return "[]" }
            if depth >= 2 { return "[Array]" }
            var parts = array.prefix(10).map { format($0, depth: depth + 1) }
            if array.count > 10 {
                let rest = array.count - 10
                parts.append(rest == 1 ? "... 1 more item" : "... \(rest) more items")
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            if depth >= 2 { return "[Object]" }
            let parts = object.entries.map { key($0.key) + ": " + format($0.value, depth: depth + 1) }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    private static func key(_ name: String) -> String {
        name
    }
}

extension JSONValue {
    /// A resolved (or input) Swift value as JSON, when it is JSON-like: nil,
    /// strings, numbers, Booleans, JSON values, arrays and string-keyed
    /// dictionaries of those. Nil for anything else.
    init?(resolved value: Any?) {
        guard let value else { self = .null; return }
        switch value {
        case let json as JSONValue: self = json
        case let string as String: self = .string(string)
        case let int as Int: self = .int(int)
        case let double as Double: self = .double(double)
        case let bool as Bool: self = .bool(bool)
        case let object as JSONObject: self = .object(object)
        case let float as Float: self = .double(Double(float))
        case let int as Int32: self = .int(Int(int))
        case let int as Int64: self = .int(Int(int))
        case let int as UInt32: self = .int(Int(int))
        case let int as Int16: self = .int(Int(int))
        case let int as Int8: self = .int(Int(int))
        case let int as UInt16: self = .int(Int(int))
        case let int as UInt8: self = .int(Int(int))
        case let int as UInt: if int <= UInt(Int.max) { self = .int(Int(int)) } else { self = .double(Double(int)) }
        case let int as UInt64: if int <= UInt64(Int.max) { self = .int(Int(int)) } else { self = .double(Double(int)) }
        case let substring as Substring: self = .string(String(substring))
        case let array as [Any?]:
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let converted = JSONValue(resolved: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let dictionary as [String: Any?]:
            var object = JSONObject()
            for key in dictionary.keys.sorted() {
                guard let converted = JSONValue(resolved: dictionary[key] ?? nil) else { return nil }
                object.append(key, converted)
            }
            self = .object(object)
        default:
            if isNoneOptional(value) { self = .null; return }
            return nil
        }
    }
}

/// `Optional<T>.none` hidden inside an `Any` (e.g. an item of a `[String?]`).
private protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}

/// True when `value` is a boxed `Optional.none`.
@inline(__always) func isNoneOptional(_ value: Any) -> Bool {
    (value as? any OptionalProtocol)?.isNone ?? false
}
