import GraphQL
import JSON
import Menagerie

/// `menagerie query [--variables JSON] [--operation NAME] [FILE|-]`: executes
/// a document against the served schema in-process and prints the response.
enum QueryCommand: Subcommand {
    static let name = "query"
    static let summary = "Execute a GraphQL document against the served schema and print the JSON response."
    static let help = """
    USAGE: menagerie query [--variables JSON] [--operation NAME] [--schema SDL_FILE] [FILE|-]

    Parses, validates and executes FILE (standard input for '-' or no
    argument) in-process against the served schema, with the same engine as
    the server, and writes the JSON response (pretty-printed) to standard
    output. Exits with status 1 when the response has errors.

    OPTIONS:
      --variables JSON    The variable values, a JSON object (e.g. '{"count": 3}').
      --operation NAME    The operation to run when the document has several.
      --schema SDL_FILE   Execute against this schema instead (no resolvers:
                          only introspection and __typename answer).
      --compact           Write the response on one line.
      -h, --help          Show this help.
    """

    static func run(_ arguments: [String]) async -> Int32 {
        MemoryTuning.apply()
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments, valued: ["variables", "operation", "schema"], boolean: ["compact"],
                                   maxPositionals: 1, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        var variables = JSONObject()
        if let text = parsed[option: "variables"] {
            do {
                guard case .object(let object) = try JSONParser.parse(text) else {
                    Terminal.err("menagerie query: --variables must be a JSON object")
                    return 2
                }
                variables = object
            } catch {
                Terminal.err("menagerie query: --variables is not valid JSON: \(error.message)")
                return 2
            }
        }
        let path = parsed.positionals.first ?? "-"
        let query: String
        switch Terminal.readText(path) {
        case .success(let text): query = text
        case .failure(let error):
            Terminal.err("menagerie query: \(error.message)")
            return 2
        }
        let engine: GraphQLEngine
        do {
            if let schemaPath = parsed[option: "schema"] {
                engine = try QueryEngine.make(schemaFile: schemaPath)
            } else {
                engine = try QueryEngine.makeServed()
            }
        } catch {
            Terminal.err("menagerie query: \(error.message)")
            return 1
        }
        let result = await engine.execute(query: query, operationName: parsed[option: "operation"], variables: variables)
        Terminal.out(result.jsonString(pretty: !parsed.has("compact")))
        return result.hasErrors ? 1 : 0
    }
}

/// Where `menagerie query` gets its engine.
enum QueryEngine {
    struct Failure: Error {
        var message: String
    }

    /// The engine of the served schema, as the server builds it.
    ///
    /// Until the Menagerie module provides its resolvers, this is the served
    /// schema with no resolvers bound (introspection and `__typename` work).
    static func makeServed() throws(Failure) -> GraphQLEngine {
        try engine(sdl: Resources.schemaSDL, name: "Schema/schema.graphql")
    }

    /// An engine for the SDL in `schemaFile`, without resolvers.
    static func make(schemaFile: String) throws(Failure) -> GraphQLEngine {
        switch Terminal.readText(schemaFile) {
        case .success(let sdl): return try engine(sdl: sdl, name: schemaFile)
        case .failure(let error): throw Failure(message: error.message)
        }
    }

    private static func engine(sdl: String, name: String) throws(Failure) -> GraphQLEngine {
        do {
            let document = try parse(Source(sdl, name: name), options: .unlimited)
            let schema = try buildASTSchema(document)
            return try GraphQLEngine(schema: schema, resolvers: ResolverMap())
        } catch let error as SchemaBuildError {
            throw Failure(message: "\(name): \(error.description)")
        } catch let error as GraphQLError {
            throw Failure(message: "\(name): \(error.message)")
        } catch {
            throw Failure(message: "\(name): \(error)")
        }
    }
}
