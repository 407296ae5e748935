#if canImport(Glibc)
    import Glibc
#endif
import Clocks

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

/// Structured log lines in logfmt (`ts=... level=info msg=request method=GET ...`).
public struct Log: Sendable {
    public let level: LogLevel
    let sink: @Sendable (String) -> Void

    public init(level: LogLevel, sink: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.sink = sink
    }

    /// Logs `message` with `fields` at `level` when enabled.
    public func log(_ level: LogLevel, _ message: String, _ fields: [(String, String)] = []) {
        guard level >= self.level, level != .off else { return }
        var line = "ts=" + Log.timestamp() + " level=" + level.name + " msg=" + Log.quote(message)
        for (key, value) in fields { line += " " + key + "=" + Log.quote(value) }
        sink(line)
    }

    /// Quotes a value when it is empty or holds spaces, quotes, `=`, `\\` or a character that
    /// must be escaped (see ``isEscaped(_:)``), which is then written as `\u{…}` so that one
    /// log line is always one line on every terminal and log viewer.
    static func quote(_ value: String) -> String {
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
        guard needsQuotes else { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isEscaped(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
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

    /// UTC time with milliseconds: `2026-01-02T03:04:05.678Z`.
    static func timestamp() -> String {
        let (wholeSeconds, attoseconds) = WallClock.systemNow().components
        var seconds = Int(wholeSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))."
            + "\(pad(Int(attoseconds / 1_000_000_000_000_000), 3))Z"
    }

    /// Writes `line` and a newline to standard error in one `write` call.
    ///
    /// - Unsafe: the text's UTF-8 (from `withUTF8`) goes to `write` as a raw pointer,
    ///   `baseAddress! + offset`.
    /// - Invariant: the text is never empty (it ends in a newline), so `baseAddress` is not nil;
    ///   `offset` stays below `buffer.count` (it grows only by what `write` wrote) and the length
    ///   is what remains; the pointer does not outlive `withUTF8`.
    /// - Checked by: the product binary's log lines in `ShutdownDelayBinaryTests` and
    ///   `BinaryStressTests` (MenagerieTests; test servers replace `logSink`, so no test calls it
    ///   in process), under AddressSanitizer in CI (`.ci/run` step 3).
    public static func writeToStandardError(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
