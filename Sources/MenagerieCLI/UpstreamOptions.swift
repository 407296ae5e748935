import GraphQLServer
import MenagerieUpstreams
import Upstreams

/// The upstream options of every command that runs queries (`serve`, `query`, `check`), read in
/// this one place from flags and `MENAGERIE_*` variables (a flag wins over its variable):
///
/// - `--upstreams embedded|live` (`MENAGERIE_UPSTREAMS`): the default source of all four; live
///   keeps the zoo embedded, as it has no public host;
/// - `--dog-ceo-url`, `--thedogapi-url`, `--zoo-url`, `--dnd-url` (`MENAGERIE_DOG_CEO_URL`, …):
///   one upstream's source, `embedded`, `live` (its public URL) or an http(s) base URL;
/// - `--max-upstream-requests N|off` (`MENAGERIE_MAX_UPSTREAM_REQUESTS`): the budget of one
///   client request;
/// - `--upstream-rates NAME=N/s|N/min|off,…` (`MENAGERIE_UPSTREAM_RATES`): outbound paces;
/// - `MENAGERIE_THEDOGAPI_KEY` (alias `THE_DOG_API_KEY`), `MENAGERIE_UPSTREAM_TIMEOUT` (seconds),
///   `MENAGERIE_UPSTREAM_RETRIES` (attempts).
enum UpstreamOptions {
    /// One upstream's source option: its flag (without dashes) and variable.
    struct SourceOption {
        var upstream: UpstreamID
        var flag: String
        var variable: String
    }

    static let mode = (flag: "upstreams", variable: "MENAGERIE_UPSTREAMS")
    static let sources = [
        SourceOption(upstream: .dogCEO, flag: "dog-ceo-url", variable: "MENAGERIE_DOG_CEO_URL"),
        SourceOption(upstream: .theDogAPI, flag: "thedogapi-url", variable: "MENAGERIE_THEDOGAPI_URL"),
        SourceOption(upstream: .zoo, flag: "zoo-url", variable: "MENAGERIE_ZOO_URL"),
        SourceOption(upstream: .dnd5e, flag: "dnd-url", variable: "MENAGERIE_DND_URL")
    ]
    static let budget = (flag: "max-upstream-requests", variable: "MENAGERIE_MAX_UPSTREAM_REQUESTS")
    static let rates = (flag: "upstream-rates", variable: "MENAGERIE_UPSTREAM_RATES")
    /// The older name of ``UpstreamsConfiguration/theDogAPIKeyVariable``, still read.
    static let keyAlias = "THE_DOG_API_KEY"
    static let timeoutVariable = "MENAGERIE_UPSTREAM_TIMEOUT"
    static let retriesVariable = "MENAGERIE_UPSTREAM_RETRIES"
    /// The largest `--max-upstream-requests`.
    static let maxBudget = 100_000

    /// The flags that take a value, for the argument scanner.
    static let flags: Set<String> = Set([mode.flag, budget.flag, rates.flag] + sources.map(\.flag))

    /// The upstream configuration `arguments` and `environment` ask for.
    static func configuration(
        _ arguments: Arguments, environment: (String) -> String?,
        command: String
    ) throws(ArgumentError) -> UpstreamsConfiguration {
        func given(_ flag: String, _ variable: String) -> (source: String, text: String)? {
            if let text = arguments[option: flag] { return ("'--\(flag)'", text) }
            if let text = environment(variable), !text.trimmedSpaces.isEmpty { return (variable, text) }
            return nil
        }
        var configuration = UpstreamsConfiguration(mode: .embedded)
        if let (source, text) = given(mode.flag, mode.variable) {
            guard let parsed = UpstreamsConfiguration.Mode(rawValue: text.trimmedSpaces) else {
                throw ArgumentError("menagerie \(command): \(source) must be 'embedded' or 'live', got '\(text)'")
            }
            configuration.setMode(parsed)
        }
        for option in sources {
            guard let (source, text) = given(option.flag, option.variable) else { continue }
            switch text.trimmedSpaces {
            case "embedded":
                configuration.setEmbedded(option.upstream)
            case "live":
                guard UpstreamsConfiguration.publiclyHosted.contains(option.upstream) else {
                    throw ArgumentError(
                        "menagerie \(command): \(source) cannot be 'live': the Zoo Animal API has no public host any more (it was on Heroku's free tier); give the URL of a compatible server, or 'embedded'"
                    )
                }
                configuration.setURL(
                    UpstreamsConfiguration.defaultBaseURLs[option.upstream] ?? "", for: option.upstream)
            case let url:
                configuration.setURL(try baseURL(url, source: source, command: command), for: option.upstream)
            }
        }
        if let (source, text) = given(budget.flag, budget.variable) {
            let trimmed = text.trimmedSpaces
            if trimmed == "off" || trimmed == "0" {
                configuration.maxUpstreamRequests = nil
            } else {
                guard trimmed.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(trimmed),
                    (1...maxBudget).contains(value)
                else {
                    throw ArgumentError(
                        "menagerie \(command): \(source) must be a number of requests from 1 to \(maxBudget), or 0 or 'off' for no limit; got '\(text)'"
                    )
                }
                configuration.maxUpstreamRequests = value
            }
        }
        if let (source, text) = given(rates.flag, rates.variable) {
            configuration.rates = try paces(text, source: source, command: command)
        }
        configuration.theDogAPIKey =
            APIKey(environment(UpstreamsConfiguration.theDogAPIKeyVariable)) ?? APIKey(environment(keyAlias))
        if let text = environment(timeoutVariable) {
            guard let seconds = ServeConfiguration.decimalSeconds(text.trimmedSpaces), seconds > 0, seconds <= 600
            else {
                throw ArgumentError(
                    "menagerie \(command): \(timeoutVariable) must be seconds (like 10 or 2.5) from 0.001 to 600; got '\(text)'"
                )
            }
            for upstream in UpstreamID.allCases {
                configuration.settings[upstream]?.timeout = .milliseconds(Int64(max(1, (seconds * 1000).rounded())))
            }
        }
        if let text = environment(retriesVariable) {
            guard let attempts = Int(text.trimmedSpaces), (1...10).contains(attempts) else {
                throw ArgumentError(
                    "menagerie \(command): \(retriesVariable) must be a number of attempts from 1 to 10; got '\(text)'")
            }
            for upstream in UpstreamID.allCases { configuration.settings[upstream]?.retry.maxAttempts = attempts }
        }
        return configuration
    }

    /// `NAME=N/s|N/min|off,…`: the pace of each named upstream (`dog-ceo`, `thedogapi`, `zoo`,
    /// `dnd5e`); N sends per second or per minute (at once after a quiet spell: N per second up
    /// to 1,000, N per minute), `off` for none.
    static func paces(_ text: String, source: String, command: String) throws(ArgumentError) -> [UpstreamID:
        RatePolicy?]
    {
        var paces: [UpstreamID: RatePolicy?] = [:]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmedSpaces }
            guard parts.count == 2, let upstream = UpstreamID(rawValue: parts[0]) else {
                throw ArgumentError(
                    "menagerie \(command): \(source): '\(item)' is not NAME=RATE with NAME one of dog-ceo, thedogapi, zoo, dnd5e"
                )
            }
            if parts[1] == "off" {
                paces[upstream] = .some(nil)
                continue
            }
            let rate = parts[1].split(separator: "/", maxSplits: 1).map(String.init)
            guard rate.count == 2, rate[0].utf8.allSatisfy({ (48...57).contains($0) }), let count = Int(rate[0]),
                (1...100_000).contains(count), rate[1] == "s" || rate[1] == "min"
            else {
                throw ArgumentError(
                    "menagerie \(command): \(source): the rate of \(parts[0]) must be N/s, N/min or off (N from 1 to 100000), got '\(parts[1])'"
                )
            }
            paces[upstream] =
                rate[1] == "s"
                ? RatePolicy(perSecond: Double(count), burst: min(count, 1000))
                : RatePolicy(count: count, per: .seconds(60))
        }
        return paces
    }

    /// An http(s) base URL with a host, without trailing slashes.
    static func baseURL(_ text: String, source: String, command: String) throws(ArgumentError) -> String {
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        let rest = url.hasPrefix("http://") ? url.dropFirst(7) : url.hasPrefix("https://") ? url.dropFirst(8) : nil
        guard let rest, let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty,
            !url.utf8.contains(where: { $0 <= 32 || $0 == 127 })
        else {
            throw ArgumentError(
                "menagerie \(command): \(source) must be 'embedded', 'live' or an http(s) URL, got '\(text)'")
        }
        return url
    }

    /// `--help` lines for the options, descriptions starting at column `column`.
    static func help(column: Int) -> String {
        [
            (
                "--upstreams MODE",
                "embedded (default: the built-in snapshot) or live (the zoo stays embedded). Env MENAGERIE_UPSTREAMS."
            ),
            ("--dog-ceo-url SRC", "Dog CEO: embedded, live or a base URL. Env MENAGERIE_DOG_CEO_URL."),
            (
                "--thedogapi-url SRC",
                "The Dog API: embedded, live or a base URL (key: MENAGERIE_THEDOGAPI_KEY). Env MENAGERIE_THEDOGAPI_URL."
            ),
            (
                "--zoo-url SRC",
                "Zoo Animal API: embedded or a compatible server's URL (no public host). Env MENAGERIE_ZOO_URL."
            ),
            ("--dnd-url SRC", "D&D 5e GraphQL endpoint: embedded, live or a URL. Env MENAGERIE_DND_URL."),
            (
                "--upstream-rates LIST",
                "Outbound paces, e.g. dnd5e=40/s,thedogapi=10/min,zoo=off (defaults: the public hosts' limits). Env MENAGERIE_UPSTREAM_RATES."
            ),
            (
                "--max-upstream-requests N",
                "Upstream requests one request may cause (default \(UpstreamsConfiguration.defaultMaxUpstreamRequests); 0/off: no limit). Env MENAGERIE_MAX_UPSTREAM_REQUESTS."
            )
        ].map { "  " + $0.0.padding(to: column - 2) + $0.1 }.joined(separator: "\n")
    }

    /// The start-up log's line of each upstream: its name, source (`embedded` or `live`) and URL;
    /// for The Dog API whether a key is set (never the key), a warning when it is live without
    /// one; for an embedded zoo, why (no network is needed to say any of this).
    static func startupLines(_ configuration: UpstreamsConfiguration) -> [(LogLevel, [(String, String)])] {
        UpstreamID.allCases.map { upstream in
            let live = configuration.modes[upstream] == .live
            var level = LogLevel.info
            var fields: [(String, String)] = [("name", upstream.rawValue), ("source", live ? "live" : "embedded")]
            if live { fields.append(("url", configuration.baseURL(upstream))) }
            if upstream == .theDogAPI {
                fields.append(("key", configuration.theDogAPIKey == nil ? "unset" : "set"))
                if live, configuration.theDogAPIKey == nil {
                    level = .warning
                    fields.append(
                        (
                            "note",
                            "The Dog API refuses requests without a key: set \(UpstreamsConfiguration.theDogAPIKeyVariable)"
                        ))
                }
            }
            if upstream == .zoo, !live {
                fields.append(
                    (
                        "note",
                        "the Zoo Animal API has no public host: the embedded snapshot serves it (--zoo-url URL for a compatible server)"
                    ))
            }
            return (level, fields)
        }
    }
}
