import GraphQL

/// How much the errors of a request tell the client, and how many one response may carry:
/// the engine's ``ValidationOptions`` and ``ExecutionOptions`` switches, chosen together.
public struct ErrorReporting: Sendable, Equatable {
    /// Whether validation and variable errors end with graphql-js's "Did you mean …?".
    public var suggestions: Bool
    /// Whether N unknown or repeated non-repeatable directives of one name on one node give
    /// one error (with every location) instead of N.
    public var collapsesRepeatedDirectives: Bool
    /// The most errors in one response, validation, variable and field errors alike (nil: only
    /// graphql-js's limits, 100 validation errors and 50 variable errors). A response with more
    /// keeps the first `maxErrors - 1`; the last one says the limit was reached. An answer in
    /// parts (`@defer`/`@stream`) counts its errors across all its parts.
    public var maxErrors: Int?

    public init(suggestions: Bool, collapsesRepeatedDirectives: Bool, maxErrors: Int?) {
        self.suggestions = suggestions
        self.collapsesRepeatedDirectives = collapsesRepeatedDirectives
        self.maxErrors = maxErrors
    }

    /// graphql-js's errors, every one of them, with suggestions.
    public static let complete = ErrorReporting(suggestions: true, collapsesRepeatedDirectives: false, maxErrors: nil)
    /// No suggestions, one error per repeated directive name, at most 20 errors a response.
    public static let terse = ErrorReporting(suggestions: false, collapsesRepeatedDirectives: true, maxErrors: 20)

    /// The validation options: with a limit of N, validation stops after N - 1 errors and adds
    /// graphql-js's "Too many validation errors, error limit reached. Validation aborted.".
    public var validationOptions: ValidationOptions {
        let defaults = ValidationOptions()
        return ValidationOptions(
            maxErrors: maxErrors.map { min(defaults.maxErrors, max(0, $0 - 1)) } ?? defaults.maxErrors,
            suggestions: suggestions, collapsesRepeatedDirectives: collapsesRepeatedDirectives)
    }

    /// The execution options, with `introspection` as given: with a limit of N, variable
    /// coercion stops after N - 1 errors (and adds graphql-js's notice), and a result with
    /// more than N errors is cut to N.
    public func executionOptions(introspection: Bool) -> ExecutionOptions {
        let defaults = ExecutionOptions()
        return ExecutionOptions(
            introspection: introspection,
            maxVariableErrors: maxErrors.map { min(defaults.maxVariableErrors, max(0, $0 - 1)) }
                ?? defaults.maxVariableErrors,
            suggestions: suggestions, maxErrors: maxErrors)
    }
}
