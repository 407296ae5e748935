/// The GraphQL lexer: reads tokens from the UTF-8 bytes of a ``Source``.
///
/// It works on bytes only (no `Character`), in one pass, and reproduces
/// graphql-js's error messages and positions. Positions are UTF-8 byte offsets;
/// ``Source/location(at:)`` turns them into graphql-js's lines and columns.
///
/// - Unsafe: `bytes` is a stored `UnsafeBufferPointer` to the source's UTF-8 (from `withUTF8`),
///   read by index and sliced with `UnsafeBufferPointer(rebasing:)`; its subscript checks bounds
///   only in debug builds, and nothing keeps the buffer alive.
/// - Invariant: the buffer must outlive the lexer (it lives inside `withUTF8`): `withParser`
///   (Parse.swift) creates the parser, and with it the lexer, inside `text.withUTF8` and lends it
///   only to its body (the tests' `lexAll` likewise); copies made by `lookahead` and `stringValue`
///   die within the call; tokens keep offsets and values are copied into `String`s. Reads must
///   stay below `bytes.count`: loops test `count`, and lookahead goes through `byte(_:)`, which
///   returns 0 past the end.
/// - Checked by: `LexerTests`, `BlockStringLexingTests`, `ParserTests` and `HostileInputTests`
///   (GraphQLTests), under AddressSanitizer in CI (`.ci/run` step 3);
///   `Tests/Fuzz/fuzz-parser.sh` (libFuzzer + ASan, run by hand).
struct Lexer {
    /// The source, for error locations.
    let source: Source
    /// The source's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The current token (`.sof` before the first `advance()`).
    private(set) var token: Token
    /// The end of the previous token: where the last parsed node ends.
    private(set) var lastTokenEnd: Int = 0
    /// The decoded value of the current token when it is a string or block string.
    private(set) var tokenString: String = ""

    init(source: Source, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
        self.token = Token(kind: .sof, start: 0, end: 0)
    }

    /// Moves to the next token (comments skipped).
    @inline(__always)
    mutating func advance() throws(GraphQLError) {
        lastTokenEnd = token.end
        if token.kind != .eof {
            token = try readToken(from: token.end)
        }
    }

    /// The token after the current one, without moving.
    func lookahead() throws(GraphQLError) -> Token {
        if token.kind == .eof { return token }
        var copy = self
        return try copy.readToken(from: token.end)
    }

    /// The decoded value of the string or block string token `token`.
    func stringValue(of token: Token) -> String {
        var copy = self
        _ = try? copy.readToken(from: token.start)
        return copy.tokenString
    }

    /// The text of the bytes `start..<end` (a name, a number).
    @inline(__always)
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether the current token is the name `keyword` (compared as bytes).
    @inline(__always)
    func tokenIs(_ keyword: StaticString) -> Bool {
        tokenIs(token, keyword)
    }

    /// Whether `token` is the name `keyword` (compared as bytes).
    ///
    /// - Unsafe: reads the keyword's bytes through the raw pointer `StaticString.utf8Start`.
    /// - Invariant: a `StaticString` points to constant storage that lives as long as the process,
    ///   and `index` stays below `utf8CodeUnitCount`; the token's bytes are read only after its
    ///   length was checked equal to the keyword's.
    /// - Checked by: `ParserTests` and `SchemaParserTests` (every keyword of the grammar),
    ///   under AddressSanitizer in CI (`.ci/run` step 3).
    @inline(__always)
    func tokenIs(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let key = keyword.utf8Start
        var index = 0
        while index < keyword.utf8CodeUnitCount {
            if bytes[token.start + index] != key[index] { return false }
            index += 1
        }
        return true
    }

    // MARK: - Reading tokens

    /// The byte at `index`, or 0 past the end (positions past the end are checked separately).
    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Reads the next token that is not a comment, starting at `start`; the
    /// value of a string token goes to `tokenString`.
    ///
    /// - Unsafe: runs of spaces are skipped with `loadUnaligned(as: UInt64.self)` from
    ///   `bytes.baseAddress + position`: the one raw read of the engine's parser, an unaligned
    ///   8-byte load that nothing bounds-checks.
    /// - Invariant: the load stays inside the buffer because the loop runs only while
    ///   `position + 8 <= count` (and the buffer is alive, see ``Lexer``).
    /// - Checked by: `LexerTests.testSpaceRunsOfEveryLengthAndEndDistance` (every run length and
    ///   distance from the end) in GraphQLTests, which CI runs under AddressSanitizer (`.ci/run`
    ///   step 3).
    @inline(never)
    mutating func readToken(from start: Int) throws(GraphQLError) -> Token {
        var position = start
        let count = bytes.count
        while position < count {
            let code = bytes[position]
            // Runs of ignored characters (the common case between tokens) by bitmap;
            // runs of spaces (indentation) eight bytes at a time (the unaligned load: see above).
            if code < 64 && (ignoredCharacters >> UInt64(code)) & 1 != 0 {
                position += 1
                if code == 0x20, let base = bytes.baseAddress {
                    while position + 8 <= count {
                        let word = UInt64(
                            littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                        let other = word ^ 0x2020_2020_2020_2020
                        if other != 0 {
                            position += other.trailingZeroBitCount >> 3
                            break
                        }
                        position += 8
                    }
                }
                continue
            }
            // Names and one-byte punctuators (nearly every token) are read here; the rest
            // (strings, numbers, `...`, comments, a BOM, errors) out of line, so that this
            // function, called once per token, keeps a small frame.
            if isNameStart(code) {
                var end = position + 1
                while end < count && isNameContinue(bytes[end]) { end += 1 }
                return Token(kind: .name, start: position, end: end)
            }
            let kind = punctuatorKind(code)
            if kind != .sof { return Token(kind: kind, start: position, end: position + 1) }
            let other = try readOtherToken(at: position)
            if other.kind != .comment { return other }
            position = other.end
        }
        return Token(kind: .eof, start: count, end: count)
    }

    /// The kind of the one-byte punctuator `code`, or `.sof` when `code` is not one.
    @inline(__always)
    private func punctuatorKind(_ code: UInt8) -> TokenKind {
        switch code {
        case 0x21: .bang
        case 0x24: .dollar
        case 0x26: .amp
        case 0x28: .parenL
        case 0x29: .parenR
        case 0x3A: .colon
        case 0x3D: .equals
        case 0x40: .at
        case 0x5B: .bracketL
        case 0x5D: .bracketR
        case 0x7B: .braceL
        case 0x7C: .pipe
        case 0x7D: .braceR
        default: .sof
        }
    }

    /// The token at `position` that is not a name or a one-byte punctuator: a string, a
    /// number or `...`; or, for a comment or a BOM, a `.comment` token whose end is where to
    /// go on reading; or the error for an unexpected character.
    @inline(never)
    private mutating func readOtherToken(at position: Int) throws(GraphQLError) -> Token {
        let code = bytes[position]
        switch code {
        case 0xEF where byte(position + 1) == 0xBB && byte(position + 2) == 0xBF: // BOM
            return Token(kind: .comment, start: position, end: position + 3)
        case 0x23: // # comment: up to the line end
            var end = position + 1
            while end < bytes.count {
                let c = bytes[end]
                if c == 0x0A || c == 0x0D { break }
                end += 1
            }
            return Token(kind: .comment, start: position, end: end)
        case 0x2E:
            if byte(position + 1) == 0x2E && byte(position + 2) == 0x2E {
                return Token(kind: .spread, start: position, end: position + 3)
            }
        case 0x22:
            if byte(position + 1) == 0x22 && byte(position + 2) == 0x22 {
                return try readBlockString(from: position)
            }
            return try readString(from: position)
        default:
            if isDigit(code) || code == 0x2D {
                return try readNumber(from: position)
            }
        }
        throw error(
            at: position,
            code == 0x27
                ? "Unexpected single quote character ('), did you mean to use a double quote (\")?"
                : "Unexpected character: \(describeCodePoint(at: position)).")
    }

    /// Reads an Int or Float token starting at `start` (a digit or `-`).
    private func readNumber(from start: Int) throws(GraphQLError) -> Token {
        var position = start
        var code = bytes[position]
        var isFloat = false
        if code == 0x2D { // -
            position += 1
            code = byte(position)
        }
        if code == 0x30 { // 0
            position += 1
            code = byte(position)
            if isDigit(code) && position < bytes.count {
                throw error(
                    at: position, "Invalid number, unexpected digit after 0: \(describeCodePoint(at: position)).")
            }
        } else {
            position = try readDigits(from: position)
            code = byte(position)
        }
        if code == 0x2E && position < bytes.count { // .
            isFloat = true
            position = try readDigits(from: position + 1)
            code = byte(position)
        }
        if (code == 0x45 || code == 0x65) && position < bytes.count { // E e
            isFloat = true
            position += 1
            code = byte(position)
            if (code == 0x2B || code == 0x2D) && position < bytes.count { // + -
                position += 1
            }
            position = try readDigits(from: position)
            code = byte(position)
        }
        if position < bytes.count && (code == 0x2E || isNameStart(code)) {
            throw error(at: position, "Invalid number, expected digit but got: \(describeCodePoint(at: position)).")
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: position)
    }

    /// Reads one or more digits from `start`; returns the position after them.
    private func readDigits(from start: Int) throws(GraphQLError) -> Int {
        guard start < bytes.count, isDigit(bytes[start]) else {
            throw error(at: start, "Invalid number, expected digit but got: \(describeCodePoint(at: start)).")
        }
        var position = start + 1
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        return position
    }

    /// Reads a `"..."` string from `start` (its opening quote), decoding escapes.
    private mutating func readString(from start: Int) throws(GraphQLError) -> Token {
        var position = start + 1
        var chunkStart = position
        var decoded: [UInt8] = []
        var hasEscape = false
        let count = bytes.count
        while position < count {
            let code = bytes[position]
            if code == 0x22 { // closing quote
                if hasEscape {
                    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                    tokenString = String(decoding: decoded, as: UTF8.self)
                } else {
                    tokenString = text(chunkStart, position)
                }
                return Token(kind: .string, start: start, end: position + 1)
            }
            if code == 0x5C { // escape
                hasEscape = true
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<position]))
                let (scalar, size) = try readEscape(at: position)
                appendUTF8(scalar, to: &decoded)
                position += size
                chunkStart = position
                continue
            }
            if code == 0x0A || code == 0x0D { break }
            position += 1
        }
        throw error(at: position, "Unterminated string.")
    }

    /// Reads the escape sequence at `position` (its backslash): the scalar it
    /// stands for and its length in bytes.
    private func readEscape(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let next = byte(position + 1)
        if next == 0x75 && position + 1 < bytes.count { // u
            if byte(position + 2) == 0x7B && position + 2 < bytes.count {
                return try readVariableWidthEscape(at: position)
            }
            return try readFixedWidthEscape(at: position)
        }
        let scalar: UInt8
        switch next {
        case 0x22: scalar = 0x22
        case 0x5C: scalar = 0x5C
        case 0x2F: scalar = 0x2F
        case 0x62: scalar = 0x08
        case 0x66: scalar = 0x0C
        case 0x6E: scalar = 0x0A
        case 0x72: scalar = 0x0D
        case 0x74: scalar = 0x09
        default:
            throw error(at: position, "Invalid character escape sequence: \"\(sliceUTF16(from: position, units: 2))\".")
        }
        return (Unicode.Scalar(scalar), 2)
    }

    /// `\u{...}`: one to eight hex digits naming a Unicode scalar value.
    private func readVariableWidthEscape(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        var point: Int32 = 0
        var size = 3
        // At most 12 characters: \u{00000000}.
        while size < 12 {
            let index = position + size
            let code: UInt8 = index < bytes.count ? bytes[index] : 0xFF
            size += 1
            if code == 0x7D { // }
                if size < 5 { break }
                guard let scalar = Unicode.Scalar(UInt32(bitPattern: point)) else { break }
                return (scalar, size)
            }
            point = (point &<< 4) | hexValue(code)
            if point < 0 { break }
        }
        throw error(at: position, "Invalid Unicode escape sequence: \"\(sliceUTF16(from: position, units: size))\".")
    }

    /// `\uXXXX`, or a `\uXXXX\uXXXX` surrogate pair.
    private func readFixedWidthEscape(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let code = read16BitHex(at: position + 2)
        if code >= 0, let scalar = Unicode.Scalar(UInt32(code)) {
            return (scalar, 6)
        }
        if (0xD800...0xDBFF).contains(code), byte(position + 6) == 0x5C, byte(position + 7) == 0x75,
            position + 7 < bytes.count
        {
            let trailing = read16BitHex(at: position + 8)
            if (0xDC00...0xDFFF).contains(trailing) {
                let value = 0x10000 + ((UInt32(code) - 0xD800) << 10) + (UInt32(trailing) - 0xDC00)
                if let scalar = Unicode.Scalar(value) { return (scalar, 12) }
            }
        }
        throw error(at: position, "Invalid Unicode escape sequence: \"\(sliceUTF16(from: position, units: 6))\".")
    }

    /// Four hex digits at `position` as a number, or a negative number if any is not a hex digit.
    private func read16BitHex(at position: Int) -> Int32 {
        var value: Int32 = 0
        for index in position..<(position + 4) {
            let digit = hexValue(index < bytes.count ? bytes[index] : 0xFF)
            value = (value << 4) | digit
            if digit < 0 { return -1 }
        }
        return value
    }

    /// Reads a `"""` block string from `start`, applying the spec's dedent
    /// (`BlockStringValue()`, graphql-js's `dedentBlockStringLines`).
    ///
    /// Two passes over the source and no storage per line: the first finds the end and
    /// measures the lines (common indentation, first and last non-blank line), the second
    /// writes the value. A million-line string costs two scans and one buffer.
    private mutating func readBlockString(from start: Int) throws(GraphQLError) -> Token {
        let count = bytes.count
        var position = start + 3
        var line = 0
        var indent = 0
        var blank = true
        var commonIndent = Int.max
        var firstNonBlank = -1
        var lastNonBlank = -1
        while true {
            guard position < count else { throw error(at: position, "Unterminated string.") }
            let code = bytes[position]
            let closing = code == 0x22 && byte(position + 1) == 0x22 && byte(position + 2) == 0x22
            if closing || code == 0x0A || code == 0x0D {
                if !blank {
                    if firstNonBlank < 0 { firstNonBlank = line }
                    lastNonBlank = line
                    if line != 0 && indent < commonIndent { commonIndent = indent }
                }
                if closing { break }
                position += (code == 0x0D && byte(position + 1) == 0x0A) ? 2 : 1
                line += 1
                indent = 0
                blank = true
                continue
            }
            if blank && (code == 0x20 || code == 0x09) {
                indent += 1
            } else {
                blank = false
            }
            let escapedQuotes =
                code == 0x5C && byte(position + 1) == 0x22 && byte(position + 2) == 0x22
                && byte(position + 3) == 0x22
            position += escapedQuotes ? 4 : 1
        }
        let end = position
        tokenString =
            firstNonBlank < 0
            ? ""
            : blockStringValue(start + 3, end, commonIndent, keeping: firstNonBlank...lastNonBlank)
        return Token(kind: .blockString, start: start, end: end + 3)
    }

    /// The second pass of `readBlockString`: the lines `kept` of `bytes[from..<end]`, each but
    /// the first without `commonIndent` leading spaces or tabs, joined with `\n`, `\"""` read
    /// as `"""`.
    private func blockStringValue(
        _ from: Int, _ end: Int, _ commonIndent: Int,
        keeping kept: ClosedRange<Int>
    ) -> String {
        var value: [UInt8] = []
        value.reserveCapacity(end - from)
        var position = from
        var line = 0
        var skip = 0
        while position < end {
            let code = bytes[position]
            if code == 0x0A || code == 0x0D {
                position += (code == 0x0D && byte(position + 1) == 0x0A) ? 2 : 1
                line += 1
                if line > kept.upperBound { break }
                if line > kept.lowerBound { value.append(0x0A) }
                skip = commonIndent
                continue
            }
            if line < kept.lowerBound {
                position += 1
                continue
            }
            if skip > 0 && (code == 0x20 || code == 0x09) {
                skip -= 1
                position += 1
                continue
            }
            skip = 0
            if code == 0x5C && byte(position + 1) == 0x22 && byte(position + 2) == 0x22 && byte(position + 3) == 0x22 {
                value.append(0x22)
                value.append(0x22)
                value.append(0x22)
                position += 4
                continue
            }
            value.append(code)
            position += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    // MARK: - Errors

    /// A syntax error at `position`.
    @inline(never)
    func error(at position: Int, _ description: String) -> GraphQLError {
        GraphQLError.syntaxError(source, at: position, description)
    }

    /// The code point at `position` as graphql-js prints it in messages:
    /// `"a"` for printable ASCII (`'"'` for a quote), `U+0007` otherwise, `<EOF>` at the end.
    @inline(never)
    func describeCodePoint(at position: Int) -> String {
        guard position < bytes.count else { return "<EOF>" }
        let code = bytes[position]
        if code >= 0x20 && code <= 0x7E {
            return code == 0x22 ? "'\"'" : "\"" + String(UnicodeScalar(code)) + "\""
        }
        let value = decodeScalar(at: position).value
        var hex = String(value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+" + hex
    }

    /// The scalar whose UTF-8 encoding starts at `position` (U+FFFD if malformed).
    private func decodeScalar(at position: Int) -> Unicode.Scalar {
        var iterator = UnsafeBufferPointer(rebasing: bytes[position...]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// The text from `position` spanning `units` UTF-16 code units (fewer at the end),
    /// as graphql-js's `body.slice(position, position + units)` gives it.
    private func sliceUTF16(from position: Int, units: Int) -> String {
        var end = position
        var taken = 0
        while end < bytes.count && taken < units {
            let lead = bytes[end]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            taken += length == 4 ? 2 : 1
            end = min(end + length, bytes.count)
        }
        return text(position, end)
    }
}

// MARK: - Character classes

/// Tab, line feed, carriage return, space and comma as a bitmap over the codes 0-63.
private let ignoredCharacters: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20 | 1 << 0x2C

@inline(__always) func isDigit(_ code: UInt8) -> Bool { code &- 0x30 < 10 }

@inline(__always) func isLetter(_ code: UInt8) -> Bool { (code | 0x20) &- 0x61 < 26 }

@inline(__always) func isNameStart(_ code: UInt8) -> Bool { isLetter(code) || code == 0x5F }

/// Name characters (`[_0-9A-Za-z]`) as a bitmap over the 128 ASCII codes.
private let nameContinueLow: UInt64 = 0x03FF_0000_0000_0000 // 0-9
private let nameContinueHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE // A-Z _ a-z

@inline(__always) func isNameContinue(_ code: UInt8) -> Bool {
    code < 64
        ? (nameContinueLow >> UInt64(code)) & 1 != 0
        : code < 128 && (nameContinueHigh >> UInt64(code & 63)) & 1 != 0
}

/// The value of a hex digit, or -1.
@inline(__always) func hexValue(_ code: UInt8) -> Int32 {
    switch code {
    case 0x30...0x39: Int32(code - 0x30)
    case 0x41...0x46: Int32(code - 0x37)
    case 0x61...0x66: Int32(code - 0x57)
    default: -1
    }
}

/// Appends the UTF-8 encoding of `scalar`.
@inline(__always) func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
    let value = scalar.value
    switch value {
    case ..<0x80:
        buffer.append(UInt8(value))
    case ..<0x800:
        buffer.append(UInt8(0xC0 | (value >> 6)))
        buffer.append(UInt8(0x80 | (value & 0x3F)))
    case ..<0x10000:
        buffer.append(UInt8(0xE0 | (value >> 12)))
        buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
        buffer.append(UInt8(0x80 | (value & 0x3F)))
    default:
        buffer.append(UInt8(0xF0 | (value >> 18)))
        buffer.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
        buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
        buffer.append(UInt8(0x80 | (value & 0x3F)))
    }
}
