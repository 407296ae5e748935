/// Percent-encoding (RFC 3986), written once for every module that builds or reads URLs.
public enum PercentEncoding {
    /// `text` with every byte but the unreserved characters (A-Z a-z 0-9 `-` `.` `_` `~`) written
    /// `%XX`: safe as one path segment or query value.
    public static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                out.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// `text` with its `%XX` escapes decoded (and `+` as a space when `plusAsSpace`, as in form
    /// queries). A `%` not followed by two hex digits stays as it is; nil only in `strict` mode,
    /// where such a `%` is an error.
    public static func decode(_ text: Substring, plusAsSpace: Bool = false, strict: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%") {
                if rest.count >= 2, let high = hexValue(rest[rest.startIndex]),
                    let low = hexValue(rest[rest.startIndex + 1])
                {
                    bytes.append(high << 4 | low)
                    rest = rest.dropFirst(2)
                    continue
                }
                if strict { return nil }
                bytes.append(byte)
            } else if plusAsSpace, byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of a hex digit (either case); nil for another byte.
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
}
