/// How ``validate(schema:document:rules:options:)`` reports errors.
///
/// The defaults are graphql-js's behaviour exactly (the conformance corpora check it); a server
/// that does not want to describe its schema to strangers turns ``suggestions`` off and
/// ``collapsesRepeatedDirectives`` on.
public struct ValidationOptions: Sendable, Equatable {
    /// After this many errors, one more error "Too many validation errors, error limit reached.
    /// Validation aborted." ends the list and validation stops (graphql-js: 100).
    public var maxErrors: Int
    /// Whether messages end with graphql-js's suggestions ("Did you mean "name"?", "Did you mean
    /// to use an inline fragment on "Dog"?", "Did you mean the enum value "SIT"?", "Did you mean
    /// "dog { ... }"?"). Off: the message stops before " Did you mean", otherwise unchanged, and
    /// no suggestion is computed.
    public var suggestions: Bool
    /// Whether N unknown or repeated non-repeatable directives on one node give one error per
    /// directive name instead of one per occurrence: `Unknown directive "@aa".` (or `Directive
    /// "@aa" may not be used on FIELD.`) once with the location of every `@aa` there, and `The
    /// directive "@skip" can only be used once at this location.` once with every `@skip` there.
    /// graphql-js (off) reports each occurrence, so `@aa@aa…@aa` costs one error per `@aa`.
    public var collapsesRepeatedDirectives: Bool

    /// graphql-js's behaviour unless told otherwise.
    public init(maxErrors: Int = 100, suggestions: Bool = true, collapsesRepeatedDirectives: Bool = false) {
        self.maxErrors = maxErrors
        self.suggestions = suggestions
        self.collapsesRepeatedDirectives = collapsesRepeatedDirectives
    }
}
