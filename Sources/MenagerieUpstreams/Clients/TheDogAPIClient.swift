import JSON
import Upstreams

/// Client of The Dog API (`https://api.thedogapi.com/v1`).
///
/// Sends `x-api-key` when a key is configured (from `THE_DOG_API_KEY`); the key
/// never appears in errors, logs or metrics. A refused key (401/403) is
/// ``UpstreamError/Kind/unavailable`` with that status.
public struct TheDogAPIClient: Sendable {
    /// The pipeline every request goes through.
    public let pipeline: UpstreamPipeline
    /// The base URL, e.g. `https://api.thedogapi.com/v1`.
    public let baseURL: String
    let apiKey: APIKey?
    /// Caching of breed lists and searches.
    public let policy: CachePolicy

    /// Creates a client.
    public init(pipeline: UpstreamPipeline, baseURL: String, apiKey: APIKey?, policy: CachePolicy = CachePolicy(defaultTTL: .seconds(6 * 3600))) {
        self.pipeline = pipeline
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.policy = policy
        self.allBreeds = KeyedRequest(Self.breedListRequest(path: "/breeds", baseURL: baseURL, apiKey: apiKey))
    }

    /// `GET /breeds`, made once (a warm request looks it up in the cache as it is).
    private let allBreeds: KeyedRequest

    /// `GET /breeds`: every breed (one request serves every breed).
    public func breeds() async throws -> [DogAPIBreed] {
        try await breedList(allBreeds.request).value
    }

    /// ``breeds()`` as the shared answer, to derive values from once per answer.
    public func breedsAnswer() async throws -> UpstreamAnswer<[DogAPIBreed]> {
        try await breedList(allBreeds.request)
    }

    /// ``breedsAnswer()`` when it is cached and fresh, without waiting; nil otherwise.
    public func freshBreedsAnswer() -> UpstreamAnswer<[DogAPIBreed]>? {
        pipeline.freshAnswer(allBreeds.request)
    }

    /// `GET /breeds/search?q=…`: breeds whose name matches `text`.
    public func search(_ text: String) async throws -> [DogAPIBreed] {
        try await breedList(Self.breedListRequest(path: "/breeds/search?q=" + URLText.encode(text), baseURL: baseURL, apiKey: apiKey)).value
    }

    private static func breedListRequest(path: String, baseURL: String, apiKey: APIKey?) -> UpstreamRequest {
        var headers = [UpstreamHeader("Accept", "application/json")]
        if let apiKey { headers.append(UpstreamHeader("x-api-key", apiKey.value)) }
        return UpstreamRequest(url: URLText.join(baseURL, path), headers: headers)
    }

    private func breedList(_ request: UpstreamRequest) async throws -> UpstreamAnswer<[DogAPIBreed]> {
        let pipeline = self.pipeline
        return try await pipeline.fetchDecodedAnswer(request, cache: policy) { response in
            guard case .array(let items) = try pipeline.parseJSON(response.body) else {
                throw pipeline.badResponse("the breed list is not an array")
            }
            return items.compactMap(DogAPIBreed.init(json:))
        }
    }
}

/// A request that carries the API key: described without its headers, so that describing
/// the client never shows the key.
private struct KeyedRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let request: UpstreamRequest
    init(_ request: UpstreamRequest) { self.request = request }
    var description: String { "UpstreamRequest(<redacted>)" }
    var debugDescription: String { description }
}
