import HTTPServer

/// Headers that keep the server's pages and answers from being framed or repurposed.
///
/// Every response gets `X-Frame-Options: DENY`. An HTML or JSON response gets a
/// `Content-Security-Policy` with `frame-ancestors 'none'`, `base-uri 'none'` and
/// `form-action 'self'`: appended to the policy it already has (the playground's), or
/// `default-src 'none'` plus those when it has none (a JSON answer needs nothing loaded).
enum SecurityHeaders {
    static let directives = ["frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"]

    static func decorate(_ response: inout HTTPResponse) {
        if !response.headers.contains("X-Frame-Options") { response.headers.add("X-Frame-Options", "DENY") }
        let type = (response.headers["Content-Type"] ?? "").lowercased()
        guard type.hasPrefix("text/html") || type.contains("json") else { return }
        let policy = response.headers["Content-Security-Policy"] ?? "default-src 'none'"
        response.headers.set("Content-Security-Policy", withDirectives(policy))
    }

    /// `policy` with each of ``directives`` whose name it does not set yet.
    static func withDirectives(_ policy: String) -> String {
        let present = Set(policy.split(separator: ";").compactMap { $0.split(separator: " ").first.map { $0.lowercased() } })
        var result = policy
        for directive in directives {
            let name = String(directive.prefix { $0 != " " })
            if !present.contains(name) { result += "; " + directive }
        }
        return result
    }
}
