import GraphQL

/// The spec's `BlockStringValue()` dedent on lines: the oracle the lexer's own two-pass
/// dedent is checked against (`BlockStringLexingTests`), with graphql-js's cases in
/// `BlockStringTests`.
extension BlockString {
    /// The lines of a block string's raw value with the common indentation
    /// removed (from every line but the first) and leading and trailing blank
    /// lines dropped, as the spec's `BlockStringValue()` (graphql-js's
    /// `dedentBlockStringLines`).
    static func dedentLines(_ lines: [String]) -> [String] {
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
}
