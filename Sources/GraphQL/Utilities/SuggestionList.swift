/// The options close enough to `input` to suggest ("Did you mean ...?"),
/// best first, as graphql-js's `suggestionList` picks them: a
/// Damerau-Levenshtein distance (case-insensitive; a case-only difference
/// counts 1) of at most 40% of the input's length, ties in natural order.
public func suggestionList(_ input: String, _ options: some Sequence<String>) -> [String] {
    var measure = LexicalDistance(input)
    let threshold = measure.inputLength * 4 / 10 + 1
    var found: [(option: String, distance: Int)] = []
    var seen: Set<String> = []
    for option in options where !seen.contains(option) {
        seen.insert(option)
        if let distance = measure.distance(to: option, threshold: threshold) {
            found.append((option, distance))
        }
    }
    found.sort { lhs, rhs in
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : naturalCompare(lhs.option, rhs.option) < 0
    }
    return found.map(\.option)
}

/// `" Did you mean "A", "B", or "C"?"` (at most five), or "" with no suggestions,
/// as graphql-js's `didYouMean`. With `subMessage`: `" Did you mean the enum value "A"?"`.
public func didYouMean(_ suggestions: [String]) -> String {
    didYouMean(nil, suggestions)
}

/// `" Did you mean SUBMESSAGE "A" or "B"?"`, as graphql-js's two-argument `didYouMean`.
public func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
    if suggestions.isEmpty { return "" }
    var message = " Did you mean "
    if let subMessage, !subMessage.isEmpty { message += subMessage + " " }
    let quoted = suggestions.map { "\"" + $0 + "\"" }
    switch quoted.count {
    case 1: return message + quoted[0] + "?"
    case 2: return message + quoted[0] + " or " + quoted[1] + "?"
    default:
        let selected = quoted.prefix(5)
        return message + selected.dropLast().joined(separator: ", ") + ", or " + (selected.last ?? "") + "?"
    }
}

/// Compares strings as graphql-js's `naturalCompare`: runs of digits compare as numbers.
/// Returns a negative number, zero or a positive number.
public func naturalCompare(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf16), b = Array(b.utf16)
    func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    var i = 0, j = 0
    while i < a.count && j < b.count {
        var aChar = a[i], bChar = b[j]
        if isDigit(aChar) && isDigit(bChar) {
            var aNum = 0
            repeat {
                i += 1
                aNum = aNum &* 10 &+ Int(aChar - 48)
                aChar = i < a.count ? a[i] : 0
            } while isDigit(aChar) && aNum > 0
            var bNum = 0
            repeat {
                j += 1
                bNum = bNum &* 10 &+ Int(bChar - 48)
                bChar = j < b.count ? b[j] : 0
            } while isDigit(bChar) && bNum > 0
            if aNum < bNum { return -1 }
            if aNum > bNum { return 1 }
        } else {
            if aChar < bChar { return -1 }
            if aChar > bChar { return 1 }
            i += 1
            j += 1
        }
    }
    return a.count - b.count
}

/// The optimal-string-alignment distance graphql-js uses, on UTF-16 code units.
struct LexicalDistance {
    private let input: String
    private let inputLowercased: String
    private let inputUnits: [UInt16]
    private var rows: [[Int]]

    init(_ input: String) {
        self.input = input
        self.inputLowercased = input.lowercased()
        self.inputUnits = Array(inputLowercased.utf16)
        let width = input.utf16.count + 1
        self.rows = [
            [Int](repeating: 0, count: width), [Int](repeating: 0, count: width), [Int](repeating: 0, count: width)
        ]
    }

    var inputLength: Int { input.utf16.count }

    mutating func distance(to option: String, threshold: Int) -> Int? {
        if option == input { return 0 }
        let optionLowercased = option.lowercased()
        if optionLowercased == inputLowercased { return 1 }
        var a = Array(optionLowercased.utf16)
        var b = inputUnits
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count, bLength = b.count
        if aLength - bLength > threshold { return nil }
        let width = bLength + 1
        for r in 0..<3 where rows[r].count < width {
            rows[r] = [Int](repeating: 0, count: width)
        }
        for j in 0...bLength { rows[0][j] = j }
        if aLength == 0 { return rows[0][bLength] <= threshold ? rows[0][bLength] : nil }
        for i in 1...aLength {
            let up = (i - 1) % 3, current = i % 3
            rows[current][0] = i
            var smallest = i
            if bLength > 0 {
                for j in 1...bLength {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                    }
                    if cell < smallest { smallest = cell }
                    rows[current][j] = cell
                }
            }
            if smallest > threshold { return nil }
        }
        let distance = rows[aLength % 3][bLength]
        return distance <= threshold ? distance : nil
    }
}
