#if canImport(Glibc)
    import Glibc
#endif
import Clocks
import Locking

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
    ///
    /// - Unsafe: a plain value's bytes are read through `withUTF8`'s `UnsafeBufferPointer`, scanned
    ///   and appended in one copy (measured with the key's copy below: Q1's access line at
    ///   71,554 → 73,504 req/s, 6 alternating rounds; docs/performance.md, "Speed as deployed,
    ///   final pass").
    /// - Invariant: the buffer is only read, inside the closure; nothing keeps it.
    /// - Checked by: `LogTests` (plain, quoted, escaped and hostile values), under
    ///   AddressSanitizer in CI (`.ci/run` step 3).
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        // Nearly always plain ASCII with nothing to quote: one scan of the bytes, then one copy.
        var value = value
        let plain = value.withUTF8 { bytes -> Bool in
            guard !bytes.isEmpty else { return false }
            // Space and controls, `"`, `=`, `\\`, DEL and every byte of a non-ASCII character.
            for b in bytes where b <= 0x20 || b == 0x22 || b == 0x3D || b == 0x5C || b >= 0x7F { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain { appendQuotedScalars(value, to: &out) }
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

    /// The text of the current second (`2026-01-02T03:04:05.`), made once per second.
    private static let currentSecond = Locked((second: Int.min, text: [UInt8]()))

    /// Appends the UTC time with milliseconds: `2026-01-02T03:04:05.678Z`.
    static func appendTimestamp(to out: inout [UInt8]) {
        let (wholeSeconds, attoseconds) = WallClock.systemNow().components
        let second = Int(wholeSeconds)
        currentSecond.withLock { cached in
            if cached.second != second { cached = (second, Array(secondText(second).utf8)) }
            out += cached.text
        }
        let millis = Int(attoseconds / 1_000_000_000_000_000)
        out.append(UInt8(48 + millis / 100))
        out.append(UInt8(48 + millis / 10 % 10))
        out.append(UInt8(48 + millis % 10))
        out.append(UInt8(ascii: "Z"))
    }

    /// `2026-01-02T03:04:05.` for `second` (seconds since 1970, UTC).
    private static func secondText(_ second: Int) -> String {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))."
    }
}

/// One log line being written: `ts=… level=… msg=…` and then its fields.
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
        bytes += Self.timestampKey
        Log.appendTimestamp(to: &bytes)
        bytes += Self.levelAndMessageKeys[level.rawValue]
        Log.appendQuoted(message, to: &bytes)
    }

    private static let timestampKey = Array("ts=".utf8)
    /// ` level=info msg=` for each level, by raw value (0, 1, …: `allCases` in order), made
    /// once: a line appends them whole.
    private static let levelAndMessageKeys = LogLevel.allCases.map { Array(" level=\($0.name) msg=".utf8) }

    /// ` key=value`, the value quoted when it must be.
    public mutating func field(_ key: String, _ value: String) {
        start(key)
        Log.appendQuoted(value, to: &bytes)
    }

    /// ` key=value` for a whole number.
    public mutating func field(_ key: String, _ value: Int) {
        start(key)
        appendDigits(value)
    }

    /// ` key=value` for a duration in milliseconds with three decimals (`0.131`).
    public mutating func field(_ key: String, milliseconds duration: Duration) {
        start(key)
        let (seconds, attoseconds) = duration.components
        // Microseconds, rounded half away from zero (attoseconds are below 10^18 in magnitude:
        // no overflow).
        let half: Int64 = attoseconds < 0 ? -500_000_000_000 : 500_000_000_000
        let micros = Int(seconds) * 1_000_000 + Int((attoseconds + half) / 1_000_000_000_000)
        if micros < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendMilliseconds(0 - micros)
        } else {
            appendMilliseconds(micros)
        }
    }

    /// `micros` (not negative) as milliseconds with three decimals.
    private mutating func appendMilliseconds(_ micros: Int) {
        appendDigits(micros / 1000)
        bytes.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        bytes.append(UInt8(48 + fraction / 100))
        bytes.append(UInt8(48 + fraction / 10 % 10))
        bytes.append(UInt8(48 + fraction % 10))
    }

    /// ` key=`: the key's bytes copied whole through `withUTF8` (Unsafe, Invariant and Checked by
    /// as for ``Log/appendQuoted(_:to:)``).
    private mutating func start(_ key: String) {
        bytes.append(UInt8(ascii: " "))
        var key = key
        key.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "="))
    }

    private mutating func appendDigits(_ value: Int) {
        guard value >= 0 else {
            bytes.append(UInt8(ascii: "-"))
            // The magnitude as unsigned: `Int.min` has no positive `Int`.
            appendDigits(magnitude: value.magnitude)
            return
        }
        appendDigits(magnitude: UInt(value))
    }

    private mutating func appendDigits(magnitude value: UInt) {
        var divisor: UInt = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 48 + value / divisor % 10))
            divisor /= 10
        }
    }
}
