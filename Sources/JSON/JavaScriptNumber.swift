/// JavaScript's `Number.prototype.toString` for a double: the shortest
/// digits that round-trip, written as JavaScript writes them ("3", "1.5",
/// "1e+21", "1.5e-7", "0.000001"). `-0` prints "0"; non-finite values print
/// "NaN", "Infinity" or "-Infinity" (the JSON writer writes those as null).
public func javaScriptNumberString(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    // Swift's description has the shortest round-trip digits; only the layout differs.
    let text = value.magnitude.description
    var digits: [UInt8] = []
    var pointPosition: Int?
    var exponent = 0
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
        let byte = utf8[index]
        if byte == UInt8(ascii: ".") {
            pointPosition = digits.count
        } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            exponent = Int(String(text[utf8.index(after: index)...])) ?? 0
            break
        } else {
            digits.append(byte)
        }
        index = utf8.index(after: index)
    }
    // value = 0.DIGITS × 10^n
    var n = (pointPosition ?? digits.count) + exponent
    while let first = digits.first, first == UInt8(ascii: "0") {
        digits.removeFirst()
        n -= 1
    }
    while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty { return "0" }
    let k = digits.count
    var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
    if k <= n && n <= 21 {
        out += digits
        out += [UInt8](repeating: UInt8(ascii: "0"), count: n - k)
    } else if 0 < n && n <= 21 {
        out += digits[0..<n]
        out.append(UInt8(ascii: "."))
        out += digits[n...]
    } else if -6 < n && n <= 0 {
        out += [UInt8(ascii: "0"), UInt8(ascii: ".")]
        out += [UInt8](repeating: UInt8(ascii: "0"), count: -n)
        out += digits
    } else {
        out.append(digits[0])
        if k > 1 {
            out.append(UInt8(ascii: "."))
            out += digits[1...]
        }
        out.append(UInt8(ascii: "e"))
        out.append(n - 1 >= 0 ? UInt8(ascii: "+") : UInt8(ascii: "-"))
        out += Array(String(abs(n - 1)).utf8)
    }
    return String(decoding: out, as: UTF8.self)
}
