import JSON
import Upstreams

/// Client of the Zoo Animal API: `GET /animals/rand/{n}` (1…10, the deployed
/// API) and `GET /animals`, `GET /animals/{id}` (the open-source version's routes).
public struct ZooClient: Sendable {
    /// The largest count `/animals/rand/{n}` serves.
    public static let maxRandomCount = 10

    /// The pipeline every request goes through.
    public let pipeline: UpstreamPipeline
    /// The base URL.
    public let baseURL: String
    /// Caching of the full list and single animals.
    public let listPolicy: CachePolicy

    /// Creates a client.
    public init(pipeline: UpstreamPipeline, baseURL: String, listPolicy: CachePolicy = CachePolicy(defaultTTL: .seconds(3600))) {
        self.pipeline = pipeline
        self.baseURL = baseURL
        self.listPolicy = listPolicy
        self.allAnimalsRequest = UpstreamRequest(url: URLText.join(baseURL, "/animals"),
                                                 headers: [UpstreamHeader("Accept", "application/json")])
    }

    /// `GET /animals`, made once (a warm request looks it up in the cache as it is).
    private let allAnimalsRequest: UpstreamRequest

    /// `GET /animals`: every animal.
    public func animals() async throws -> [ZooAnimal] {
        try await animalsAnswer().value
    }

    /// ``animals()`` as the shared answer, to derive values from once per answer.
    public func animalsAnswer() async throws -> UpstreamAnswer<[ZooAnimal]> {
        let pipeline = self.pipeline
        return try await pipeline.fetchDecodedAnswer(allAnimalsRequest, cache: listPolicy) { response in
            try Self.decodeList(try pipeline.parseJSON(response.body), pipeline: pipeline)
        }
    }

    /// ``animalsAnswer()`` when it is cached and fresh, without waiting; nil otherwise.
    public func freshAnimalsAnswer() -> UpstreamAnswer<[ZooAnimal]>? {
        pipeline.freshAnswer(allAnimalsRequest)
    }

    /// `GET /animals/{id}`: one animal; nil when the upstream answers 404.
    public func animal(id: Int) async throws -> ZooAnimal? {
        let pipeline = self.pipeline
        return try await pipeline.sendDecoded(request("/animals/\(id)"), cache: listPolicy) { response -> ZooAnimal? in
            if response.status == 404 { return nil }
            guard response.isSuccess else { throw pipeline.unavailable(status: response.status) }
            let body = try pipeline.parseJSON(response.body)
            if case .array(let items) = body { return try Self.decodeList(.array(items), pipeline: pipeline).first { $0.id == id } }
            guard let animal = ZooAnimal(json: body) else { throw pipeline.badResponse("not an animal object") }
            return animal
        }
    }

    /// `GET /animals/rand/{n}`: `count` (clamped to 1…10) distinct random animals. Never cached.
    public func randomAnimals(count: Int) async throws -> [ZooAnimal] {
        let n = min(max(1, count), Self.maxRandomCount)
        let pipeline = self.pipeline
        return try await pipeline.fetchDecoded(request("/animals/rand/\(n)"), cache: .never) { response in
            let body = try pipeline.parseJSON(response.body)
            if case .object = body, let one = ZooAnimal(json: body) { return [one] }
            return try Self.decodeList(body, pipeline: pipeline)
        }
    }

    private func request(_ path: String) -> UpstreamRequest {
        UpstreamRequest(url: URLText.join(baseURL, path), headers: [UpstreamHeader("Accept", "application/json")])
    }

    private static func decodeList(_ body: JSONValue, pipeline: UpstreamPipeline) throws -> [ZooAnimal] {
        guard case .array(let items) = body else { throw pipeline.badResponse("the animal list is not an array") }
        return items.compactMap(ZooAnimal.init(json:))
    }
}
