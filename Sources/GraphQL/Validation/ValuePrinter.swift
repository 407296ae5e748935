/// Prints values and type references exactly as graphql-js's `print` does,
/// for validation messages and for comparing arguments.
enum ValuePrinter {
    /// A value as GraphQL source: `"abc"`, `[1, 2]`, `{a: 1}`, `$var`.
    static func print(_ value: Value) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    static func write(_ value: Value, to out: inout String) {
        switch value {
        case .variable(let node): out += "$" + node.name.value
        case .int(let node): out += node.value
        case .float(let node): out += node.value
        case .string(let node): out += node.block ? blockString(node.value) : string(node.value)
        case .boolean(let node): out += node.value ? "true" : "false"
        case .null: out += "null"
        case .enumValue(let node): out += node.value
        case .list(let node):
            out += "["
            for (index, item) in node.values.enumerated() {
                if index > 0 { out += ", " }
                write(item, to: &out)
            }
            out += "]"
        case .object(let node):
            out += "{"
            for (index, field) in node.fields.enumerated() {
                if index > 0 { out += ", " }
                out += field.name.value + ": "
                write(field.value, to: &out)
            }
            out += "}"
        }
    }

    /// A value with object fields sorted by name at every level (graphql-js's
    /// `print(sortValueNode(value))`), to compare arguments.
    static func sortedPrint(_ value: Value) -> String {
        var out = ""
        writeSorted(value, to: &out)
        return out
    }

    private static func writeSorted(_ value: Value, to out: inout String) {
        switch value {
        case .list(let node):
            out += "["
            for (index, item) in node.values.enumerated() {
                if index > 0 { out += ", " }
                writeSorted(item, to: &out)
            }
            out += "]"
        case .object(let node):
            out += "{"
            let fields = node.fields.enumerated().sorted { lhs, rhs in
                let order = naturalCompare(lhs.element.name.value, rhs.element.name.value)
                return order != 0 ? order < 0 : lhs.offset < rhs.offset
            }
            for (index, field) in fields.enumerated() {
                if index > 0 { out += ", " }
                out += field.element.name.value + ": "
                writeSorted(field.element.value, to: &out)
            }
            out += "}"
        default:
            write(value, to: &out)
        }
    }

    /// A type reference as written: `[Foo!]!`.
    static func print(_ type: TypeNode) -> String {
        switch type {
        case .named(let node): return node.name.value
        case .list(let node): return "[" + print(node.type) + "]"
        case .nonNull(let node): return print(node.type) + "!"
        }
    }

    /// A quoted string with graphql-js's escapes.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A block string as graphql-js's `printBlockString` prints it.
    static func blockString(_ value: String) -> String {
        let escaped = value.escapingTripleQuotes()
        let lines = escaped.splitLines()
        let isSingleLine = lines.count == 1
        func isWhiteSpace(_ c: Character?) -> Bool { c == " " || c == "\t" }
        let forceLeadingNewLine = lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || isWhiteSpace($0.first) }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewline = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines = !isSingleLine || value.utf16.count > 70 || forceTrailingNewline
            || forceLeadingNewLine || hasTrailingTripleQuotes
        var result = ""
        let skipLeadingNewLine = isSingleLine && isWhiteSpace(value.first)
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if printAsMultipleLines || forceTrailingNewline { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }
}

extension String {
    /// The string with every `"""` (left to right, not overlapping) escaped as `\"""`.
    fileprivate func escapingTripleQuotes() -> String {
        var result = ""
        var quotes = 0
        for scalar in unicodeScalars {
            if scalar == "\"" {
                quotes += 1
                if quotes == 3 {
                    result += "\\\"\"\""
                    quotes = 0
                }
            } else {
                if quotes > 0 { result += String(repeating: "\"", count: quotes); quotes = 0 }
                result.unicodeScalars.append(scalar)
            }
        }
        if quotes > 0 { result += String(repeating: "\"", count: quotes) }
        return result
    }

    fileprivate func splitLines() -> [String] {
        var lines: [String] = []
        var current = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" {
                if previousCR { previousCR = false; continue }
                lines.append(current); current = ""
            } else if scalar == "\r" {
                lines.append(current); current = ""; previousCR = true; continue
            } else {
                current.unicodeScalars.append(scalar)
            }
            previousCR = false
        }
        lines.append(current)
        return lines
    }
}
