import GraphQLServer
import Menagerie

/// `menagerie serve --profile NAME` (or `MENAGERIE_PROFILE`): a set of defaults for one kind of
/// deployment. A profile only changes defaults: an explicit flag or variable still wins
/// (`--no-introspection`, `--no-playground`, `MENAGERIE_INTROSPECTION=on`).
enum ServeProfile: String, Equatable, CaseIterable {
    /// Everything on, as when no profile is given: introspection, the playground (and
    /// `/images`), GET queries, "Did you mean" suggestions, graphql-js's error lists.
    case development
    /// For a public deployment: introspection off, no playground (`/`, `/playground/…` and
    /// `/images` answer 404), `GET` only with a header that forces a CORS preflight (else 400),
    /// no suggestions in errors, one error per repeated unknown or non-repeatable directive
    /// name on a node, and at most 20 errors in one response. `/health`, `/ready` and
    /// `/metrics` stay.
    case production

    /// `--profile NAME`, else `MENAGERIE_PROFILE`, else `development`. The flag wins.
    static func parse(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> ServeProfile {
        guard
            let (source, text) = ServeConfiguration.flagOrVariable(flag, "--profile", "MENAGERIE_PROFILE", environment)
        else {
            return .development
        }
        guard let profile = ServeProfile(rawValue: text) else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be 'development' or 'production', got '\(text)'")
        }
        return profile
    }

    /// Whether introspection is on when neither `--no-introspection` nor `MENAGERIE_INTROSPECTION` says.
    var introspection: Bool { self == .development }

    /// Whether the playground (with `/images`) is served unless `--no-playground` is given.
    var playground: Bool { self == .development }

    /// Which `GET` requests `/graphql` answers.
    var getRequests: GETPolicy { self == .development ? .allowed : .preflightRequired }

    /// Suggestions, repeated directives and the error cap.
    var errorReporting: ErrorReporting { self == .development ? .complete : .terse }
}
