import HTTPServer

/// Which `GET` requests the GraphQL endpoint answers (``GraphQLServerConfiguration/getRequests``).
///
/// A `GET` is a "simple" request: a page on another site can make a visitor's browser send
/// one (an `<img>`, a link, a form) with the visitor's cookies, without asking the server
/// first. `POST` is already safe here: it needs `Content-Type: application/json`, which no
/// cross-site form can send without a CORS preflight.
public enum GETPolicy: Sendable, Equatable {
    /// Every `GET` runs its query (mutations and subscriptions get `405`).
    case allowed
    /// Only a `GET` that a browser could not send cross-site without a CORS preflight runs, as
    /// Apollo Router's CSRF prevention decides: one with a non-empty `apollo-require-preflight`
    /// or `x-apollo-operation-name` header, or with a `Content-Type` other than
    /// `application/x-www-form-urlencoded`, `multipart/form-data` and `text/plain`. Any
    /// other `GET` gets `400` (`BAD_REQUEST`) with ``GETPolicy/refusalMessage``, before its
    /// query is read.
    case preflightRequired

    /// The headers whose presence (with a value) forces a preflight.
    public static let preflightHeaders = ["apollo-require-preflight", "x-apollo-operation-name"]

    /// The message of a refused `GET`.
    public static let refusalMessage =
        "GET requests are refused to prevent cross-site request forgery unless they "
        + "carry a header that forces a CORS preflight: a non-empty apollo-require-preflight or "
        + "x-apollo-operation-name, or a Content-Type other than application/x-www-form-urlencoded, "
        + "multipart/form-data and text/plain. Or send the query by POST with Content-Type: application/json."

    /// Whether a `GET` with `headers` may run under this policy.
    public func admits(_ headers: HTTPHeaders) -> Bool {
        switch self {
        case .allowed: return true
        case .preflightRequired: return Self.forcesPreflight(headers)
        }
    }

    /// Whether a browser would have asked before sending a request with `headers` cross-site.
    static func forcesPreflight(_ headers: HTTPHeaders) -> Bool {
        for name in preflightHeaders where headers.values(for: name).contains(where: { !$0.trimmed(" \t").isEmpty }) {
            return true
        }
        guard let contentType = headers["content-type"] else { return false }
        return !ContentType(contentType).isSimple
    }
}
