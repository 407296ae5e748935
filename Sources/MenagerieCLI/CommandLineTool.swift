/// The subcommands of `menagerie` and the top-level help.
enum CommandLineTool {
    /// Every subcommand, in the order `--help` lists them.
    static var subcommands: [any Subcommand.Type] {
        [
            ServeCommand.self,
            QueryCommand.self,
            CheckCommand.self,
            PrintCommand.self,
            ValidateCommand.self,
            SchemaCommand.self,
            BenchCommand.self,
            VersionCommand.self
        ]
    }

    static let overview = """
        menagerie: one GraphQL API over dog breeds, zoo animals and D&D monsters.

        USAGE: menagerie [SUBCOMMAND] [OPTIONS]

        With no subcommand, `menagerie` serves (same as `menagerie serve`); `menagerie --version`
        prints the version.

        Exit status, every command: 0 success; 1 the work failed (errors in a response, an invalid
        document or schema, an upstream `check` found unusable); 2 bad usage (an unknown option, a bad
        value, a missing or unreadable input file).
        """

    static func run(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first else { return await ServeCommand.run([]) }
        if first == "--help" || first == "-h" || first == "help" {
            if first == "help", arguments.count > 1, let command = subcommand(named: arguments[1]) {
                Terminal.out(command.help)
                return 0
            }
            Terminal.out(helpText)
            return 0
        }
        if first == "--version" || first == "-V" {
            return await VersionCommand.run(Array(arguments.dropFirst()))
        }
        if first.hasPrefix("-") {
            // `menagerie --port 9000` serves; an option serve does not know is the top level's error.
            let name = String(first.drop { $0 == "-" }.prefix { $0 != "=" })
            guard ServeOption(rawValue: name) != nil else {
                Terminal.err("menagerie: unknown option '\(first)'. See 'menagerie --help'.")
                return 2
            }
            return await ServeCommand.run(arguments)
        }
        guard let command = subcommand(named: first) else {
            Terminal.err("menagerie: unknown subcommand '\(first)'. See 'menagerie --help'.")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Terminal.out(command.help)
            return 0
        }
        return await command.run(rest)
    }

    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    static var helpText: String {
        var text = overview + "\n\nSUBCOMMANDS:\n"
        let width = (subcommands.map { $0.name.count }.max() ?? 0) + 2
        for command in subcommands {
            text += "  " + command.name.padding(to: width) + command.summary + "\n"
        }
        text += "\nSee 'menagerie SUBCOMMAND --help' for the options of each."
        return text
    }
}

/// One `menagerie` subcommand.
protocol Subcommand {
    /// The word that selects it: `serve`, `print`, ...
    static var name: String { get }
    /// One line for the overview.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs it with the arguments after the subcommand name; returns the exit code.
    static func run(_ arguments: [String]) async -> Int32
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
