#if canImport(Glibc)
    import Glibc
#endif
import GraphQLServer

/// `menagerie` dispatches its subcommands by hand: `menagerie [SUBCOMMAND] [ARGS]`.
/// With no subcommand (or only flags) it serves.
let exitCode = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
LogWriter.standardError.flush() // every log line written before the process ends
exit(exitCode)
