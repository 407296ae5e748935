import Clocks
import Upstreams

/// Where each upstream is reached and how it is treated.
///
/// Each upstream's source is embedded (the snapshot, in process) or live at a base URL. The
/// Zoo Animal API has no public host any more: live mode keeps it embedded unless a compatible
/// server's URL is given. The `menagerie` command reads this from its flags and `MENAGERIE_*`
/// variables in one place (docs/upstreams.md).
public struct UpstreamsConfiguration: Sendable, Equatable {
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
    /// The Zoo Animal API's former public base URL: offline since Heroku's free tier ended. The
    /// embedded transport answers under it; nothing calls it live.
    public static let zooBaseURL = "https://zoo-animal-api.herokuapp.com"
    /// The D&D 5e API's public GraphQL endpoint.
    public static let dndBaseURL = "https://www.dnd5eapi.co/graphql/2014"

    /// The base URL each upstream has by default (the zoo's is no longer served).
    public static let defaultBaseURLs: [UpstreamID: String] = [
        .dogCEO: dogCEOBaseURL, .theDogAPI: theDogAPIBaseURL, .zoo: zooBaseURL, .dnd5e: dndBaseURL
    ]

    /// The upstreams that have a public host to call live (all but the zoo).
    public static let publiclyHosted: Set<UpstreamID> = [.dogCEO, .theDogAPI, .dnd5e]

    /// The variable holding The Dog API key (sent as `x-api-key`).
    public static let theDogAPIKeyVariable = "MENAGERIE_THEDOGAPI_KEY"

    /// The outbound pace kept with each public host, under its documented limit: D&D allows
    /// 50 requests a second per address (40/s here), The Dog API's free plan 10 a minute, Dog
    /// CEO publishes none (50/s here). A server of one's own (a URL given) has no limit unless
    /// one is set (``rates``).
    public static let publicRates: [UpstreamID: RatePolicy] = [
        .dogCEO: RatePolicy(perSecond: 50, burst: 50),
        .theDogAPI: RatePolicy(count: 10, per: .seconds(60)),
        .dnd5e: RatePolicy(perSecond: 40, burst: 40)
    ]

    /// The most upstream requests one client request may cause by default.
    public static let defaultMaxUpstreamRequests = 200

    /// The mode of each upstream.
    public var modes: [UpstreamID: Mode]
    /// The base URL of each upstream (for D&D: the GraphQL endpoint).
    public var baseURLs: [UpstreamID: String]
    /// The Dog API key, sent as `x-api-key`.
    public var theDogAPIKey: APIKey?
    /// Timeout, retries, breaker and cache size of each upstream.
    public var settings: [UpstreamID: UpstreamSettings]
    /// Freshness of breed lists (Dog CEO list and image lists, The Dog API breeds); default 6 h.
    public var breedListTTL: Duration
    /// Freshness of zoo animals and D&D query results; default 1 h.
    public var dataTTL: Duration
    /// How long after expiry a cached answer may still be served when the upstream fails; default 1 h.
    public var staleIfError: Duration
    /// The most upstream requests one client request may cause (``UpstreamScope``); nil: no limit.
    public var maxUpstreamRequests: Int?
    /// Outbound paces set explicitly (`--upstream-rates`): a policy, or nil for none. An
    /// upstream not named here keeps ``publicRates`` at its public URL and no limit elsewhere.
    public var rates: [UpstreamID: RatePolicy?] = [:]

    /// Every upstream in `mode` at its default URL with default settings (live mode keeps the
    /// zoo embedded: it has no public host).
    public init(mode: Mode = .embedded) {
        modes = Dictionary(uniqueKeysWithValues: UpstreamID.allCases.map { ($0, .embedded) })
        baseURLs = Self.defaultBaseURLs
        theDogAPIKey = nil
        settings = Dictionary(uniqueKeysWithValues: UpstreamID.allCases.map { ($0, UpstreamSettings()) })
        breedListTTL = .seconds(6 * 3600)
        dataTTL = .seconds(3600)
        staleIfError = .seconds(3600)
        maxUpstreamRequests = Self.defaultMaxUpstreamRequests
        setMode(mode)
    }

    /// Points `upstream` at `url` and calls it live (what `--zoo-url URL` etc. do).
    public mutating func setURL(_ url: String, for upstream: UpstreamID) {
        baseURLs[upstream] = url
        modes[upstream] = .live
    }

    /// Serves `upstream` from the embedded snapshot (what `--zoo-url embedded` does).
    public mutating func setEmbedded(_ upstream: UpstreamID) {
        baseURLs[upstream] = Self.defaultBaseURLs[upstream]
        modes[upstream] = .embedded
    }

    /// Puts every upstream in `mode` at its default URL (what `--upstreams embedded|live`
    /// does); in live mode the zoo stays embedded.
    public mutating func setMode(_ mode: Mode) {
        for upstream in UpstreamID.allCases {
            baseURLs[upstream] = Self.defaultBaseURLs[upstream]
            modes[upstream] = mode == .live && Self.publiclyHosted.contains(upstream) ? .live : .embedded
        }
    }

    /// The base URL of `upstream`.
    public func baseURL(_ upstream: UpstreamID) -> String {
        baseURLs[upstream] ?? Self.defaultBaseURLs[upstream] ?? ""
    }

    /// The outbound pace of `upstream` (nil: none): the one set, else its public host's when
    /// it is called live at its public URL. Embedded upstreams answer in process: none.
    public func rate(_ upstream: UpstreamID) -> RatePolicy? {
        guard modes[upstream] == .live else { return nil }
        if let set = rates[upstream] { return set }
        return baseURL(upstream) == Self.defaultBaseURLs[upstream] ? Self.publicRates[upstream] : nil
    }

    /// Where `upstream`'s data comes from, as the start-up log and `menagerie check` show it:
    /// `embedded`, or the live base URL.
    public func source(_ upstream: UpstreamID) -> String {
        modes[upstream] == .live ? baseURL(upstream) : "embedded"
    }
}
