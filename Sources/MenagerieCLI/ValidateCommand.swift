import GraphQL
import JSON
import Menagerie
import MenagerieUpstreams

/// `menagerie validate`: validates an executable document against a schema
/// (the served one by default) with every specified rule, and prints the
/// errors as JSON.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let summary = "Validate a GraphQL document against the schema; print errors as JSON."
    static let help = """
        USAGE: menagerie validate [--schema SDL_FILE] [--limits] [--max-depth N] [--max-fields N]
                                  [--max-aliases N] [FILE|-]

        Validates the executable document in FILE (standard input for '-' or when
        no FILE is given) against the schema in SDL_FILE (default: the served
        schema) with all of graphql-js's specified rules, and prints
        {"errors":[{"message":...,"locations":[{"line":...,"column":...}]}]}
        ({"errors":[]} when the document is valid). A syntax error in either file,
        or an invalid schema, is reported the same way.

        By default the output is exactly graphql-js's. With --limits (or any
        --max-* option), a document that passes every rule is then held to the
        server's cost limits (the same defaults and environment variables as
        'menagerie serve'), so 'valid' means 'menagerie serve would run it'.

        EXIT STATUS: 0 when valid, 1 when there are errors, 2 on bad usage or unreadable files.

        OPTIONS:
          --schema SDL_FILE   The schema to validate against (default: the served schema).
        \(LimitOptions.help(column: 22))
          --limits            Also apply the server's cost limits (implied by any --max-* option).
          --no-limits         Apply no cost limits (the default; graphql-js's rules only).
          -h, --help          Show this help.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        let limits: QueryLimits?
        do {
            parsed = try Arguments(
                arguments, valued: Set(["schema"]).union(LimitOptions.flags),
                boolean: ["limits", "no-limits"], maxPositionals: 1, command: name)
            let configured = try LimitOptions.queryLimits(parsed, environment: Terminal.environment, command: name)
            // graphql-js's output unless limits are asked for: conformance checks compare with it.
            let asked = parsed.has("limits") || LimitOptions.flags.contains { parsed[option: $0] != nil }
            limits = asked && !parsed.has("no-limits") ? configured : nil
        } catch {
            Terminal.err(error.message)
            return 2
        }
        let schemaText: String
        if let schemaPath = parsed[option: "schema"] {
            switch Terminal.readText(schemaPath) {
            case .success(let text): schemaText = text
            case .failure(let error):
                Terminal.err("menagerie validate: \(error.message)")
                return 2
            }
        } else {
            schemaText = Resources.schemaSDL
        }
        let documentPath = parsed.positionals.first ?? "-"
        let documentText: String
        switch Terminal.readText(documentPath) {
        case .success(let text): documentText = text
        case .failure(let error):
            Terminal.err("menagerie validate: \(error.message)")
            return 2
        }
        let errors = validationErrors(schemaSDL: schemaText, document: documentText, limits: limits)
        Terminal.out(errorsJSON(errors))
        return errors.isEmpty ? 0 : 1
    }

    /// Every error of building the schema, parsing the document, validating it or,
    /// when `limits` are given, measuring its cost (the first stage that fails gives the errors).
    static func validationErrors(schemaSDL: String, document: String, limits: QueryLimits? = nil) -> [GraphQLError] {
        let schemaDocument: Document
        do {
            schemaDocument = try parse(Source(schemaSDL, name: "schema"), options: .unlimited)
        } catch {
            return [error]
        }
        let schema: GraphQLSchema
        do {
            schema = try buildASTSchema(schemaDocument)
        } catch {
            return error.errors
        }
        let schemaErrors = validateSchema(schema)
        if !schemaErrors.isEmpty { return schemaErrors }
        let executable: Document
        do {
            executable = try parse(document)
        } catch {
            return [error]
        }
        let errors = validate(schema: schema, document: executable)
        guard errors.isEmpty, let limits else { return errors }
        return checkQueryLimits(executable, limits: limits)
    }

    /// `{"errors":[...]}` with each error's message and locations (omitted when it has none).
    static func errorsJSON(_ errors: [GraphQLError]) -> String {
        var list: [JSONValue] = []
        list.reserveCapacity(errors.count)
        for error in errors {
            var object = JSONObject()
            object.append("message", .string(error.message))
            if !error.locations.isEmpty {
                object.append(
                    "locations",
                    .array(
                        error.locations.map { location in
                            var entry = JSONObject()
                            entry.append("line", .int(location.line))
                            entry.append("column", .int(location.column))
                            return .object(entry)
                        }))
            }
            list.append(.object(object))
        }
        var root = JSONObject()
        root.append("errors", .array(list))
        return JSONValue.object(root).serialized()
    }
}
