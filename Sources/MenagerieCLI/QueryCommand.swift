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
                               [--dog-ceo-url SRC] [--thedogapi-url SRC] [--zoo-url SRC] [--dnd-url SRC]
                               [--max-upstream-requests N] [--max-depth N] [--max-fields N] [--max-aliases N]
                               [FILE|-]

        Reads the document from FILE (standard input for '-' or no argument), runs it
        against the Menagerie schema and writes the response ({"data":…,"errors":…})
        to standard output. Exit status 1 when the response has errors.

        OPTIONS:
          --variables JSON     Variable values, a JSON object.
          --operation NAME     The operation to run (documents with several).
          --pretty             Indent the JSON.
        \(UpstreamOptions.help(column: 23))
                               The same upstream options and MENAGERIE_* variables as 'menagerie serve'.
        \(LimitOptions.help(column: 23))
                               Same defaults as 'menagerie serve'; a document over a limit is a request error.
          -h, --help           Show this help.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        let limits: QueryLimits
        let configuration: UpstreamsConfiguration
        do {
            parsed = try Arguments(
                arguments,
                valued: Set(["variables", "operation"]).union(UpstreamOptions.flags)
                    .union(LimitOptions.flags), boolean: ["pretty"], maxPositionals: 1, command: name)
            limits = try LimitOptions.queryLimits(parsed, environment: Terminal.environment, command: name)
            configuration = try UpstreamOptions.configuration(parsed, environment: Terminal.environment, command: name)
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
        app.upstreams.notices.setHandler { Terminal.err("menagerie query: " + $0) }
        let result = await app.execute(query: text, variables: variables, operationName: parsed[option: "operation"])
        Terminal.out(result.jsonString(pretty: parsed.has("pretty")))
        return result.hasErrors ? 1 : 0
    }
}
