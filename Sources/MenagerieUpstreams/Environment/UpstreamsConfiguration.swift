import Clocks
import Upstreams

/// Where each upstream is reached and how it is treated.
///
/// Environment variables (see ``fromEnvironment(_:defaultMode:)``):
/// `MENAGERIE_DOG_CEO_URL`, `MENAGERIE_THEDOGAPI_URL`, `MENAGERIE_ZOO_URL`,
/// `MENAGERIE_DND_URL` (giving one puts that upstream in live mode),
/// `THE_DOG_API_KEY`, `MENAGERIE_UPSTREAM_TIMEOUT` (seconds, default 10),
/// `MENAGERIE_UPSTREAM_RETRIES` (attempts, default 3).
public struct UpstreamsConfiguration: Sendable {
    /// How an upstream is reached.
    public enum Mode: String, Sendable, Equatable {
        /// In process, from the embedded snapshot.
        case embedded
        /// Over the network.
        case live
    }

    /// Dog CEO's public base URL (the one place it is written).
    public static let dogCEOBaseURL = "https://dog.ceo/api"
    /// The Dog API's public base URL.
    public static let theDogAPIBaseURL = "https://api.thedogapi.com/v1"
    /// The Zoo Animal API's public base URL.
    public static let zooBaseURL = "https://zoo-animal-api.herokuapp.com"
    /// The D&D 5e API's public GraphQL endpoint.
    public static let dndBaseURL = "https://www.dnd5eapi.co/graphql/2014"

    /// The public base URL of each upstream.
    public static let defaultBaseURLs: [UpstreamID: String] = [
        .dogCEO: dogCEOBaseURL, .theDogAPI: theDogAPIBaseURL, .zoo: zooBaseURL, .dnd5e: dndBaseURL,
    ]

    /// The environment variable overriding each base URL.
    public static let urlVariables: [UpstreamID: String] = [
        .dogCEO: "MENAGERIE_DOG_CEO_URL",
        .theDogAPI: "MENAGERIE_THEDOGAPI_URL",
        .zoo: "MENAGERIE_ZOO_URL",
        .dnd5e: "MENAGERIE_DND_URL",
    ]

    /// The mode of each upstream.
    public var modes: [UpstreamID: Mode]
    /// The base URL of each upstream (for D&D: the GraphQL endpoint).
    public var baseURLs: [UpstreamID: String]
    /// Upstreams whose URL was given explicitly (they stay live whatever the mode).
    public private(set) var explicitURLs: Set<UpstreamID> = []
    /// The Dog API key (`THE_DOG_API_KEY`), sent as `x-api-key`.
    public var theDogAPIKey: APIKey?
    /// Timeout, retries, breaker and cache size of each upstream.
    public var settings: [UpstreamID: UpstreamSettings]
    /// Freshness of breed lists (Dog CEO list and image lists, The Dog API breeds); default 6 h.
    public var breedListTTL: Duration
    /// Freshness of zoo animals and D&D query results; default 1 h.
    public var dataTTL: Duration
    /// How long after expiry a cached answer may still be served when the upstream fails; default 1 h.
    public var staleIfError: Duration

    /// Every upstream in `mode` at its default URL with default settings.
    public init(mode: Mode = .embedded) {
        modes = Dictionary(uniqueKeysWithValues: UpstreamID.allCases.map { ($0, mode) })
        baseURLs = Self.defaultBaseURLs
        theDogAPIKey = nil
        settings = Dictionary(uniqueKeysWithValues: UpstreamID.allCases.map { ($0, UpstreamSettings()) })
        breedListTTL = .seconds(6 * 3600)
        dataTTL = .seconds(3600)
        staleIfError = .seconds(3600)
    }

    /// The configuration from environment variables (`ProcessInfo.processInfo.environment`).
    /// Every upstream starts in `defaultMode`; one whose URL variable is set goes live.
    public static func fromEnvironment(_ environment: [String: String], defaultMode: Mode = .embedded) -> UpstreamsConfiguration {
        var configuration = UpstreamsConfiguration(mode: defaultMode)
        for upstream in UpstreamID.allCases {
            if let name = urlVariables[upstream], let url = environment[name], !url.trimmingSpaces.isEmpty {
                configuration.setURL(url.trimmingSpaces, for: upstream)
            }
        }
        configuration.theDogAPIKey = APIKey(environment["THE_DOG_API_KEY"])
        if let text = environment["MENAGERIE_UPSTREAM_TIMEOUT"], let seconds = Double(text.trimmingSpaces), seconds > 0, seconds.isFinite {
            for upstream in UpstreamID.allCases { configuration.settings[upstream]?.timeout = .clampedSeconds(seconds) }
        }
        if let text = environment["MENAGERIE_UPSTREAM_RETRIES"], let attempts = Int(text.trimmingSpaces), attempts >= 1 {
            for upstream in UpstreamID.allCases { configuration.settings[upstream]?.retry.maxAttempts = min(attempts, 10) }
        }
        return configuration
    }

    /// Points `upstream` at `url` and puts it in live mode (what `--dog-ceo-url` etc. do).
    public mutating func setURL(_ url: String, for upstream: UpstreamID) {
        baseURLs[upstream] = url
        modes[upstream] = .live
        explicitURLs.insert(upstream)
    }

    /// Puts every upstream in `mode` (what `--upstreams embedded|live` does), except
    /// those whose URL was given explicitly: they stay live.
    public mutating func setMode(_ mode: Mode) {
        for upstream in UpstreamID.allCases where !explicitURLs.contains(upstream) {
            modes[upstream] = mode
        }
    }

    /// The base URL of `upstream`.
    public func baseURL(_ upstream: UpstreamID) -> String {
        baseURLs[upstream] ?? Self.defaultBaseURLs[upstream] ?? ""
    }
}
