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
