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
    public var method: String
    /// The absolute URL.
    public var url: String
    /// Headers to send.
    public var headers: [UpstreamHeader]
    /// The body (empty for GET).
    public var body: [UInt8]
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

    /// The identity of this request for caching and deduplication (method, URL, body).
    var cacheKey: String {
        body.isEmpty ? method + " " + url : method + " " + url + "\n" + String(decoding: body, as: UTF8.self)
    }
}
