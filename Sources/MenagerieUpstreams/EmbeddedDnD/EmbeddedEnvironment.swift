import Clocks
import Upstreams

extension UpstreamsEnvironment {
    /// The environment of `configuration` with Menagerie's embedded data: the snapshot files for
    /// Dog CEO, The Dog API and Zoo, and ``EmbeddedDnDEndpoint`` for an embedded D&D upstream.
    /// Upstreams in live mode (and explicit `transports`) are unaffected. `clock` drives the
    /// pipelines' breakers and caches (the system clock unless a test injects one);
    /// `sharedCache` is shared with other replicas by the live upstreams' pipelines.
    public static func menagerie(
        configuration: UpstreamsConfiguration,
        transports: [UpstreamID: any Transport] = [:],
        clock: MonotonicClock = .system,
        sharedCache: (any SharedCache)? = nil
    ) throws -> UpstreamsEnvironment {
        var dndHandler: (@Sendable (UpstreamRequest) async throws -> UpstreamResponse)?
        if configuration.modes[.dnd5e] != .live, transports[.dnd5e] == nil {
            dndHandler = try EmbeddedDnDEndpoint.fromSnapshot().handler
        }
        return UpstreamsEnvironment(
            configuration: configuration, embeddedLookup: { SnapshotFiles.file($0) },
            dndHandler: dndHandler, transports: transports, clock: clock, sharedCache: sharedCache)
    }
}
