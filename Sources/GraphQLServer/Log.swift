#if canImport(Glibc)
    import Glibc
#endif
import Base

/// Severity of a log line.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error, off

    /// Parses `debug`, `info`, `warning` (or `warn`), `error`, `off`.
    public init?(name: String) {
        switch name.lowercased() {
        case "debug", "trace": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        case "off", "none", "quiet": self = .off
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        case .off: "off"
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Where a server's log lines go.
public enum LogSink: Sendable {
    /// Batched to a file descriptor, off the caller's thread (the default: standard error).
    case writer(LogWriter)
    /// Handed to a function one by one, on the logging thread (tests, embedding applications).
    case lines(@Sendable (String) -> Void)
}

/// Structured log lines in logfmt (`ts=... level=info msg=request method=GET ...`).
public struct Log: Sendable {
    public let level: LogLevel
    public let sink: LogSink

    public init(level: LogLevel, sink: LogSink) {
        self.level = level
        self.sink = sink
    }

    /// Logs `message` with `fields` at `level` when enabled.
    public func log(_ level: LogLevel, _ message: String, _ fields: [(String, String)] = []) {
        log(level, message) { line in
            for (key, value) in fields { line.field(key, value) }
        }
    }

    /// Logs `message` at `level` when enabled, with the fields `fields` writes into the line
    /// (numbers written as digits, no intermediate text).
    @inline(__always)
    public func log(_ level: LogLevel, _ message: String, _ fields: (inout LogLine) -> Void) {
        guard level >= self.level, level != .off else { return }
        switch sink {
        case .writer(let writer):
            // Formatted straight into the writer's buffer: no array per line.
            writer.appendLine { buffer in
                var line = LogLine(into: &buffer, level: level, message: message)
                fields(&line)
                swap(&buffer, &line.bytes)
            }
        case .lines(let handle):
            var line = LogLine(level: level, message: message)
            fields(&line)
            handle(String(decoding: line.bytes, as: UTF8.self))
        }
    }

    /// Writes every line logged so far (a no-op for a ``LogSink/lines(_:)`` sink).
    public func flush() {
        if case .writer(let writer) = sink { writer.flush() }
    }

    /// Lines the sink dropped because its destination did not keep up.
    public var droppedLines: Int {
        if case .writer(let writer) = sink { return writer.droppedLines }
        return 0
    }

    static func quote(_ value: String) -> String {
        var out: [UInt8] = []
        appendQuoted(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value`, quoted when it is empty or holds spaces, quotes, `=`, `\\` or a character
    /// that must be escaped (see ``isEscaped(_:)``), which is then written as `\u{…}` so that one
    /// log line is always one line on every terminal and log viewer.
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        // Nearly always plain ASCII with nothing to quote: one scan of the bytes, then one copy.
        let bytes = value.utf8.span
        if isPlain(bytes) {
            out.append(addingCapacity: bytes.count) { $0.append(copying: bytes) }
        } else {
            appendQuotedScalars(value, to: &out)
        }
    }

    /// Whether `bytes` can be written as they are: not empty, and no space or control, `"`, `=`,
    /// `\\`, DEL or byte of a non-ASCII character.
    static func isPlain(_ bytes: Span<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        for i in bytes.indices {
            let b = bytes[i]
            if b <= 0x20 || b == 0x22 || b == 0x3D || b == 0x5C || b >= 0x7F { return false }
        }
        return true
    }

    /// ``appendQuoted(_:to:)`` for a value that is empty, not ASCII, or has something to quote.
    private static func appendQuotedScalars(_ value: String, to out: inout [UInt8]) {
        var needsQuotes = value.isEmpty
        var nonASCII = false
        for b in value.utf8 {
            if b <= 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "=") || b == 0x5C || b == 0x7F {
                needsQuotes = true
                break
            }
            if b >= 0x80 { nonASCII = true }
        }
        if !needsQuotes, nonASCII { needsQuotes = value.unicodeScalars.contains(where: isEscaped) }
        guard needsQuotes else {
            out += value.utf8
            return
        }
        out.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += #"\""#.utf8
            case "\\": out += #"\\"#.utf8
            case "\n": out += #"\n"#.utf8
            case "\r": out += #"\r"#.utf8
            case "\t": out += #"\t"#.utf8
            default:
                if isEscaped(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}".utf8
                } else {
                    out += String(scalar).utf8
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Control characters (C0, DEL, C1 with U+0085 NEXT LINE), the line and paragraph
    /// separators U+2028 and U+2029, and the bidirectional overrides and isolates
    /// (U+202A-U+202E, U+2066-U+2069) that could make a line read as something else.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// A UTC time to the millisecond, in calendar fields: a log line's `ts`.
///
/// Worked out from the seconds since 1970 for every line (integer arithmetic only, ``CivilDate``:
/// no lock, no shared cache, no `gmtime`).
struct UTCTimestamp {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    /// The time `seconds` after 1970-01-01T00:00:00Z (negative: before), plus `millisecond`.
    init(secondsSince1970 seconds: Int, millisecond: Int) {
        let days = CivilDate.daysSince1970(containingSecond: seconds)
        let date = CivilDate(daysSince1970: days)
        let secondOfDay = seconds - days * 86_400
        year = date.year
        month = date.month
        day = date.day
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        self.millisecond = millisecond
    }

    /// The wall clock's time now (`CLOCK_REALTIME`).
    static func now() -> UTCTimestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UTCTimestamp(secondsSince1970: Int(spec.tv_sec), millisecond: Int(spec.tv_nsec) / 1_000_000)
    }

    /// The most bytes ``write(to:)`` writes (a year of up to 19 digits and a sign).
    static let maximumLength = 44

    /// `2026-01-02T03:04:05.678Z` (a year outside 0-9999 with all its digits and its sign).
    func write(to out: inout OutputSpan<UInt8>) {
        if (0...9999).contains(year) {
            out.appendDigits(year / 100, width: 2)
            out.appendDigits(year % 100, width: 2)
        } else {
            out.appendDecimal(year)
        }
        out.append(UInt8(ascii: "-"))
        out.appendDigits(month, width: 2)
        out.append(UInt8(ascii: "-"))
        out.appendDigits(day, width: 2)
        out.append(UInt8(ascii: "T"))
        out.appendDigits(hour, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendDigits(minute, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendDigits(second, width: 2)
        out.append(UInt8(ascii: "."))
        out.appendDigits(millisecond, width: 3)
        out.append(UInt8(ascii: "Z"))
    }
}

/// One log line being written: `ts=… level=… msg=…` and then its fields.
///
/// Each piece (the timestamp, a key with its value) is sized first and then written whole into
/// the line's storage (`append(addingCapacity:initializingWith:)`: one check of the array per
/// piece, not one per byte, and no intermediate copy).
public struct LogLine {
    /// The line's UTF-8, without the newline; a line written into a ``LogWriter``'s buffer holds
    /// that whole buffer (the lines before it first).
    var bytes: [UInt8] = []

    init(level: LogLevel, message: String) {
        bytes.reserveCapacity(192)
        start(level: level, message: message)
    }

    /// A line appended to `buffer`, whose storage it takes (left empty; the caller swaps it
    /// back): the line grows in place at the buffer's end.
    init(into buffer: inout [UInt8], level: LogLevel, message: String) {
        swap(&bytes, &buffer)
        start(level: level, message: message)
    }

    private mutating func start(level: LogLevel, message: String) {
        let now = UTCTimestamp.now()
        let name = level.name.utf8.span
        bytes.append(addingCapacity: UTCTimestamp.maximumLength + name.count + 15) { out in
            out.append(copying: "ts=".utf8.span)
            now.write(to: &out)
            out.append(copying: " level=".utf8.span)
            out.append(copying: name)
            out.append(copying: " msg=".utf8.span)
        }
        Log.appendQuoted(message, to: &bytes)
    }

    /// ` key=value`, the value quoted when it must be.
    public mutating func field(_ key: String, _ value: String) {
        let keyBytes = key.utf8.span
        let valueBytes = value.utf8.span
        guard Log.isPlain(valueBytes) else {
            start(key)
            Log.appendQuoted(value, to: &bytes)
            return
        }
        bytes.append(addingCapacity: keyBytes.count + valueBytes.count + 2) { out in
            out.appendKey(keyBytes)
            out.append(copying: valueBytes)
        }
    }

    /// ` key=value` for a whole number.
    public mutating func field(_ key: String, _ value: Int) {
        let keyBytes = key.utf8.span
        bytes.append(addingCapacity: keyBytes.count + 2 + OutputSpan<UInt8>.decimalLength(value)) { out in
            out.appendKey(keyBytes)
            out.appendDecimal(value)
        }
    }

    /// ` key=value` for a duration in milliseconds with three decimals (`0.131`).
    public mutating func field(_ key: String, milliseconds duration: Duration) {
        let (seconds, attoseconds) = duration.components
        // Microseconds, rounded half away from zero (attoseconds are below 10^18 in magnitude:
        // no overflow).
        let half: Int64 = attoseconds < 0 ? -500_000_000_000 : 500_000_000_000
        let micros = Int(seconds) * 1_000_000 + Int((attoseconds + half) / 1_000_000_000_000)
        let keyBytes = key.utf8.span
        // The whole milliseconds' digits, the point and three decimals, and a sign.
        let length = keyBytes.count + 2 + OutputSpan<UInt8>.decimalLength(micros / 1000) + 5
        bytes.append(addingCapacity: length) { out in
            out.appendKey(keyBytes)
            if micros < 0 { out.append(UInt8(ascii: "-")) }
            let magnitude = micros.magnitude
            out.appendDigits(magnitude / 1000)
            out.append(UInt8(ascii: "."))
            out.appendDigits(Int(magnitude % 1000), width: 3)
        }
    }

    /// ` key=`, for a value that needs quoting (written after it by ``Log/appendQuoted(_:to:)``).
    private mutating func start(_ key: String) {
        let keyBytes = key.utf8.span
        bytes.append(addingCapacity: keyBytes.count + 2) { $0.appendKey(keyBytes) }
    }
}

/// Writing a log line's pieces into storage sized for them beforehand.
extension OutputSpan<UInt8> {
    /// The bytes of `bytes`, one by one (a log line's pieces are a few to a few dozen bytes).
    @inline(__always)
    mutating func append(copying bytes: Span<UInt8>) {
        for i in bytes.indices { append(bytes[i]) }
    }

    /// ` key=`.
    @inline(__always)
    mutating func appendKey(_ key: Span<UInt8>) {
        append(UInt8(ascii: " "))
        append(copying: key)
        append(UInt8(ascii: "="))
    }

    /// `value` in decimal digits, `-` first when negative.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: `Int.min` has no positive `Int`.
        appendDigits(value.magnitude)
    }

    /// The decimal digits of `value`.
    mutating func appendDigits(_ value: UInt) {
        if value >= 10 { appendDigits(value / 10) }
        append(UInt8(truncatingIfNeeded: 48 &+ value % 10))
    }

    /// The last `width` decimal digits of `value` (not negative), zeros first when it has fewer.
    @inline(__always)
    mutating func appendDigits(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor &*= 10 }
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: 48 &+ value / divisor % 10))
            divisor /= 10
        }
    }

    /// How many bytes ``appendDecimal(_:)`` writes for `value`.
    static func decimalLength(_ value: Int) -> Int {
        var magnitude = value.magnitude
        var length = value < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }
}
