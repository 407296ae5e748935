/// A strict RFC 8259 parser on UTF-8 bytes.
///
/// No comments, trailing commas, NaN or leading zeros. Duplicate keys: the
/// last one wins (as in JavaScript). Nesting deeper than `maxDepth` is an
/// error, never a stack overflow. Invalid UTF-8 and lone surrogate escapes
/// become U+FFFD.
public enum JSONParser {
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = 512) throws(JSONError) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            var parser = Parser(bytes: buffer, maxDepth: maxDepth)
            return try parser.parseDocument()
        }
    }

    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// The parser's state over one document's bytes.
///
/// - Unsafe: `bytes` is a stored `UnsafeBufferPointer` (lent by `JSONParser.parse` from
///   `withUnsafeBufferPointer`), read by index and sliced with `UnsafeBufferPointer(rebasing:)`;
///   its subscript checks bounds only in debug builds, and nothing keeps the buffer alive.
/// - Invariant: the parser lives only inside `parse`'s `withUnsafeBufferPointer` closure (it is
///   private to this file and created nowhere else), and strings and numbers are copied out of
///   the buffer. Every read must be below `bytes.count`: the parser tests `position` against it
///   (or a length, in `expectWord` and `parseHex4`) before it reads.
/// - Checked by: `JSONParserTests` (JSONTests: malformed input, the depth limit, large objects),
///   in debug and release; under AddressSanitizer only through the suites CI runs with it
///   (`.ci/run` step 3: GraphQLTests and GraphQLServerTests parse fixtures, request bodies and
///   responses with it), as JSONTests is not among them.
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count { throw unexpected() }
        return value
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func unexpected() -> JSONError {
        guard position < bytes.count else {
            return JSONError(message: "Unexpected end of JSON input", offset: position)
        }
        let byte = bytes[position]
        let shown = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
        return JSONError(message: "Unexpected character '\(shown)' at offset \(position)", offset: position)
    }

    mutating func parseValue() throws(JSONError) -> JSONValue {
        guard position < bytes.count else { throw unexpected() }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected()
        }
    }

    /// Consumes `word` (`true`, `false`, `null`) or throws.
    ///
    /// - Unsafe: reads the word's bytes through the raw pointer `StaticString.utf8Start`.
    /// - Invariant: a `StaticString` points to constant storage that lives as long as the process,
    ///   and `index` stays below `utf8CodeUnitCount`; `bytes` is read there only after
    ///   `position + count <= bytes.count` was checked.
    /// - Checked by: `JSONParserTests.testScalars` and `testRejectsInvalidInput` (JSONTests).
    mutating func expectWord(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else {
            position = bytes.count
            throw unexpected()
        }
        let start = word.utf8Start
        for index in 0..<count where bytes[position + index] != start[index] {
            position += index
            throw unexpected()
        }
        position += count
    }

    mutating func enter() throws(JSONError) {
        depth += 1
        if depth > maxDepth {
            throw JSONError(
                message: "JSON nested deeper than \(maxDepth) levels at offset \(position)", offset: position)
        }
    }

    /// Objects up to this many keys look for duplicates by a linear scan.
    static let linearKeyScanLimit = 16

    mutating func parseObject() throws(JSONError) -> JSONValue {
        try enter()
        position += 1
        var object = JSONObject()
        // Duplicate keys (the last value wins, in the first one's place) are found by a linear
        // scan while the object is small; a larger object is checked once at its end through a
        // set sized for it (one hash per key, no rehashing), so that n keys cost O(n), not O(n²).
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected() }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected() }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            if object.entries.count < Self.linearKeyScanLimit,
                let existing = object.entries.firstIndex(where: { $0.key == key })
            {
                object.entries[existing].value = value
            } else {
                object.append(key, value)
            }
            skipWhitespace()
            guard position < bytes.count else { throw unexpected() }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                if object.entries.count > Self.linearKeyScanLimit {
                    object.entries = Self.mergingDuplicateKeys(object.entries)
                }
                return .object(object)
            }
            throw unexpected()
        }
    }

    /// `entries` with each duplicate key's last value in its first place (unchanged, and not
    /// copied, when no key repeats: the common case).
    ///
    /// Keys are grouped by sorting their hashes: O(n log n) with sequential memory access
    /// (a hash set of 100,000 keys misses the cache on every insert). Within a group of equal
    /// hashes (in practice: equal keys) a small dictionary tells the keys apart, so many
    /// copies of one key cost linear time too.
    static func mergingDuplicateKeys(_ entries: [JSONObject.Element]) -> [JSONObject.Element] {
        var order = entries.indices.map { (hash: entries[$0].key.hashValue, index: $0) }
        order.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
        // (first index of a key, index of a later duplicate), each key's duplicates ascending.
        var replacements: [(first: Int, later: Int)] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, order[end].hash == order[start].hash { end += 1 }
            if end - start > 1 {
                var first: [String: Int] = [:]
                for position in start..<end {
                    let index = order[position].index
                    if let earlier = first[entries[index].key] {
                        replacements.append((earlier, index))
                    } else {
                        first[entries[index].key] = index
                    }
                }
            }
            start = end
        }
        guard !replacements.isEmpty else { return entries }
        var values = entries
        var dropped = [Bool](repeating: false, count: entries.count)
        for (first, later) in replacements {
            values[first].value = entries[later].value
            dropped[later] = true
        }
        var merged: [JSONObject.Element] = []
        merged.reserveCapacity(entries.count - replacements.count)
        for index in values.indices where !dropped[index] { merged.append(values[index]) }
        return merged
    }

    mutating func parseArray() throws(JSONError) -> JSONValue {
        try enter()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw unexpected() }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            }
            throw unexpected()
        }
    }

    /// A number: integers of up to 18 digits and decimals of up to 15 significant digits with
    /// a power of ten up to 22 are computed from their digits directly (exact: each operand is
    /// a double and one operation rounds once, Clinger's fast path); others go through the
    /// standard library's correctly rounded conversion of their text.
    mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = position
        var isInteger = true
        var negative = false
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < bytes.count else { throw unexpected() }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if isDigit(bytes[position]) {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], &mantissa, &significant)
                position += 1
            }
        } else {
            throw unexpected()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw unexpected() }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], &mantissa, &significant)
                fractionDigits += 1
                position += 1
            }
        }
        var exponent = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            var negativeExponent = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                negativeExponent = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw unexpected() }
            while position < bytes.count, isDigit(bytes[position]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        if isInteger, significant <= 18 {
            return .int(negative ? -Int(mantissa) : Int(mantissa))
        }
        let power = exponent - fractionDigits
        if !isInteger, significant <= 15, power >= -22, power <= 22 {
            let magnitude =
                power < 0 ? Double(mantissa) / Self.powersOfTen[-power] : Double(mantissa) * Self.powersOfTen[power]
            return .double(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONError(message: "Number out of range at offset \(start)", offset: start)
        }
        return .double(value)
    }

    /// 10⁰ … 10²², each exactly a double.
    static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// Adds a digit to `mantissa`; leading zeros are not significant. Past 19 significant
    /// digits the mantissa stops growing (the count still grows, sending the number to the
    /// text conversion).
    @inline(__always)
    func accumulate(_ digit: UInt8, _ mantissa: inout UInt64, _ significant: inout Int) {
        if mantissa == 0 && digit == UInt8(ascii: "0") { return }
        significant += 1
        if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit &- UInt8(ascii: "0")) }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func parseString() throws(JSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw JSONError(
                    message: "Unescaped control character in string at offset \(position)", offset: position)
            }
            position += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                throw JSONError(
                    message: "Unescaped control character in string at offset \(position)", offset: position)
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let save = position
                        position += 2
                        let low = try parseHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = 0xFFFD
                            position = save
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                buffer.append(contentsOf: String(unicode).utf8)
            default:
                position -= 1
                throw JSONError(message: "Bad escape in string at offset \(position)", offset: position)
            }
        }
        throw JSONError(message: "Unterminated string starting at offset \(start - 1)", offset: start - 1)
    }

    mutating func parseHex4() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else {
            throw JSONError(message: "Bad \\u escape in string at offset \(position)", offset: position)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONError(message: "Bad \\u escape in string at offset \(position)", offset: position)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
