import Foundation
import GraphQL
import JSON
import Menagerie
import MenagerieUpstreams

/// `menagerie query [--variables JSON] [--operation NAME] [FILE|-]`: runs one
/// query against Menagerie in process and prints the response.
enum QueryCommand: Subcommand {
    static let name = "query"
    static let summary = "Run one GraphQL query in process and print the JSON response."
    static let help = """
    USAGE: menagerie query [--variables JSON] [--operation NAME] [--upstreams embedded|live]
                           [--dog-ceo-url URL] [--thedogapi-url URL] [--zoo-url URL] [--dnd-url URL]
                           [--max-depth N] [--max-fields N] [--max-aliases N] [FILE|-]

    Reads the document from FILE (standard input for '-' or no argument), runs it
    against the Menagerie schema and writes the response ({"data":…,"errors":…})
    to standard output. Exit status 1 when the response has errors.

    OPTIONS:
      --variables JSON     Variable values, a JSON object.
      --operation NAME     The operation to run (documents with several).
      --upstreams MODE     embedded (default: the built-in snapshot) or live.
      --dog-ceo-url URL    Dog CEO base URL (live mode for that upstream); also MENAGERIE_DOG_CEO_URL.
      --thedogapi-url URL  The Dog API base URL; also MENAGERIE_THEDOGAPI_URL (key: THE_DOG_API_KEY).
      --zoo-url URL        Zoo Animal API base URL; also MENAGERIE_ZOO_URL.
      --dnd-url URL        D&D 5e GraphQL endpoint; also MENAGERIE_DND_URL.
      --pretty             Indent the JSON.
    \(LimitOptions.help(column: 23))
                           Same defaults as 'menagerie serve'; a document over a limit is a request error.
      -h, --help           Show this help.
    """

    static let urlOptions: [(String, UpstreamID)] = [
        ("dog-ceo-url", .dogCEO), ("thedogapi-url", .theDogAPI), ("zoo-url", .zoo), ("dnd-url", .dnd5e),
    ]

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        let limits: QueryLimits
        do {
            parsed = try Arguments(arguments, valued: Set(["variables", "operation", "upstreams"] + urlOptions.map { $0.0 })
                                   .union(LimitOptions.flags), boolean: ["pretty"], maxPositionals: 1, command: name)
            limits = try LimitOptions.queryLimits(parsed, environment: Terminal.environment, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        var variables = JSONObject()
        if let text = parsed[option: "variables"] {
            guard let value = try? JSONParser.parse(text), let object = value.objectValue else {
                Terminal.err("menagerie query: --variables must be a JSON object")
                return 2
            }
            variables = object
        }
        let mode: UpstreamsConfiguration.Mode
        switch parsed[option: "upstreams"] ?? "embedded" {
        case "embedded": mode = .embedded
        case "live": mode = .live
        case let other:
            Terminal.err("menagerie query: --upstreams must be 'embedded' or 'live', not '\(other)'")
            return 2
        }
        var configuration = UpstreamsConfiguration.fromEnvironment(ProcessInfo.processInfo.environment, defaultMode: mode)
        for (option, upstream) in urlOptions {
            if let url = parsed[option: option] { configuration.setURL(url, for: upstream) }
        }
        let path = parsed.positionals.first ?? "-"
        let text: String
        switch Terminal.readText(path) {
        case .success(let value): text = value
        case .failure(let error):
            Terminal.err("menagerie query: \(error.message)")
            return 2
        }
        let app: MenagerieApp
        do {
            app = try MenagerieApp(configuration: configuration, limits: limits)
        } catch {
            Terminal.err(String(describing: error))
            return 1
        }
        let result = await app.execute(query: text, variables: variables, operationName: parsed[option: "operation"])
        Terminal.out(result.jsonString(pretty: parsed.has("pretty")))
        return result.hasErrors ? 1 : 0
    }
}
