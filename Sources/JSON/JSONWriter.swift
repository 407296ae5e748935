/// A direct JSON writer on bytes.
///
/// Compact by default; `pretty` writes as `JSON.stringify(value, null, 2)`
/// does. Strings are escaped as `JSON.stringify` escapes them (RFC 8259),
/// numbers written as JavaScript writes them.
public struct JSONWriter {
    /// What has been written so far.
    public var bytes: [UInt8]
    private let pretty: Bool
    private var indent = 0

    public init(pretty: Bool = false, reservingCapacity: Int = 1024) {
        self.pretty = pretty
        bytes = []
        bytes.reserveCapacity(reservingCapacity)
    }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeRaw(StaticString("null"))
        case .bool(let flag): writeRaw(flag ? StaticString("true") : StaticString("false"))
        case .int(let number): writeInt(number)
        case .double(let number): writeDouble(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            if elements.isEmpty {
                writeRaw(StaticString("[]"))
                return
            }
            bytes.append(UInt8(ascii: "["))
            indent += 1
            // Through a span: each element is written where it is (an iterator or the array's
            // subscript hands out copies, a retain each).
            let elements = elements.span
            for index in elements.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                write(elements[index])
            }
            indent -= 1
            newline()
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty {
                writeRaw(StaticString("{}"))
                return
            }
            bytes.append(UInt8(ascii: "{"))
            indent += 1
            let entries = object.entries.span
            for index in entries.indices {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                writeString(entries[index].key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                write(entries[index].value)
            }
            indent -= 1
            newline()
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { bytes.append(UInt8(ascii: " ")) }
    }

    /// Writes `string` quoted and escaped.
    ///
    /// - Unsafe: reads the string's UTF-8 through the `UnsafeBufferPointer` that its span lends
    ///   (`utf8.span.withUnsafeBufferPointer`, in place of `withUTF8` on a copy of the string),
    ///   and appends runs of it as `UnsafeBufferPointer(rebasing:)` slices.
    /// - Measured: the copy `withUTF8` needed retained every string written; without it a search
    ///   request makes 42 fewer `swift_retain` calls (Q4 718.8 → 676.3, `bench-counts.sh`;
    ///   docs/performance.md, "Fast paths" and "fourteenth pass"). One bulk copy per run, not a
    ///   byte-by-byte loop, keeps long strings (introspection descriptions, W4) at `memcpy` speed.
    /// - Invariant: indexes stay below `utf8.count` (the loop's range; runs are
    ///   `runStart..<index` with `runStart <= index`), and nothing keeps the buffer past the
    ///   closure: its bytes are copied into `bytes`.
    /// - Checked by: `JSONWriterTests.testStringEscapingLikeJSONStringify` and `testRoundTrip`
    ///   (JSONTests); under AddressSanitizer through GraphQLTests and the server suites, which
    ///   serialise every response with it (`.ci/run` step 3).
    public mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // Read in place (a span of the string's storage): no copy of the string, no retain.
        string.utf8.span.withUnsafeBufferPointer { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]
                    ])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a number as JavaScript does; NaN and infinities as `null`.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeRaw(StaticString("null"))
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            writeInt(Int(value))
            return
        }
        bytes.append(contentsOf: javaScriptNumberString(value).utf8)
    }

    /// Writes an integer in decimal.
    ///
    /// - Unsafe: the digits are written backwards into 24 bytes of tuple scratch through
    ///   `withUnsafeMutableBytes`, whose raw subscript checks bounds only in debug builds.
    /// - Invariant: an `Int` has at most 19 digits plus a sign, so `position` stays inside the 24
    ///   bytes; the scratch is used only inside the closure (appended by copy).
    /// - Checked by: `JSONWriterTests.testIntegers` (`Int.max`, `Int.min`) in JSONTests; under
    ///   AddressSanitizer through GraphQLTests and the server suites (`.ci/run` step 3).
    public mutating func writeInt(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes of scratch for up to 20 digits
        let count = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var position = scratch.count
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                position -= 1
                scratch[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[position...]))
            return scratch.count - position
        }
        _ = count
    }

    /// Appends bytes as they are (they must already be valid JSON).
    public mutating func writeRaw(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends a literal's bytes.
    ///
    /// - Unsafe: builds an `UnsafeBufferPointer` from `StaticString.utf8Start`.
    /// - Invariant: a `StaticString` points to constant storage that lives as long as the process,
    ///   and the buffer's count is the literal's own `utf8CodeUnitCount`.
    /// - Checked by: `JSONWriterTests.testCompact`, `testRoundTrip` and
    ///   `testNumbersAsJavaScriptWritesThem` (`null`, `true`, `false`, `[]`, `{}`) in JSONTests.
    private mutating func writeRaw(_ raw: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: raw.utf8Start, count: raw.utf8CodeUnitCount))
    }
}

extension JSONValue {
    /// The JSON text of this value: compact, or as `JSON.stringify(value, null, 2)`.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The UTF-8 JSON text of this value.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self)
        return writer.bytes
    }
}
