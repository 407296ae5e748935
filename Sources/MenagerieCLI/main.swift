#if canImport(Glibc)
    import Glibc
#endif

/// `menagerie` dispatches its subcommands by hand: `menagerie [SUBCOMMAND] [ARGS]`.
/// With no subcommand (or only flags) it serves.
let exitCode = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
