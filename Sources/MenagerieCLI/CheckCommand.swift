import Clocks
import MenagerieUpstreams

/// `menagerie check [UPSTREAM OPTIONS]`: asks each configured live upstream one cheap request
/// and prints one line per upstream (``UpstreamCheck``).
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "Ask each live upstream one cheap request; say which are usable."
    static let help = """
        USAGE: menagerie check [--upstreams embedded|live] [--dog-ceo-url SRC] [--thedogapi-url SRC]
                               [--zoo-url SRC] [--dnd-url SRC] [--timeout SECONDS]
                               (--max-upstream-requests and --upstream-rates are accepted and unused)

        Takes the upstream options and MENAGERIE_* variables of 'menagerie serve' (The Dog API key from
        MENAGERIE_THEDOGAPI_KEY) and asks each live upstream one cheap request: Dog CEO its breed list,
        The Dog API one breed (is the key accepted?), a Zoo server its animals, the D&D endpoint its
        schema (does it have every field Menagerie asks for? with introspection off: one small query).
        Prints one line per upstream: source, reachable, HTTP status, latency, key, verdict.

        Exit status: 0 when every live upstream is usable, 1 when one is not, 2 on bad usage.

        OPTIONS:
        \(UpstreamOptions.help(column: 29))
          --timeout SECONDS           The longest one probe may take (default 10).
          -h, --help                  Show this help.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let configuration: UpstreamsConfiguration
        let timeout: Duration
        do {
            let parsed = try Arguments(
                arguments, valued: UpstreamOptions.flags.union(["timeout"]), maxPositionals: 0, command: name)
            configuration = try UpstreamOptions.configuration(parsed, environment: Terminal.environment, command: name)
            timeout = try probeTimeout(parsed[option: "timeout"])
        } catch {
            Terminal.err(error.message)
            return 2
        }
        let reports = await UpstreamCheck.run(configuration, timeout: timeout)
        Terminal.out(table(reports))
        return reports.allSatisfy(\.usable) ? 0 : 1
    }

    static func probeTimeout(_ text: String?) throws(ArgumentError) -> Duration {
        guard let text else { return .seconds(10) }
        guard let seconds = ServeConfiguration.decimalSeconds(text), seconds > 0, seconds <= 600 else {
            throw ArgumentError(
                "menagerie \(name): '--timeout' must be seconds (like 10 or 2.5) from 0.001 to 600; got '\(text)'")
        }
        return .milliseconds(Int64(max(1, (seconds * 1000).rounded())))
    }

    /// The reports as aligned columns, a header first.
    static func table(_ reports: [UpstreamCheck.Report]) -> String {
        let rows =
            [["UPSTREAM", "SOURCE", "REACHABLE", "STATUS", "LATENCY", "KEY", "VERDICT"]]
            + reports.map { report in
                [
                    report.upstream.rawValue, report.source,
                    report.reachable.map { $0 ? "yes" : "no" } ?? "-",
                    report.status.map(String.init) ?? "-",
                    report.latency.map { String(Int(($0.inSeconds * 1000).rounded())) + " ms" } ?? "-",
                    report.key,
                    (report.usable ? "usable: " : "NOT USABLE: ") + report.verdict
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<6).map { row[$0].padding(to: widths[$0] + 1) }.joined() + row[6]
        }.joined(separator: "\n")
    }
}
