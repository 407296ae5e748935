import JSON

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
    public init(pipeline: UpstreamPipeline, baseURL: String, listPolicy: CachePolicy = CachePolicy(defaultTTL: 3600)) {
        self.pipeline = pipeline
        self.baseURL = baseURL
        self.listPolicy = listPolicy
    }

    /// `GET /animals`: every animal.
    public func animals() async throws -> [ZooAnimal] {
        try await pipeline.fetchDecoded(request("/animals"), cache: listPolicy) { response in
            try decodeList(try pipeline.parseJSON(response.body))
        }
    }

    /// `GET /animals/{id}`: one animal; nil when the upstream answers 404.
    public func animal(id: Int) async throws -> ZooAnimal? {
        let response = try await pipeline.send(request("/animals/\(id)"), cache: listPolicy)
        if response.status == 404 { return nil }
        guard response.isSuccess else {
            let error = UpstreamError.unavailable(.zoo, status: response.status)
            pipeline.counters.recordError(error)
            throw error
        }
        let body = try pipeline.parseJSON(response.body)
        if case .array(let items) = body { return try decodeList(.array(items)).first { $0.id == id } }
        guard let animal = ZooAnimal(json: body) else { throw pipeline.badResponse("not an animal object") }
        return animal
    }

    /// `GET /animals/rand/{n}`: `count` (clamped to 1…10) distinct random animals. Never cached.
    public func randomAnimals(count: Int) async throws -> [ZooAnimal] {
        let n = min(max(1, count), Self.maxRandomCount)
        let body = try await pipeline.fetchJSON(request("/animals/rand/\(n)"), cache: .never)
        if case .object = body, let one = ZooAnimal(json: body) { return [one] }
        return try decodeList(body)
    }

    private func request(_ path: String) -> UpstreamRequest {
        UpstreamRequest(url: URLText.join(baseURL, path), headers: [UpstreamHeader("Accept", "application/json")])
    }

    private func decodeList(_ body: JSONValue) throws -> [ZooAnimal] {
        guard case .array(let items) = body else { throw pipeline.badResponse("the animal list is not an array") }
        return items.compactMap(ZooAnimal.init(json:))
    }
}
