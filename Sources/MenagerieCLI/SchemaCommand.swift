import GraphQL
import Menagerie
import MenagerieUpstreams

/// `menagerie schema [FILE|-]`: prints the served schema (or an SDL file) as
/// graphql-js's `printSchema` would, after building and validating it.
enum SchemaCommand: Subcommand {
    static let name = "schema"
    static let summary = "Print the served schema (SDL) in canonical form."
    static let help = """
        USAGE: menagerie schema [FILE|-]

        Builds the schema from SDL, checks it as graphql-js's validateSchema does,
        and prints it as graphql-js's printSchema does. Without FILE, the schema
        the server serves (Schema/schema.graphql, embedded in the binary).

        Exit status 1 with every error on standard error (FILE:LINE:COLUMN: MESSAGE)
        when the SDL does not build or is not a valid schema.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments, valued: [], maxPositionals: 1, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        let sdl: String
        let fileName: String
        if let path = parsed.positionals.first {
            switch Terminal.readText(path) {
            case .success(let text): sdl = text
            case .failure(let error):
                Terminal.err("menagerie schema: \(error.message)")
                return 2
            }
            fileName = path
        } else {
            sdl = Resources.schemaSDL
            fileName = "Schema/schema.graphql"
            if sdl.isEmpty {
                Terminal.err("menagerie schema: the embedded schema is empty")
                return 1
            }
        }
        do {
            let schema = try buildValidSchema(sdl, sourceName: fileName)
            Terminal.out(printSchema(schema))
            return 0
        } catch {
            for graphQLError in error.errors {
                let location = graphQLError.locations.first.map { ":\($0.line):\($0.column)" } ?? ""
                Terminal.err(fileName + location + ": " + graphQLError.message)
            }
            return 1
        }
    }
}
