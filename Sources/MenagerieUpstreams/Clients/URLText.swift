/// Building upstream URLs without Foundation.
enum URLText {
    /// `base` without trailing slashes, followed by `path` (which starts with `/`).
    static func join(_ base: String, _ path: String) -> String {
        var base = Substring(base)
        while base.last == "/" { base.removeLast() }
        return String(base) + path
    }

    /// Percent-encodes `text` for use as one path segment or query value
    /// (unreserved characters stay: A-Z a-z 0-9 - . _ ~).
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// Decodes `%XX` escapes (and `+` as space in queries when `plusAsSpace`).
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else if plusAsSpace, byte == UInt8(ascii: "+") {
                bytes.append(32)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
