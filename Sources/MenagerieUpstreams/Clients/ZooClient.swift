import Base
import JSON
import Locking
import Upstreams

/// Client of a Zoo Animal API server. The public host is gone (docs/upstreams.md); a compatible
/// server speaks the deployed version's routes (`GET /animals`, `GET /animals/rand/{n}`) or the
/// open-source version's (`GET /animals`, `GET /animals/random/{n}`). No version had
/// `GET /animals/{id}`: one animal comes from the list.
public struct ZooClient: Sendable {
    /// The largest count `/animals/rand/{n}` serves.
    public static let maxRandomCount = 10

    /// What the client is made with, shared by every scoped copy: a copy (one per client request)
    /// costs two retains, not one per field.
    private let settings: Settings

    /// The pipeline every request goes through.
    public var pipeline: UpstreamPipeline { settings.pipeline }
    /// The base URL.
    public var baseURL: String { settings.baseURL }
    /// Caching of the full list.
    public var listPolicy: CachePolicy { settings.listPolicy }
    /// The client request whose calls this client makes (nil: none; see ``scoped(to:)``).
    public private(set) var scope: UpstreamScope?
    /// The random route the server answered (`rand` until a 404 says `random`).
    private var randomRoute: RandomRoute { settings.randomRoute }

    /// Creates a client.
    public init(
        pipeline: UpstreamPipeline, baseURL: String, listPolicy: CachePolicy = CachePolicy(defaultTTL: .seconds(3600))
    ) {
        settings = Settings(
            pipeline: pipeline, baseURL: baseURL, listPolicy: listPolicy,
            allAnimalsRequest: UpstreamRequest(
                url: URLText.join(baseURL, "/animals"),
                headers: [UpstreamHeader("Accept", "application/json")]))
    }

    /// This client making its calls for one client request (``UpstreamScope``).
    public func scoped(to scope: UpstreamScope) -> ZooClient {
        var client = self
        client.scope = scope
        return client
    }

    /// `GET /animals`, made once (a warm request looks it up in the cache as it is).
    private var allAnimalsRequest: UpstreamRequest { settings.allAnimalsRequest }

    /// The client's fixed parts (see ``settings``).
    private final class Settings: Sendable {
        let pipeline: UpstreamPipeline
        let baseURL: String
        let listPolicy: CachePolicy
        let allAnimalsRequest: UpstreamRequest
        let randomRoute = RandomRoute()

        init(pipeline: UpstreamPipeline, baseURL: String, listPolicy: CachePolicy, allAnimalsRequest: UpstreamRequest) {
            self.pipeline = pipeline
            self.baseURL = baseURL
            self.listPolicy = listPolicy
            self.allAnimalsRequest = allAnimalsRequest
        }
    }

    /// `GET /animals`: every animal; ready while the list is cached and fresh. One answer object
    /// per cache entry, to derive values from once per answer.
    public func animals() -> Eventual<UpstreamAnswer<[ZooAnimal]>> {
        let pipeline = self.pipeline
        return pipeline.answer(allAnimalsRequest, cache: listPolicy, scope: scope) { response in
            try Self.decodeList(try pipeline.parseJSON(response.body), pipeline: pipeline)
        }
    }

    /// The animal with `id`, from the list (``animals()``); nil when none has it.
    public func animal(id: Int) -> Eventual<ZooAnimal?> {
        animals().map { $0.derived(as: ZooAnimalIDIndex.self, ZooAnimalIDIndex.init).byID[id] }
    }

    /// `GET /animals/rand/{n}` (the deployed routes), or `GET /animals/random/{n}` when the
    /// server answers 404 to that (the open-source routes; remembered): `count` (clamped to
    /// 1…10) distinct random animals. Never cached; shared within one client request.
    public func randomAnimals(count: Int) -> Eventual<[ZooAnimal]> {
        let n = min(max(1, count), Self.maxRandomCount)
        return .pending { [self] in
            let route = randomRoute.current
            if let animals = try await randomAnimals(route: route, n: n) { return animals }
            let other = route == RandomRoute.deployed ? RandomRoute.openSource : RandomRoute.deployed
            guard let animals = try await randomAnimals(route: other, n: n) else {
                throw pipeline.unavailable(status: 404)
            }
            randomRoute.current = other
            return animals
        }
    }

    /// The animals of `/animals/{route}/{n}`; nil when the server has no such route (404).
    private func randomAnimals(route: String, n: Int) async throws -> [ZooAnimal]? {
        let pipeline = self.pipeline
        let request = UpstreamRequest(
            url: URLText.join(baseURL, "/animals/\(route)/\(n)"),
            headers: [UpstreamHeader("Accept", "application/json")])
        return try await pipeline.sendDecoded(request, cache: .never, scope: scope) { response -> [ZooAnimal]? in
            if response.status == 404 { return nil }
            guard response.isSuccess else { throw pipeline.unavailable(status: response.status) }
            let body = try pipeline.parseJSON(response.body)
            if case .object = body, let one = ZooAnimal(json: body) { return [one] }
            return try Self.decodeList(body, pipeline: pipeline)
        }
    }

    private static func decodeList(_ body: JSONValue, pipeline: UpstreamPipeline) throws -> [ZooAnimal] {
        guard case .array(let items) = body else { throw pipeline.badResponse("the animal list is not an array") }
        return items.compactMap(ZooAnimal.init(json:))
    }
}

/// The random route a Zoo server answers: `rand` (deployed) or `random` (open source).
private final class RandomRoute: Sendable {
    static let deployed = "rand"
    static let openSource = "random"
    private let route = Locked(RandomRoute.deployed)

    var current: String {
        get { route.withLock { $0 } }
        set { route.withLock { $0 = newValue } }
    }
}

/// The zoo animals by id (the first animal of each id), built once per `/animals` answer.
final class ZooAnimalIDIndex: Sendable {
    let byID: [Int: ZooAnimal]

    init(_ animals: [ZooAnimal]) {
        var byID: [Int: ZooAnimal] = [:]
        for animal in animals where byID[animal.id] == nil { byID[animal.id] = animal }
        self.byID = byID
    }
}
