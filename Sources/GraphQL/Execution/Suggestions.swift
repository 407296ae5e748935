/// "Did you mean ...?" hints for coercion errors, as graphql-js words them.
enum Suggestions {
    /// The options close to `input` (graphql-js `suggestionList`): by edit
    /// distance (case-insensitive, transpositions count one), closest first.
    static func list(_ input: String, _ options: [String]) -> [String] {
        let inputLower = Array(input.lowercased().unicodeScalars)
        let threshold = input.unicodeScalars.count * 4 / 10 + 1
        var found: [(String, Int)] = []
        for option in options {
            let distance: Int
            if option == input {
                distance = 0
            } else {
                let optionLower = Array(option.lowercased().unicodeScalars)
                if optionLower == inputLower {
                    distance = 1
                } else {
                    guard let measured = editDistance(inputLower, optionLower, threshold: threshold) else { continue }
                    distance = measured
                }
            }
            found.append((option, distance))
        }
        found.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return found.map(\.0)
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], threshold: Int) -> Int? {
        if abs(a.count - b.count) > threshold { return nil }
        let n = a.count, m = b.count
        var rows = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { rows[i][0] = i }
        for j in 0...m { rows[0][j] = j }
        if n == 0 || m == 0 { return max(n, m) <= threshold ? max(n, m) : nil }
        for i in 1...n {
            var smallest = Int.max
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var current = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current = min(current, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = current
                smallest = min(smallest, current)
            }
            if smallest > threshold { return nil }
        }
        return rows[n][m] <= threshold ? rows[n][m] : nil
    }

    /// ` Did you mean "a", "b", or "c"?` (empty when there is nothing to suggest).
    static func didYouMean(_ suggestions: [String], prefix: String? = nil) -> String {
        guard !suggestions.isEmpty else { return "" }
        var message = " Did you mean "
        if let prefix { message += prefix + " " }
        let quoted = suggestions.prefix(5).map { "\"\($0)\"" }
        switch quoted.count {
        case 1: message += quoted[0]
        case 2: message += quoted[0] + " or " + quoted[1]
        default: message += quoted.dropLast().joined(separator: ", ") + ", or " + quoted[quoted.count - 1]
        }
        return message + "?"
    }
}
