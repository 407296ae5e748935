/// One RESP2 value, as Redis sends it (`+`, `-`, `:`, `$`, `*`).
public enum RESPValue: Sendable, Equatable {
    /// `+OK`: a short status text.
    case simpleString(String)
    /// `-ERR …`: an error reply (the stream stays usable).
    case error(String)
    /// `:42`: a signed 64-bit integer.
    case integer(Int64)
    /// `$5 hello` (nil: `$-1`, the null bulk string).
    case bulkString([UInt8]?)
    /// `*2 …` (nil: `*-1`, the null array).
    case array([RESPValue]?)

    /// The bytes of a bulk or simple string; nil otherwise (and for the null bulk string).
    public var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes): return bytes
        case .simpleString(let text): return Array(text.utf8)
        default: return nil
        }
    }

    /// Whether the value is the null bulk string or the null array.
    public var isNull: Bool {
        switch self {
        case .bulkString(nil), .array(nil): return true
        default: return false
        }
    }
}

/// Encodes commands as RESP arrays of bulk strings (what clients send).
public enum RESPEncoder {
    /// The bytes of one command, e.g. `["SET", "k", "v"]`.
    public static func command(_ arguments: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16 + arguments.reduce(0) { $0 + $1.count + 16 })
        out.append(UInt8(ascii: "*"))
        out += Array(String(arguments.count).utf8)
        out += crlf
        for argument in arguments {
            out.append(UInt8(ascii: "$"))
            out += Array(String(argument.count).utf8)
            out += crlf
            out += argument
            out += crlf
        }
        return out
    }

    /// The bytes of one value (replies, for test servers).
    public static func value(_ value: RESPValue) -> [UInt8] {
        switch value {
        case .simpleString(let text): return [UInt8(ascii: "+")] + Array(text.utf8) + crlf
        case .error(let text): return [UInt8(ascii: "-")] + Array(text.utf8) + crlf
        case .integer(let number): return [UInt8(ascii: ":")] + Array(String(number).utf8) + crlf
        case .bulkString(nil): return Array("$-1\r\n".utf8)
        case .bulkString(let bytes?): return [UInt8(ascii: "$")] + Array(String(bytes.count).utf8) + crlf + bytes + crlf
        case .array(nil): return Array("*-1\r\n".utf8)
        case .array(let values?):
            var out = [UInt8(ascii: "*")] + Array(String(values.count).utf8) + crlf
            for element in values { out += Self.value(element) }
            return out
        }
    }

    static let crlf: [UInt8] = [13, 10]
}
