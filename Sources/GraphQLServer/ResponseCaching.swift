import HTTPServer

/// How long browsers and shared caches (a CDN in front) may reuse a GraphQL answer sent for a
/// `GET` request. The service decides it per answer (``GraphQLExecutionResult/cacheHint``).
public enum GraphQLCacheHint: Sendable, Equatable {
    /// Not to be stored: `Cache-Control: no-store`.
    case noStore
    /// Reusable by any cache for this long: `Cache-Control: public, max-age=N` (whole seconds,
    /// rounded down).
    case maxAge(Duration)

    /// The `Cache-Control` value.
    public var cacheControl: String {
        switch self {
        case .noStore: return ResponseCaching.noStore
        case .maxAge(let span): return "public, max-age=\(max(0, span.components.seconds))"
        }
    }
}

/// The cache headers of `/graphql` answers: `Cache-Control`, a strong `ETag` and `Vary` on the
/// answers of `GET` queries, and `If-None-Match` evaluation (RFC 9110, section 13.1.2).
enum ResponseCaching {
    /// `Cache-Control` of every answer that may not be stored: `POST` answers, errors.
    static let noStore = "no-store"
    /// `Cache-Control` of the persisted-query errors (`PersistedQueryNotFound`,
    /// `PersistedQueryNotSupported`), as Apollo Server sends them: no cache may answer the
    /// next request for the hash with this error.
    static let persistedQueryError = "private, no-cache, must-revalidate"
    /// The `Vary` of a cacheable answer: the body's media type follows `Accept`.
    static let vary = "Accept"

    /// A strong entity tag for `body` sent as `mediaType`: the first 128 bits of the SHA-256 of
    /// the media type and the body, quoted (the same body in the other media type is another
    /// representation, so it gets another tag). With CORS on, `allowedOrigin` is the
    /// `Access-Control-Allow-Origin` the answer carries (nil: none): an answer for another origin
    /// is another representation too, so that a `304` never revalidates, in a browser's cache,
    /// an answer stored for another origin (a `304` cannot take that header away).
    static func entityTag(body: [UInt8], mediaType: GraphQLMediaType, allowedOrigin: String? = nil) -> String {
        var hasher = SHA256()
        hasher.update(mediaType.rawValue + "\n")
        if let allowedOrigin { hasher.update("origin " + allowedOrigin + "\n") }
        hasher.update(body)
        return "\"" + SHA256.hex(hasher.finalize().prefix(16)) + "\""
    }

    /// Whether an `If-None-Match` request header (`values`: every field line) matches `tag`,
    /// so that a `GET` answers `304 Not Modified`: `*` matches, and so does any listed tag
    /// whose opaque part equals `tag`'s under the weak comparison (`W/"x"` matches `"x"`).
    /// Malformed members are skipped.
    static func ifNoneMatch(_ values: [String], matches tag: String) -> Bool {
        let wanted = opaque(tag)
        for value in values {
            var rest = Substring(value)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
                guard !rest.isEmpty else { break }
                if rest.first == "*" { return true }
                if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
                guard rest.first == "\"" else {
                    // Not an entity tag: skip to the next member.
                    rest = rest.drop { $0 != "," }
                    continue
                }
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { break }
                if body[..<close] == wanted { return true }
                rest = body[body.index(after: close)...]
            }
        }
        return false
    }

    /// The opaque part of a tag: `"x"` and `W/"x"` give `x`.
    private static func opaque(_ tag: String) -> Substring {
        var text = Substring(tag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.first == "\"" { text = text.dropFirst() }
        if text.last == "\"" { text = text.dropLast() }
        return text
    }

    /// The headers a cacheable `GET` answer carries (and its `304` repeats): `Cache-Control`,
    /// `ETag`, `Vary`.
    static func headers(_ hint: GraphQLCacheHint, tag: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", hint.cacheControl)
        headers.add("ETag", tag)
        headers.add("Vary", vary)
        return headers
    }
}
