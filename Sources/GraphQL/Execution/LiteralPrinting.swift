import JSON

/// Prints value literals and type references as graphql-js's printer does,
/// for error messages and introspection's `defaultValue`.
enum LiteralPrinter {
    /// `[Int!]!` for a type reference.
    static func type(_ node: TypeNode) -> String {
        switch node {
        case .named(let named): return named.name.value
        case .list(let list): return "[" + type(list.type) + "]"
        case .nonNull(let nonNull): return type(nonNull.type) + "!"
        }
    }

    /// A value literal: `{a: 1, b: [ENUM, "s"]}`.
    static func value(_ node: Value) -> String {
        switch node {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let int): return int.value
        case .float(let float): return float.value
        case .string(let string):
            if string.block { return blockString(string.value) }
            return quoted(string.value)
        case .boolean(let boolean): return boolean.value ? "true" : "false"
        case .null: return "null"
        case .enumValue(let enumValue): return enumValue.value
        case .list(let list): return "[" + list.values.map(value).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.fields.map { $0.name.value + ": " + value($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// A string as graphql-js's `printString`: JSON-like escapes, `\u00XX` for controls.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func blockString(_ string: String) -> String {
        let escaped = string.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        return "\"\"\"\n" + escaped + "\n\"\"\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Substring.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                return index..<self.index(index, offsetBy: target.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}

extension GraphQLSchema {
    /// The type a type reference names (nil when the named type is unknown).
    func executionType(from node: TypeNode) -> GraphQLType? {
        switch node {
        case .named(let named): return type(named: named.name.value).map { .named($0) }
        case .list(let list): return executionType(from: list.type).map { .list($0) }
        case .nonNull(let nonNull): return executionType(from: nonNull.type).map { .nonNull($0) }
        }
    }
}
