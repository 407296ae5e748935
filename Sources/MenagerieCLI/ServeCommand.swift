/// `menagerie serve`: the HTTP server (placeholder until the server lands).
enum ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "Serve GraphQL over HTTP (the default)."
    static let help = """
    USAGE: menagerie serve [--host H] [--port P] [--upstreams embedded|live]
    """

    static func run(_ arguments: [String]) async -> Int32 {
        do {
            _ = try Arguments(arguments, valued: ["host", "port", "upstreams"], maxPositionals: 0, command: name)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        Terminal.err("menagerie serve: not implemented yet")
        return 1
    }
}
