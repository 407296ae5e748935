/// "Did you mean ...?" suggestions worded and ordered as graphql-js's
/// `suggestionList`, `didYouMean` and `naturalCompare` do.
enum ValidationSuggestions {
    /// The options close to `input` (an edit distance within 40% of its
    /// length, a case change counting as one edit), closest first, then in
    /// natural order.
    static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
        let distance = ValidationLexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var byDistance: [String: Int] = [:]
        for option in options {
            if byDistance[option] != nil { continue }
            if let d = distance.measure(option, threshold: threshold) { byDistance[option] = d }
        }
        return byDistance.keys.sorted { a, b in
            let da = byDistance[a] ?? 0
            let db = byDistance[b] ?? 0
            if da != db { return da < db }
            return naturalCompare(a, b) < 0
        }
    }

    /// ` Did you mean "A", "B", or "C"?` (at most five), or "" when there are none.
    static func didYouMean(_ suggestions: [String]) -> String {
        didYouMean(nil, suggestions)
    }

    /// ` Did you mean SUBMESSAGE "A" or "B"?`.
    static func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.map { "\"" + $0 + "\"" }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            var selected = Array(quoted.prefix(5))
            let last = selected.removeLast()
            return message + selected.joined(separator: ", ") + ", or " + last + "?"
        }
    }

    /// `Array.prototype.sort` with a comparator as V8 runs it on short arrays:
    /// a stable binary insertion sort (what matters when the comparator is
    /// not a consistent order).
    static func javaScriptSort<T>(_ items: [T], _ compare: (T, T) -> Int) -> [T] {
        var result = items
        if result.count < 2 { return result }
        for index in 1..<result.count {
            let pivot = result[index]
            var left = 0
            var right = index
            while left < right {
                let middle = left + (right - left) / 2
                if compare(pivot, result[middle]) < 0 { right = middle } else { left = middle + 1 }
            }
            var position = index
            while position > left {
                result[position] = result[position - 1]
                position -= 1
            }
            result[left] = pivot
        }
        return result
    }

    /// Natural order: digit runs compare as numbers (graphql-js's `naturalCompare`).
    static func naturalCompare(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf16)
        let y = Array(b.utf16)
        var i = 0
        var j = 0
        func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
        while i < x.count && j < y.count {
            var ca = x[i]
            var cb = y[j]
            if isDigit(ca) && isDigit(cb) {
                var na = 0
                repeat {
                    i += 1
                    na = na &* 10 &+ Int(ca) - 48
                    ca = i < x.count ? x[i] : 0
                } while isDigit(ca) && na > 0
                var nb = 0
                repeat {
                    j += 1
                    nb = nb &* 10 &+ Int(cb) - 48
                    cb = j < y.count ? y[j] : 0
                } while isDigit(cb) && nb > 0
                if na < nb { return -1 }
                if na > nb { return 1 }
            } else {
                if ca < cb { return -1 }
                if ca > cb { return 1 }
                i += 1
                j += 1
            }
        }
        return x.count - y.count
    }
}

/// Damerau-Levenshtein distance with case changes as one edit (graphql-js's `ValidationLexicalDistance`).
private struct ValidationLexicalDistance {
    let input: String
    let inputLowerCase: String
    let inputArray: [UInt16]

    init(_ input: String) {
        self.input = input
        self.inputLowerCase = input.lowercased()
        self.inputArray = Array(inputLowerCase.utf16)
    }

    func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowerCase = option.lowercased()
        if inputLowerCase == optionLowerCase { return 1 }
        var a = Array(optionLowerCase.utf16)
        var b = inputArray
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count
        let bLength = b.count
        if aLength - bLength > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLength + 1), count: 3)
        for j in 0...bLength { rows[0][j] = j }
        if aLength == 0 { return rows[0][bLength] <= threshold ? rows[0][bLength] : nil }
        for i in 1...aLength {
            let up = (i - 1) % 3
            let current = i % 3
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
