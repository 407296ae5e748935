import Base
import JSON
import Upstreams

/// A main breed of the Dog CEO list with its sub-breeds.
public struct DogCEOBreed: Sendable, Hashable {
    /// The main breed name (`"hound"`).
    public var name: String
    /// Its sub-breed names (`["afghan", "basset", …]`), possibly empty.
    public var subBreeds: [String]

    /// Creates an entry.
    public init(name: String, subBreeds: [String]) {
        self.name = name
        self.subBreeds = subBreeds
    }
}

/// Client of the Dog CEO API (`https://dog.ceo/api`).
///
/// Success answers are `{"message": …, "status": "success"}`; errors
/// `{"status": "error", "message": …, "code": 404}`.
public struct DogCEOClient: Sendable {
    /// What the client is made with, shared by every scoped copy: a copy (one per client request)
    /// costs two retains, not one per field.
    private let settings: Settings

    /// The pipeline every request goes through.
    public var pipeline: UpstreamPipeline { settings.pipeline }
    /// The base URL, e.g. `https://dog.ceo/api`.
    public var baseURL: String { settings.baseURL }
    /// Caching of the breed list and full image lists.
    public var listPolicy: CachePolicy { settings.listPolicy }
    /// Caching of random images (never by default).
    public var randomPolicy: CachePolicy { settings.randomPolicy }

    /// The client request whose calls this client makes (nil: none; see ``scoped(to:)``).
    public private(set) var scope: UpstreamScope?

    /// This client making its calls for one client request (``UpstreamScope``).
    public func scoped(to scope: UpstreamScope) -> Self {
        var client = self
        client.scope = scope
        return client
    }

    /// Creates a client.
    public init(
        pipeline: UpstreamPipeline, baseURL: String,
        listPolicy: CachePolicy = CachePolicy(defaultTTL: .seconds(6 * 3600)), randomPolicy: CachePolicy = .never
    ) {
        settings = Settings(
            pipeline: pipeline, baseURL: baseURL, listPolicy: listPolicy, randomPolicy: randomPolicy,
            breedListRequest: UpstreamRequest(
                url: URLText.join(baseURL, "/breeds/list/all"),
                headers: [UpstreamHeader("Accept", "application/json")]))
    }

    /// `GET /breeds/list/all`, made once (a warm request looks it up in the cache as it is).
    private var breedListRequest: UpstreamRequest { settings.breedListRequest }

    /// The client's fixed parts (see ``settings``).
    private final class Settings: Sendable {
        let pipeline: UpstreamPipeline
        let baseURL: String
        let listPolicy: CachePolicy
        let randomPolicy: CachePolicy
        let breedListRequest: UpstreamRequest

        init(
            pipeline: UpstreamPipeline, baseURL: String, listPolicy: CachePolicy, randomPolicy: CachePolicy,
            breedListRequest: UpstreamRequest
        ) {
            self.pipeline = pipeline
            self.baseURL = baseURL
            self.listPolicy = listPolicy
            self.randomPolicy = randomPolicy
            self.breedListRequest = breedListRequest
        }
    }

    /// `GET /breeds/list/all`: every main breed with its sub-breeds, in upstream order; ready
    /// while the list is cached and fresh. One answer object per cache entry, to derive values
    /// from once per answer.
    public func breeds() -> Eventual<UpstreamAnswer<[DogCEOBreed]>> {
        let pipeline = self.pipeline
        return pipeline.answer(breedListRequest, cache: listPolicy, scope: scope) { response in
            let body = try pipeline.parseJSON(response.body)
            guard body["status"]?.stringValue == "success", let message = body["message"] else {
                throw pipeline.badResponse("missing the success envelope")
            }
            guard case .object(let object) = message else {
                throw pipeline.badResponse("the breed list is not an object")
            }
            var breeds: [DogCEOBreed] = []
            breeds.reserveCapacity(object.count)
            for (name, value) in object {
                let subBreeds = value.arrayValue?.compactMap(\.stringValue) ?? []
                breeds.append(DogCEOBreed(name: name, subBreeds: subBreeds))
            }
            return breeds
        }
    }

    /// `GET /breed/{breed}[/{sub}]/images`: every image of a breed (a main breed
    /// includes its sub-breeds' images); nil when Dog CEO does not know the breed (404).
    public func images(breed: String, subBreed: String? = nil) -> Eventual<[String]?> {
        imageList(path: Self.breedPath(breed, subBreed) + "/images", policy: listPolicy)
    }

    /// `GET /breed/{breed}[/{sub}]/images/random/{count}`: up to `count` random images
    /// (Dog CEO returns fewer when it has fewer); nil for an unknown breed. Never cached across
    /// requests; one answer per client request (``UpstreamScope``).
    public func randomImages(breed: String, subBreed: String? = nil, count: Int) -> Eventual<[String]?> {
        imageList(path: Self.breedPath(breed, subBreed) + "/images/random/\(max(1, count))", policy: randomPolicy)
    }

    /// The breed path of the semantics (`"hound/afghan"`) split into breed and sub-breed.
    public static func split(path: String) -> (breed: String, subBreed: String?) {
        let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
    }

    static func breedPath(_ breed: String, _ subBreed: String?) -> String {
        var path = "/breed/" + PercentEncoding.encode(breed)
        if let subBreed { path += "/" + PercentEncoding.encode(subBreed) }
        return path
    }

    /// The image URLs of a success envelope; nil for a 404 error envelope. Decoded inside
    /// the pipeline, so only a list that decoded is cached.
    private func imageList(path: String, policy: CachePolicy) -> Eventual<[String]?> {
        let request = UpstreamRequest(
            url: URLText.join(baseURL, path), headers: [UpstreamHeader("Accept", "application/json")])
        let pipeline = self.pipeline
        let answer = pipeline.answer(request, cache: policy, scope: scope, successOnly: false) {
            response -> [String]? in
            if response.status == 404 {
                // The error envelope: the breed (or sub-breed) does not exist.
                if let body = try? JSONParser.parse(response.body), body["status"]?.stringValue == "error" {
                    return nil
                }
            }
            guard response.isSuccess else { throw pipeline.unavailable(status: response.status) }
            let body = try pipeline.parseJSON(response.body)
            guard body["status"]?.stringValue == "success", let message = body["message"] else {
                throw pipeline.badResponse("missing the success envelope")
            }
            return try Self.urls(message, pipeline: pipeline)
        }
        return answer.map { $0.value }
    }

    private static func urls(_ message: JSONValue, pipeline: UpstreamPipeline) throws -> [String] {
        switch message {
        case .string(let url): return [url]
        case .array(let items):
            var urls: [String] = []
            urls.reserveCapacity(items.count)
            for item in items {
                guard let url = item.stringValue else { throw pipeline.badResponse("an image URL is not a string") }
                urls.append(url)
            }
            return urls
        default: throw pipeline.badResponse("the image list is not an array")
        }
    }
}
