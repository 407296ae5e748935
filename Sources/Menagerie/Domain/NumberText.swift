/// Strict parsing of the numbers upstreams send as text.
enum NumberText {
    /// A plain decimal number: optional sign, digits, optional fraction
    /// (`"1.90"`, `"-3"`, `".5"` is rejected). No exponent, no "NaN", no
    /// "Infinity", no surrounding text. Leading and trailing spaces are ignored.
    static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmedText = BreedNaming.trimmed(String(text))
        var sawDigit = false
        var sawPoint = false
        var digitsAfterPoint = 0
        for (index, byte) in trimmedText.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                if sawPoint { digitsAfterPoint += 1 }
            case UInt8(ascii: "."):
                guard !sawPoint, sawDigit else { return nil }
                sawPoint = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard index == 0 else { return nil }
            default:
                return nil
            }
        }
        guard sawDigit, !sawPoint || digitsAfterPoint > 0 else { return nil }
        guard let value = Double(trimmedText), value.isFinite else { return nil }
        return value
    }

    /// A range written `"3 - 6"`, `"3.2-4.5"`, `"10 – 16"` (en dash) or a single
    /// number `"25"` (min = max). Anything else is nil.
    static func range(_ text: String) -> (min: Double, max: Double)? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" }
        switch parts.count {
        case 1:
            guard let value = decimal(parts[0]) else { return nil }
            return (value, value)
        case 2:
            guard let low = decimal(parts[0]), let high = decimal(parts[1]) else { return nil }
            return (low, high)
        default:
            return nil
        }
    }

    /// A Dog API life span: `"10 - 12 years"`, `"10 – 16 years"`, `"12-15"`,
    /// `"12 years"`, `"12"`, in years; nil when it cannot be parsed.
    static func lifeSpan(_ text: String) -> MeasuredRange? {
        var body = BreedNaming.trimmed(text)
        for suffix in ["years", "year"] where body.lowercased().hasSuffix(suffix) {
            body = String(body.dropLast(suffix.count))
            break
        }
        guard let (low, high) = range(body) else { return nil }
        return MeasuredRange(min: low, max: high, unit: "years")
    }

    /// The comma-separated pieces of a temperament, trimmed, empty ones dropped.
    static func list(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",").map { BreedNaming.trimmed(String($0)) }.filter { !$0.isEmpty }
    }
}
