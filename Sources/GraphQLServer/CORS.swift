import HTTPServer

/// Cross-origin resource sharing with an origin allowlist (off when the list is empty).
struct CORS: Sendable {
    let allowedOrigins: Set<String>
    let allowsAny: Bool

    init(allowedOrigins: [String]) {
        let trimmed = allowedOrigins.map { $0.trimmed(" \t") }.filter { !$0.isEmpty }
        self.allowedOrigins = Set(trimmed.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        allowsAny = trimmed.contains("*")
    }

    var isEnabled: Bool { !allowedOrigins.isEmpty }

    /// Whether `origin` may read responses.
    func allows(_ origin: String) -> Bool {
        isEnabled && (allowsAny || allowedOrigins.contains(origin))
    }

    /// The `Access-Control-Allow-Origin` that ``decorate(_:for:)`` gives the answer to `request`.
    func allowedOrigin(for request: HTTPRequest) -> String? {
        guard let origin = request.headers["origin"], allows(origin) else { return nil }
        return origin
    }

    /// Adds `Access-Control-Allow-Origin` for an allowed `Origin`.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard isEnabled else { return }
        // Each header once (a preflight answer has them already): browsers refuse a
        // response with two `Access-Control-Allow-Origin` values.
        // One `Vary` field: caches (browsers' included) then key the answer by `Origin` too.
        if !response.headers.containsToken("Origin", in: "Vary") {
            if let vary = response.headers["Vary"] {
                response.headers.set("Vary", vary + ", Origin")
            } else {
                response.headers.add("Vary", "Origin")
            }
        }
        guard let origin = request.headers["origin"], allows(origin),
            !response.headers.contains("Access-Control-Allow-Origin")
        else { return }
        response.headers.add("Access-Control-Allow-Origin", origin)
    }

    /// Answers an `OPTIONS` request: a CORS preflight, or the allowed methods.
    func preflight(_ request: HTTPRequest, allow: String) -> HTTPResponse {
        guard let origin = request.headers["origin"], request.headers.contains("access-control-request-method") else {
            return HTTPResponse(status: 204, headers: ["Allow": allow])
        }
        guard allows(origin) else {
            return .text(403, "Origin not allowed\n", headers: ["Vary": "Origin"])
        }
        var headers: HTTPHeaders = [
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": allow,
            "Access-Control-Max-Age": "600",
            "Vary": "Origin"
        ]
        let requested = request.headers["access-control-request-headers"] ?? ""
        headers.add("Access-Control-Allow-Headers", requested.isEmpty ? "Content-Type, Accept" : requested)
        return HTTPResponse(status: 204, headers: headers)
    }
}
