import GraphQL

/// The cost-limit options shared by `serve`, `query` and `validate`: `--max-depth`,
/// `--max-fields`, `--max-aliases`, each also from `MENAGERIE_MAX_DEPTH`, `MENAGERIE_MAX_FIELDS`,
/// `MENAGERIE_MAX_ALIASES` (a flag wins over its variable). Defaults are the engine's
/// (`QueryLimits()`: depth 20, 5,000 fields, 50 aliases).
enum LimitOptions {
    /// One limit: its flag (without dashes), its environment variable and its smallest meaningful value.
    struct Limit {
        var flag: String
        var variable: String
        var minimum: Int
    }

    static let depth = Limit(flag: ServeOption.maxDepth.rawValue, variable: "MENAGERIE_MAX_DEPTH", minimum: 1)
    static let fields = Limit(flag: ServeOption.maxFields.rawValue, variable: "MENAGERIE_MAX_FIELDS", minimum: 1)
    /// Zero aliases is meaningful: documents may not use any.
    static let aliases = Limit(flag: ServeOption.maxAliases.rawValue, variable: "MENAGERIE_MAX_ALIASES", minimum: 0)

    /// `serve` only: the largest GraphQL response body.
    static let responseBytes = Limit(
        flag: ServeOption.maxResponseBytes.rawValue, variable: "MENAGERIE_MAX_RESPONSE_BYTES", minimum: 1)

    /// `serve` only: the most automatic persisted queries kept (0 turns them off).
    static let persistedQueryCapacity = Limit(
        flag: ServeOption.apqCapacity.rawValue, variable: "MENAGERIE_APQ_CAPACITY", minimum: 0)

    /// The flags that take a value, for the argument scanner.
    static let flags: Set<String> = [depth.flag, fields.flag, aliases.flag]

    /// The limits asked for by `arguments` and `environment`, or the defaults.
    static func queryLimits(
        _ arguments: Arguments, environment: (String) -> String?,
        command: String
    ) throws(ArgumentError) -> QueryLimits {
        let defaults = QueryLimits()
        return QueryLimits(
            maxDepth: try value(depth, arguments, environment, default: defaults.maxDepth, command: command),
            maxFields: try value(fields, arguments, environment, default: defaults.maxFields, command: command),
            maxAliases: try value(aliases, arguments, environment, default: defaults.maxAliases, command: command))
    }

    static func value(
        _ limit: Limit, _ arguments: Arguments, _ environment: (String) -> String?,
        default defaultValue: Int, command: String
    ) throws(ArgumentError) -> Int {
        let source: String
        let text: String
        if let given = arguments[option: limit.flag] {
            source = "'--\(limit.flag)'"
            text = given
        } else if let given = environment(limit.variable) {
            source = limit.variable
            text = given
        } else {
            return defaultValue
        }
        let what = limit.minimum == 0 ? "an integer ≥ 0" : "a positive integer"
        guard let value = Int(text), value >= limit.minimum else {
            throw ArgumentError("menagerie \(command): \(source) must be \(what), got '\(text)'")
        }
        return value
    }

    /// `--help` lines for the three options, descriptions starting at column `column`.
    static func help(column: Int) -> String {
        [
            ("--max-depth N", "Deepest selection nesting of an operation (default 20). Env MENAGERIE_MAX_DEPTH."),
            (
                "--max-fields N",
                "Most fields of an operation, fragments expanded (default 5000). Env MENAGERIE_MAX_FIELDS."
            ),
            (
                "--max-aliases N",
                "Most aliases of an operation (default 50; 0 forbids aliases). Env MENAGERIE_MAX_ALIASES."
            )
        ].map { "  " + $0.0.padding(to: column - 2) + $0.1 }.joined(separator: "\n")
    }
}
