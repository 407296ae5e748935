/// `limit`/`skip` pagination: `limit` 0..100, `skip` ≥ 0 (the schema's description).
struct Page: Sendable, Equatable {
    static let maxLimit = 100

    var limit: Int
    var skip: Int

    /// Checks the arguments; a bad one is a BAD_USER_INPUT field error message.
    static func validated(limit: Int, skip: Int) -> Result<Page, ArgumentProblem> {
        guard (0...maxLimit).contains(limit) else {
            return .failure(ArgumentProblem("limit must be between 0 and \(maxLimit), got \(limit)."))
        }
        guard skip >= 0 else {
            return .failure(ArgumentProblem("skip must be 0 or more, got \(skip)."))
        }
        return .success(Page(limit: limit, skip: skip))
    }

    /// The window of `items` this page shows, with the total and whether more remain.
    func slice<T>(_ items: [T]) -> (items: [T], totalCount: Int, hasMore: Bool) {
        let start = min(skip, items.count)
        let end = min(start + limit, items.count)
        let window = Array(items[start..<end])
        return (window, items.count, skip + window.count < items.count)
    }
}

/// A bad argument value: becomes a field error with `extensions.code` BAD_USER_INPUT.
struct ArgumentProblem: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
