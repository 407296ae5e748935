/// Helpers that reproduce JavaScript behaviour graphql-js's output depends on.
enum ValidationSuggestions {
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
}
