import Base
import JSON
import Upstreams

/// Client of The Dog API (`https://api.thedogapi.com/v1`).
///
/// Sends `x-api-key` when a key is configured (``UpstreamsConfiguration/theDogAPIKeyVariable``);
/// the key never appears in errors, logs or metrics. A refused key (401/403) is
/// ``UpstreamError/Kind/unavailable`` with that status for the client, and a notice naming the
/// variable to set for the operator (``UpstreamNotices``).
///
/// `GET /breeds` is asked unpaged, as the API answered when recorded; when the answer is short
/// of its `pagination-count` header (the API paging by default), the remaining pages follow
/// with `limit` and a zero-based `page`, at most ``maxPages`` in all.
public struct TheDogAPIClient: Sendable {
    /// The most pages of `/breeds` asked for one breed list.
    public static let maxPages = 50

    /// What the client is made with, shared by every scoped copy: a copy (one per client request)
    /// costs two retains, not one per field.
    private let settings: Settings

    /// The pipeline every request goes through.
    public var pipeline: UpstreamPipeline { settings.pipeline }
    /// The base URL, e.g. `https://api.thedogapi.com/v1`.
    public var baseURL: String { settings.baseURL }
    var apiKey: APIKey? { settings.apiKey }
    /// Caching of breed lists and searches.
    public var policy: CachePolicy { settings.policy }
    /// Where a refused key is reported.
    var notices: UpstreamNotices { settings.notices }
    /// The client request whose calls this client makes (nil: none; see ``scoped(to:)``).
    public private(set) var scope: UpstreamScope?

    /// Creates a client.
    public init(
        pipeline: UpstreamPipeline, baseURL: String, apiKey: APIKey?,
        policy: CachePolicy = CachePolicy(defaultTTL: .seconds(6 * 3600)),
        notices: UpstreamNotices = UpstreamNotices()
    ) {
        settings = Settings(
            pipeline: pipeline, baseURL: baseURL, apiKey: apiKey, policy: policy, notices: notices,
            allBreeds: KeyedRequest(Self.breedListRequest(path: "/breeds", baseURL: baseURL, apiKey: apiKey)))
    }

    /// This client making its calls for one client request (``UpstreamScope``).
    public func scoped(to scope: UpstreamScope) -> TheDogAPIClient {
        var client = self
        client.scope = scope
        return client
    }

    /// `GET /breeds`, made once (a warm request looks it up in the cache as it is).
    private var allBreeds: KeyedRequest { settings.allBreeds }

    /// The client's fixed parts (see ``settings``).
    private final class Settings: Sendable {
        let pipeline: UpstreamPipeline
        let baseURL: String
        let apiKey: APIKey?
        let policy: CachePolicy
        let notices: UpstreamNotices
        let allBreeds: KeyedRequest

        init(
            pipeline: UpstreamPipeline, baseURL: String, apiKey: APIKey?, policy: CachePolicy,
            notices: UpstreamNotices, allBreeds: KeyedRequest
        ) {
            self.pipeline = pipeline
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.policy = policy
            self.notices = notices
            self.allBreeds = allBreeds
        }
    }

    /// `GET /breeds`: every breed (one request serves every breed, unless the API pages); ready
    /// while the list is cached, fresh and whole. One answer object per cache entry, to derive
    /// values from once per answer (a list put together from pages is a new answer each time).
    public func breeds() -> Eventual<UpstreamAnswer<[DogAPIBreed]>> {
        breedPage(allBreeds.request).flatMap { first in
            if let whole = Self.whole(first) { return .ready(whole) }
            return .pending { UpstreamAnswer(try await self.pages(after: first.value)) }
        }
    }

    /// `GET /breeds/search?q=…`: breeds whose name matches `text`.
    public func search(_ text: String) -> Eventual<[DogAPIBreed]> {
        breedPage(
            Self.breedListRequest(
                path: "/breeds/search?q=" + PercentEncoding.encode(text), baseURL: baseURL, apiKey: apiKey)
        )
        .map { $0.value.breeds }
    }

    /// The breeds of a page that holds the whole list, derived once per answer; nil for a short page.
    private static func whole(_ page: UpstreamAnswer<DogAPIBreedPage>) -> UpstreamAnswer<[DogAPIBreed]>? {
        guard page.value.isWhole else { return nil }
        return page.derivedAnswer(as: [DogAPIBreed].self) { $0.breeds }
    }

    /// The whole list when `first` (page 0 of an unpaged request) is short: pages 1… of its size.
    private func pages(after first: DogAPIBreedPage) async throws -> [DogAPIBreed] {
        let size = first.limit ?? first.breeds.count
        guard size > 0, let total = first.total else { return first.breeds }
        let count = min(Self.maxPages, (total + size - 1) / size)
        var breeds = first.breeds
        for page in 1..<max(1, count) {
            let request = Self.breedListRequest(
                path: "/breeds?limit=\(size)&page=\(page)", baseURL: baseURL, apiKey: apiKey)
            let next = try await breedPage(request).value.value.breeds
            breeds += next
            if next.count < size { break }
        }
        return breeds
    }

    private static func breedListRequest(path: String, baseURL: String, apiKey: APIKey?) -> UpstreamRequest {
        var headers = [UpstreamHeader("Accept", "application/json")]
        if let apiKey { headers.append(UpstreamHeader("x-api-key", apiKey.value)) }
        return UpstreamRequest(url: URLText.join(baseURL, path), headers: headers)
    }

    private func breedPage(_ request: UpstreamRequest) -> Eventual<UpstreamAnswer<DogAPIBreedPage>> {
        let pipeline = self.pipeline
        let answer = pipeline.answer(request, cache: policy, scope: scope, waitsOutside: true) { response in
            guard case .array(let items) = try pipeline.parseJSON(response.body) else {
                throw pipeline.badResponse("the breed list is not an array")
            }
            return DogAPIBreedPage(
                breeds: items.compactMap(DogAPIBreed.init(json:)),
                total: response.header("pagination-count").flatMap { Int($0.trimmingSpaces) },
                limit: response.header("pagination-limit").flatMap { Int($0.trimmingSpaces) })
        }
        guard case .pending(let work) = answer else { return answer }
        let (notices, keySet) = (self.notices, apiKey != nil)
        return .pending {
            do {
                return try await work()
            } catch let error as UpstreamError where error.status == 401 || error.status == 403 {
                notices.keyRefused(status: error.status ?? 0, keySet: keySet)
                throw error
            }
        }
    }
}

/// One answer of `/breeds`: its breeds and, when the API pages, the `pagination-count` and
/// `pagination-limit` headers.
struct DogAPIBreedPage: Sendable {
    var breeds: [DogAPIBreed]
    var total: Int?
    var limit: Int?

    /// Whether the answer holds every breed (no count, or as many as the count).
    var isWhole: Bool { total.map { breeds.count >= $0 } ?? true }
}

/// A request that carries the API key: described without its headers, so that describing
/// the client never shows the key.
private struct KeyedRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let request: UpstreamRequest
    init(_ request: UpstreamRequest) { self.request = request }
    var description: String { "UpstreamRequest(<redacted>)" }
    var debugDescription: String { description }
}
