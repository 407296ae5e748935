import GraphQL

/// `menagerie print [FILE|-]`: parses a document and prints it as graphql-js's `print` does.
enum PrintCommand: Subcommand {
    static let name = "print"
    static let summary = "Parse a GraphQL document and print it as graphql-js prints it."
    static let help = """
        USAGE: menagerie print [FILE|-]

        Parses FILE (standard input for '-' or no argument), executable or SDL, and
        writes it to standard output exactly as graphql-js's print(parse(doc)) does.

        On a syntax error, writes 'FILE:LINE:COLUMN: Syntax Error: MESSAGE' to
        standard error and exits with status 1.

        OPTIONS:
          -h, --help   Show this help.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments, valued: [], maxPositionals: 1, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        let path = parsed.positionals.first ?? "-"
        let text: String
        switch Terminal.readText(path) {
        case .success(let value): text = value
        case .failure(let error):
            Terminal.err("menagerie print: \(error.message)")
            return 2
        }
        do {
            let document = try parse(Source(text, name: path), options: .unlimited)
            Terminal.out(printAST(document))
            return 0
        } catch {
            let location = error.locations.first.map { "\($0.line):\($0.column)" } ?? "1:1"
            Terminal.err("\(path):\(location): \(error.message)")
            return 1
        }
    }
}
