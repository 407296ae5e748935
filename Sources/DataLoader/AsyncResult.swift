extension Result where Failure == any Error {
    /// The outcome of an async throwing call as a value: `.success` with what `body`
    /// returned, or `.failure` with what it threw.
    ///
    /// Batch functions use it to settle a call before they put its outcome into a tuple:
    /// `(position, .success(try await call()))` in a `do` whose `catch` returns
    /// `(position, .failure(error))` loses `position` in Swift 6.3 release builds
    /// (docs/testing.md, "Release safety").
    public init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
