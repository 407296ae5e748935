extension GraphQLError {
    /// The error that ends a list cut at an error limit (``ExecutionOptions/maxErrors``).
    public static var tooManyErrors: GraphQLError {
        GraphQLError(message: "Too many errors, error limit reached. Further errors omitted.")
    }
}

extension Array where Element == GraphQLError {
    /// At most `limit` errors (nil: all of them): a longer list keeps its first `limit - 1`
    /// and ends with ``GraphQLError/tooManyErrors``. A list already cut this way and then
    /// extended is cut again to the same shape. A limit below 1 counts as 1.
    public func limited(to limit: Int?) -> [GraphQLError] {
        guard let limit else { return self }
        let cap = Swift.max(1, limit)
        guard count > cap else { return self }
        return Array(prefix(cap - 1)) + [.tooManyErrors]
    }
}

extension ExecutionResult {
    /// Cuts ``errors`` to at most `limit` (see ``Swift/Array/limited(to:)``); `data` is unchanged.
    public mutating func limitErrors(to limit: Int?) {
        errors = errors.limited(to: limit)
    }
}

/// One error limit (``ExecutionOptions/maxErrors``) shared by every payload of an incremental
/// answer, spent in the order the errors are sent: the first `limit - 1` errors go out as they
/// are, the error that would be the `limit`-th goes out as ``GraphQLError/tooManyErrors``, and
/// every later one is dropped. (A plain result keeps exactly `limit` errors whole; an answer in
/// parts cannot know, when its `limit`-th error leaves, whether more will follow.)
struct ErrorBudget {
    /// How many more errors may go out as they are (nil: no limit).
    private var left: Int?
    /// Whether ``GraphQLError/tooManyErrors`` has gone out.
    private(set) var isSpent = false

    /// A budget of `limit` errors (nil: no limit; below 1 counts as 1).
    init(limit: Int?) { left = limit.map { Swift.max(1, $0) - 1 } }

    /// Whether there is a limit at all.
    var isLimited: Bool { left != nil }

    /// The part of `errors` (one entry's, in order) the budget lets out, with `marker` in place of
    /// the error that spends it; nil when every one of them goes out unchanged.
    mutating func take<Entry>(_ errors: [Entry], marker: @autoclosure () -> Entry) -> [Entry]? {
        guard let available = left, !errors.isEmpty else { return nil }
        if isSpent { return [] }
        if errors.count <= available {
            left = available - errors.count
            return nil
        }
        left = 0
        isSpent = true
        return Array(errors.prefix(available)) + [marker()]
    }
}
