/// A value literal as graphql-js's `print` writes it: `"a\n"`, `[1, 2]`,
/// `{a: 1, b: RED}`, `$var`. Block strings are written as block strings.
/// (Kept here so the type system does not depend on the printer's file.)
func valueText(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return "$" + variable.name.value
    case .int(let literal): return literal.value
    case .float(let literal): return literal.value
    case .string(let literal): return literal.block ? blockStringText(literal.value) : stringLiteralText(literal.value)
    case .boolean(let literal): return literal.value ? "true" : "false"
    case .null: return "null"
    case .enumValue(let literal): return literal.value
    case .list(let list): return "[" + list.values.map(valueText).joined(separator: ", ") + "]"
    case .object(let object):
        return "{" + object.fields.map { $0.name.value + ": " + valueText($0.value) }.joined(separator: ", ") + "}"
    }
}

/// A string as a GraphQL string literal, escaped as graphql-js's `printString`
/// (control characters, `"`, `\` and U+007F–U+009F as escapes).
func stringLiteralText(_ string: String) -> String {
    var out = "\""
    out.reserveCapacity(string.utf8.count + 2)
    for scalar in string.unicodeScalars {
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
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A string as a block string, as graphql-js's `printBlockString` writes it.
func blockStringText(_ value: String, minimize: Bool = false) -> String {
    let escaped = escapeTripleQuotes(value)
    let lines = splitLines(value)
    let isSingleLine = lines.count == 1
    // The first line may have leading whitespace only if every line is
    // blank or starts with whitespace too.
    let forceLeadingNewLine = lines.count > 1 && lines.dropFirst().allSatisfy { line in
        line.isEmpty || line.first == " " || line.first == "\t"
    }
    let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
    let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
    let hasTrailingSlash = value.hasSuffix("\\")
    let forceTrailingNewline = hasTrailingQuote || hasTrailingSlash
    let printAsMultipleLines = !minimize && (!isSingleLine || value.utf16.count > 70 || forceTrailingNewline
                                             || forceLeadingNewLine || hasTrailingTripleQuotes)
    var result = ""
    let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
    if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
        result += "\n"
    }
    result += escaped
    if printAsMultipleLines || forceTrailingNewline {
        result += "\n"
    }
    return "\"\"\"" + result + "\"\"\""
}

/// Splits on `\r\n`, `\n` and `\r`, as graphql-js's `splitLines`.
private func splitLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        if character == "\r\n" || character == "\n" || character == "\r" {
            lines.append(text[start..<index])
            index = text.index(after: index)
            start = index
        } else {
            index = text.index(after: index)
        }
    }
    lines.append(text[start..<text.endIndex])
    return lines
}

/// `"""` → `\"""`.
private func escapeTripleQuotes(_ value: String) -> String {
    guard value.contains("\"\"\"") else { return value }
    var out = ""
    var quotes = 0
    for character in value {
        if character == "\"" {
            quotes += 1
            if quotes == 3 {
                out += "\\\"\"\""
                quotes = 0
            }
        } else {
            out += String(repeating: "\"", count: quotes)
            quotes = 0
            out.append(character)
        }
    }
    out += String(repeating: "\"", count: quotes)
    return out
}
