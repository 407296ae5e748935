/// Block strings (`"""..."""`): the spec's `BlockStringValue()` dedent and
/// graphql-js's rules for printing a string as a block string.
public enum BlockString {
    /// The lines of a block string's raw value with the common indentation
    /// removed (from every line but the first) and leading and trailing blank
    /// lines dropped, as the spec's `BlockStringValue()` (graphql-js's
    /// `dedentBlockStringLines`).
    public static func dedentLines(_ lines: [String]) -> [String] {
        var text: [UInt8] = []
        var bounds: [Range<Int>] = []
        for line in lines {
            let start = text.count
            text.append(contentsOf: line.utf8)
            bounds.append(start..<text.count)
        }
        return dedentedRanges(text, bounds).map { String(decoding: text[$0], as: UTF8.self) }
    }

    /// The dedent on lines given as ranges of `text`.
    private static func dedentedRanges(_ text: [UInt8], _ bounds: [Range<Int>]) -> [Range<Int>] {
        var commonIndent = Int.max
        var firstNonEmpty: Int?
        var lastNonEmpty = -1
        for (index, range) in bounds.enumerated() {
            let indent = leadingWhitespace(text, range)
            if indent == range.count { continue } // blank line
            if firstNonEmpty == nil { firstNonEmpty = index }
            lastNonEmpty = index
            if index != 0 && indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonEmpty else { return [] }
        var result: [Range<Int>] = []
        result.reserveCapacity(lastNonEmpty - first + 1)
        for index in first...lastNonEmpty {
            let range = bounds[index]
            if index == 0 {
                result.append(range)
            } else {
                result.append((range.lowerBound + min(commonIndent, range.count))..<range.upperBound)
            }
        }
        return result
    }

    private static func leadingWhitespace(_ text: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
        return index - range.lowerBound
    }

    /// Whether `value` can be printed as a block string and read back unchanged
    /// (graphql-js's `isPrintableAsBlockString`).
    public static func isPrintable(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for byte in value.utf8 {
            switch byte {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F:
                return false // non-printable characters
            case 0x0D:
                return false // \r would read back as \n
            case 0x0A:
                if isEmptyLine && !seenNonEmptyLine { return false } // leading new line
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case 0x09, 0x20:
                hasIndent = hasIndent || isEmptyLine
            default:
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false } // trailing empty lines
        if hasCommonIndent && seenNonEmptyLine { return false } // internal indent
        return true
    }

    /// `value` printed as a `"""` block string, as graphql-js's `printBlockString`.
    ///
    /// With `minimize`, no leading and trailing new lines are added for readability.
    public static func print(_ value: String, minimize: Bool = false) -> String {
        let escaped = value.replacingAll("\"\"\"", with: "\\\"\"\"")
        let bytes = Array(escaped.utf8)
        // Split into lines at \r\n, \n and \r.
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(bytes[lineStart..<index])
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[lineStart..<bytes.count])
        let isSingleLine = lines.count == 1

        // Common indentation is kept when a leading new line is added.
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { line in
                guard let first = line.first else { return true }
                return first == 0x20 || first == 0x09
            }
        // Trailing triple quotes look confusing but don't force a trailing new line.
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        // A trailing quote or backslash forces a trailing new line.
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !minimize
            && (!isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
                || hasTrailingTripleQuotes)

        var result = "\"\"\""
        let firstByte = value.utf8.first
        let skipLeadingNewLine = isSingleLine && (firstByte == 0x20 || firstByte == 0x09)
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
            result += "\n"
        }
        result += escaped
        if printAsMultipleLines || forceTrailingNewLine {
            result += "\n"
        }
        result += "\"\"\""
        return result
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (byte-wise, left to right).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var result: [UInt8] = []
        var found = false
        var index = 0
        while index < source.count {
            if source[index] == pattern[0], index + pattern.count <= source.count,
                source[index..<(index + pattern.count)].elementsEqual(pattern)
            {
                if !found {
                    found = true
                    result.reserveCapacity(source.count + 16)
                    result.append(contentsOf: source[0..<index])
                }
                result.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                if found { result.append(source[index]) }
                index += 1
            }
        }
        return found ? String(decoding: result, as: UTF8.self) : self
    }
}
