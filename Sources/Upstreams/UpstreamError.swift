/// A failure of an upstream, as the resolver layer reports it: a field error with
/// `extensions.code` = ``code`` and `extensions.upstream` = ``upstream``.
///
/// ``message`` is safe to show to clients: it never carries an API key, a host's
/// internals or a stack trace.
public struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Equatable {
        /// Unreachable, refused, non-2xx answer (incl. 401/403/429/404), or circuit open.
        case unavailable = "UPSTREAM_UNAVAILABLE"
        /// No answer in time.
        case timeout = "UPSTREAM_TIMEOUT"
        /// A 2xx answer that could not be decoded, or that carries GraphQL `errors`.
        case badResponse = "UPSTREAM_BAD_RESPONSE"
        /// The client request has made as many upstream requests as it may
        /// (``UpstreamScope/maxSends``); the call would have needed another.
        case budgetExceeded = "UPSTREAM_BUDGET_EXCEEDED"
    }

    /// Which upstream failed.
    public var upstream: UpstreamName
    /// What went wrong.
    public var kind: Kind
    /// A client-safe message.
    public var message: String
    /// The HTTP status when the upstream answered with a non-2xx status.
    public var status: Int?
    /// For an error inside an upstream GraphQL result: the path below the looked-up
    /// object (e.g. `["actions", 0, "name"]`), so the resolver can place the field
    /// error at the client's path; empty when the whole value failed.
    public var path: [PathElement]

    /// One step of ``path``.
    public enum PathElement: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// Creates an error.
    public init(upstream: UpstreamName, kind: Kind, message: String, status: Int? = nil, path: [PathElement] = []) {
        self.upstream = upstream
        self.kind = kind
        self.message = message
        self.status = status
        self.path = path
    }

    /// `extensions.code`: `UPSTREAM_UNAVAILABLE`, `UPSTREAM_TIMEOUT`, `UPSTREAM_BAD_RESPONSE` or
    /// `UPSTREAM_BUDGET_EXCEEDED`.
    public var code: String { kind.rawValue }

    /// The `extensions` entries of the field error, in order: `code`, `upstream`.
    public var extensions: [(key: String, value: String)] {
        [("code", code), ("upstream", upstream.rawValue)]
    }

    public var description: String { "\(upstream): \(message)" }

    static func unavailable(_ upstream: UpstreamName, status: Int) -> UpstreamError {
        let reason: String
        switch status {
        case 401, 403: reason = "refused the request (HTTP \(status): missing or invalid API key)"
        case 404: reason = "has no such resource (HTTP 404)"
        case 429: reason = "is rate limiting requests (HTTP 429)"
        default: reason = "answered HTTP \(status)"
        }
        return UpstreamError(
            upstream: upstream, kind: .unavailable, message: "Upstream \(upstream) \(reason).", status: status)
    }

    static func budgetExceeded(_ upstream: UpstreamName, maxSends: Int) -> UpstreamError {
        UpstreamError(
            upstream: upstream, kind: .budgetExceeded,
            message:
                "Upstream \(upstream) was not asked: this request already made the \(maxSends) upstream requests one request may make."
        )
    }

    static func badResponse(_ upstream: UpstreamName, _ detail: String) -> UpstreamError {
        UpstreamError(
            upstream: upstream, kind: .badResponse, message: "Upstream \(upstream) sent an invalid response: \(detail)")
    }
}
