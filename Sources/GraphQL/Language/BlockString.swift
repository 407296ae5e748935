/// Block strings (`"""..."""`): graphql-js's rules for printing a string as a
/// block string.
public enum BlockString {
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
