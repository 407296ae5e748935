/// One HTTP header (name as sent; compared case-insensitively).
public struct UpstreamHeader: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// The header value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An HTTP request to an upstream, independent of any HTTP library.
public struct UpstreamRequest: Sendable, Hashable {
    /// The request method (`GET`, `POST`).
    public var method: String { didSet { cacheKey = Self.cacheKey(method, url, body) } }
    /// The absolute URL.
    public var url: String { didSet { cacheKey = Self.cacheKey(method, url, body) } }
    /// Headers to send.
    public var headers: [UpstreamHeader]
    /// The body (empty for GET).
    public var body: [UInt8] { didSet { cacheKey = Self.cacheKey(method, url, body) } }
    /// Whether repeating the request is harmless (GET, or a GraphQL query), so it may be
    /// retried, deduplicated and cached.
    public var isIdempotent: Bool

    /// Creates a request; `isIdempotent` defaults to true for GET and HEAD.
    public init(
        method: String = "GET",
        url: String,
        headers: [UpstreamHeader] = [],
        body: [UInt8] = [],
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent ?? (method == "GET" || method == "HEAD")
        self.cacheKey = Self.cacheKey(method, url, body)
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The path and query of ``url`` (everything after the authority), e.g. `/v1/items?limit=2`.
    public var pathAndQuery: String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }

    /// The identity of this request for caching and deduplication (method, URL, body): made
    /// when the request is made or changed, so that a request kept by its client (a list's, a
    /// memoised query's) is looked up in the cache without building its key again.
    private(set) var cacheKey: UpstreamCacheKey

    private static func cacheKey(_ method: String, _ url: String, _ body: [UInt8]) -> UpstreamCacheKey {
        UpstreamCacheKey(
            body.isEmpty ? method + " " + url : method + " " + url + "\n" + String(decoding: body, as: UTF8.self))
    }
}
