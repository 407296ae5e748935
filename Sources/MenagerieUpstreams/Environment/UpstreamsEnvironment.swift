import Clocks
import DataLoader
import Upstreams

/// The four upstream clients of one server process, with their pipelines
/// (caches, breakers, counters shared by all requests).
public final class UpstreamsEnvironment: Sendable {
    /// The Dog CEO client.
    public let dogCEO: DogCEOClient
    /// The Dog API client.
    public let theDogAPI: TheDogAPIClient
    /// The Zoo Animal API client.
    public let zoo: ZooClient
    /// The D&D GraphQL client.
    public let dnd: DnDClient
    /// Batch statistics of the per-request loaders.
    public let loaderMetrics = LoaderMetrics()
    /// What the clients tell the operator (a refused key); the server sets its log as handler.
    public let notices = UpstreamNotices()
    /// The configuration in force.
    public let configuration: UpstreamsConfiguration

    /// Builds the clients.
    ///
    /// - Parameters:
    ///   - embeddedLookup: reads snapshot files (path → text) for upstreams in embedded mode.
    ///   - dndHandler: the embedded D&D GraphQL endpoint (the application answers the
    ///     query with its GraphQL engine over `Snapshot/dnd/monsters.json`). Without it an
    ///     embedded D&D upstream answers 503 (`UPSTREAM_UNAVAILABLE`).
    ///   - transports: explicit transports by upstream (tests), taking precedence.
    ///   - sharedCache: a cache shared with other replicas (e.g. Redis), used by the pipelines
    ///     of live upstreams and of explicit `transports` (embedded ones answer in process).
    ///   - wallClock: dates shared cache entries (and `Retry-After` dates).
    public init(
        configuration: UpstreamsConfiguration,
        embeddedLookup: (@Sendable (String) -> String?)? = nil,
        dndHandler: (@Sendable (UpstreamRequest) async throws -> UpstreamResponse)? = nil,
        transports: [UpstreamID: any Transport] = [:],
        clock: MonotonicClock = .system,
        sharedCache: (any SharedCache)? = nil,
        wallClock: WallClock = .system
    ) {
        self.configuration = configuration
        func pipeline(_ upstream: UpstreamID) -> UpstreamPipeline {
            var settings = configuration.settings[upstream] ?? UpstreamSettings()
            settings.rate = settings.rate ?? configuration.rate(upstream)
            let transport: any Transport
            var shared = sharedCache
            if let explicit = transports[upstream] {
                transport = explicit
            } else if configuration.modes[upstream] == .live {
                transport = URLSessionTransport(timeout: settings.timeout)
            } else if upstream == .dnd5e, let dndHandler {
                transport = ClosureTransport(dndHandler)
                shared = nil
            } else {
                transport = EmbeddedTransport(upstream: upstream, lookup: embeddedLookup ?? { _ in nil })
                shared = nil
            }
            return UpstreamPipeline(
                upstream: upstream.name, transport: transport, settings: settings, clock: clock,
                wallClock: wallClock, sharedCache: shared)
        }
        let lists = CachePolicy(defaultTTL: configuration.breedListTTL, staleIfError: configuration.staleIfError)
        let data = CachePolicy(defaultTTL: configuration.dataTTL, staleIfError: configuration.staleIfError)
        dogCEO = DogCEOClient(pipeline: pipeline(.dogCEO), baseURL: configuration.baseURL(.dogCEO), listPolicy: lists)
        theDogAPI = TheDogAPIClient(
            pipeline: pipeline(.theDogAPI), baseURL: configuration.baseURL(.theDogAPI),
            apiKey: configuration.theDogAPIKey, policy: lists, notices: notices)
        zoo = ZooClient(pipeline: pipeline(.zoo), baseURL: configuration.baseURL(.zoo), listPolicy: data)
        dnd = DnDClient(pipeline: pipeline(.dnd5e), endpoint: configuration.baseURL(.dnd5e), policy: data)
    }

    /// Every upstream in embedded mode.
    public static func embedded(
        lookup: @escaping @Sendable (String) -> String?,
        dndHandler: (@Sendable (UpstreamRequest) async throws -> UpstreamResponse)? = nil
    ) -> UpstreamsEnvironment {
        UpstreamsEnvironment(
            configuration: UpstreamsConfiguration(mode: .embedded), embeddedLookup: lookup, dndHandler: dndHandler)
    }

    /// The clients as one client request uses them: every call shared within the request and
    /// counted against its budget (``UpstreamsConfiguration/maxUpstreamRequests``); its waits
    /// on The Dog API's breeds (the facts: leaf data, and a host paced at 10 requests a minute)
    /// told to `scheduler`: not runnable work, so the request's loads are sent meanwhile. A wait
    /// on the Dog CEO or zoo lists stays runnable work: the monsters their breeds and animals
    /// link to are then loaded in the same batch as the others (one D&D request).
    public func clients(scheduler: BatchScheduler? = nil) -> UpstreamClients {
        let scope = UpstreamScope(
            maxSends: configuration.maxUpstreamRequests, waits: scheduler.map(SchedulerWaits.init))
        return UpstreamClients(
            dogCEO: dogCEO.scoped(to: scope), theDogAPI: theDogAPI.scoped(to: scope),
            zoo: zoo.scoped(to: scope), dnd: dnd.scoped(to: scope),
            scope: scope, loaderMetrics: loaderMetrics)
    }

    /// The pipelines in a fixed order (Dog CEO, The Dog API, Zoo, D&D).
    public var pipelines: [UpstreamPipeline] {
        [dogCEO.pipeline, theDogAPI.pipeline, zoo.pipeline, dnd.pipeline]
    }

    /// The Prometheus text lines of every upstream and loader (for `/metrics`), named after the
    /// application's `prefix` (`menagerie` → `menagerie_upstream_requests_total`).
    public func metricsText(prefix: String) -> String {
        UpstreamMetricsText.render(pipelines: pipelines, loaders: loaderMetrics, prefix: prefix)
    }
}

/// The four clients of one client request, sharing its ``UpstreamScope``: made by
/// ``UpstreamsEnvironment/clients(scheduler:)`` for each GraphQL request.
public struct UpstreamClients: Sendable {
    /// The Dog CEO client.
    public let dogCEO: DogCEOClient
    /// The Dog API client.
    public let theDogAPI: TheDogAPIClient
    /// The Zoo Animal API client.
    public let zoo: ZooClient
    /// The D&D GraphQL client.
    public let dnd: DnDClient
    /// The request's calls and budget.
    public let scope: UpstreamScope
    /// Batch statistics of the loaders.
    public let loaderMetrics: LoaderMetrics
}

/// A request's ``BatchScheduler`` told of the request's waits on upstream calls.
struct SchedulerWaits: UpstreamWaitObserver {
    let scheduler: BatchScheduler

    func beginWait() -> Bool { scheduler.beginOutsideWait() }
    func endWait(_ token: Bool) { scheduler.endOutsideWait(token) }
}
