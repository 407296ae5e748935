/// Turns UTF-8 offsets of one source into lines and columns quickly: the line
/// starts are found once, then each location is a binary search plus a scan
/// of its own line (`Source.location(at:)` scans from the start each time,
/// which is quadratic for errors with thousands of locations).
///
/// Gives the same answers as `Source.location(at:)`: lines end at `\r\n`,
/// `\n` or `\r`; columns count UTF-16 code units.
final class SourceLocator {
    private let bytes: [UInt8]
    /// Offsets where lines 1, 2, ... start.
    private let lineStarts: [Int]
    /// Whether each line is all ASCII (then a column is just a byte distance).
    private let asciiLines: [Bool]
    /// The last position measured on a non-ASCII line: later offsets on the
    /// same line continue from it (errors come mostly in document order).
    private var cache: (line: Int, offset: Int, column: Int)?

    init(_ source: Source) {
        bytes = Array(source.body.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                // A line starts right after the \r; the \n of a \r\n is skipped below.
                starts.append(index)
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
            }
        }
        lineStarts = starts
        var ascii = [Bool](repeating: true, count: starts.count)
        var line = 0
        for (offset, byte) in bytes.enumerated() where byte >= 0x80 {
            while line + 1 < starts.count && starts[line + 1] <= offset { line += 1 }
            ascii[line] = false
        }
        asciiLines = ascii
    }

    func location(at offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // The last line start at or before offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        if index > 0, index < bytes.count, bytes[index] == 0x0A, bytes[index - 1] == 0x0D { index += 1 }
        if asciiLines[low] {
            return SourceLocation(line: low + 1, column: 1 + max(0, offset - index))
        }
        if let cache, cache.line == low, cache.offset <= offset, cache.offset >= index {
            index = cache.offset
            column = cache.column
        }
        defer { cache = (low, offset, column) }
        while index < offset {
            let byte = bytes[index]
            if byte >= 0xF0 {
                column += 2
            } else if byte < 0x80 || byte >= 0xC0 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }

    /// An error about the nodes at `locations` (nil ones left out).
    func error(_ message: String, _ locations: [Location?]) -> GraphQLError {
        GraphQLError(message: message, locations: locations.compactMap { $0.map { location(at: $0.start) } })
    }
}
