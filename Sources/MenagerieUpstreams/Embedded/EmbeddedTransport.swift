import Upstreams

/// The in-process transport of embedded mode: answers requests in each
/// upstream's real wire format from the snapshot files, so the same clients,
/// caching and batching code runs offline.
///
/// Files read through `lookup` (path → text):
/// - `dog-ceo/breeds-list-all.json` (the `/breeds/list/all` response),
///   `dog-ceo/breed-images.json` (object: `"hound"` / `"hound/afghan"` → image URLs);
/// - `thedogapi/breeds.json` (the `/v1/breeds` array);
/// - `zoo/animals.json` (array of animals in the wire format).
///
/// "Random" endpoints are deterministic: a generator seeded from `seed` and the
/// request path, so a given request always gets the same answer.
///
/// The D&D upstream is GraphQL and needs the project's engine: it is not served
/// here (this transport answers 503 for `.dnd5e`); supply a ``ClosureTransport``
/// through ``UpstreamsEnvironment/embedded(lookup:dndHandler:)`` instead.
public struct EmbeddedTransport: Transport {
    /// The upstream imitated.
    public let upstream: UpstreamID
    let snapshot: EmbeddedSnapshot
    let seed: UInt64

    /// Creates a transport for `upstream` reading snapshot files with `lookup`.
    public init(
        upstream: UpstreamID, seed: UInt64 = 0x4D65_6E61_6765_7269, lookup: @escaping @Sendable (String) -> String?
    ) {
        self.upstream = upstream
        self.snapshot = EmbeddedSnapshot(lookup: lookup)
        self.seed = seed
    }

    public func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .plain("Method not allowed", status: 405)
        }
        switch upstream {
        case .dogCEO:
            return EmbeddedDogCEO(snapshot: snapshot, seed: seed).answer(EmbeddedRoute(request, droppingPrefix: "api"))
        case .theDogAPI:
            return EmbeddedDogAPI(snapshot: snapshot).answer(EmbeddedRoute(request, droppingPrefix: "v1"))
        case .zoo:
            return EmbeddedZoo(snapshot: snapshot, seed: seed).answer(EmbeddedRoute(request, droppingPrefix: "api"))
        case .dnd5e:
            return .plain("The embedded D&D GraphQL endpoint is not configured.", status: 503)
        }
    }
}
