import Locking

/// A GraphQL document's text and its name (used in error messages).
///
/// Offsets into a source (``Location/start``, ``Location/end``) count UTF-8
/// bytes of ``body``. ``location(at:)`` turns such an offset into the 1-based
/// line and column that graphql-js reports (columns count UTF-16 code units).
public final class Source: Sendable {
    /// The text of the document.
    public let body: String
    /// A name for the source, e.g. a file name; "GraphQL request" by default.
    public let name: String

    /// Line starts, found on the first ``location(at:)`` (most sources never need one).
    private let locator = Locked<SourceLocator?>(nil)

    /// A source with the given text and name.
    public init(_ body: String, name: String = "GraphQL request") {
        self.body = body
        self.name = name
    }

    /// A source with the given text and name.
    public convenience init(body: String, name: String = "GraphQL request") {
        self.init(body, name: name)
    }

    /// The line and column (both 1-based) of the UTF-8 byte offset `offset`.
    ///
    /// Lines end at `\r\n`, `\n` or `\r`; columns count UTF-16 code units from
    /// the start of the line, as graphql-js's `getLocation` does. Offsets past
    /// the end are clamped to the end of the body.
    ///
    /// The first call indexes the line starts (linear in the body); every call is then a
    /// binary search and a scan of one line, so an error with thousands of locations, or
    /// thousands of errors, costs linear time, not time proportional to their product.
    public func location(at offset: Int) -> SourceLocation {
        locator.withLock { locator in
            if let locator { return locator.location(at: offset) }
            let built = SourceLocator(self)
            locator = built
            return built.location(at: offset)
        }
    }

    /// ``location(at:)`` by scanning the body from its start (the reference the locator is
    /// tested against).
    func scannedLocation(at offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        var previousWasCR = false
        var index = 0
        for byte in body.utf8 {
            if index >= offset { break }
            index += 1
            switch byte {
            case 0x0A:
                if previousWasCR {
                    // The second half of a \r\n: the line already advanced.
                    previousWasCR = false
                    continue
                }
                line += 1
                column = 1
            case 0x0D:
                line += 1
                column = 1
                previousWasCR = true
                continue
            case 0x80..<0xC0:
                // A UTF-8 continuation byte: counted with its lead byte.
                break
            case 0xF0...:
                // A four-byte sequence is two UTF-16 code units.
                column += 2
            default:
                column += 1
            }
            previousWasCR = false
        }
        return SourceLocation(line: line, column: column)
    }
}

/// A 1-based line and column in a ``Source``, as graphql-js reports them.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in UTF-16 code units.
    public var column: Int

    /// A location at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
