import HTTPServer

/// Headers that keep the server's pages and answers from being framed or repurposed.
///
/// Every response gets `X-Frame-Options: DENY`. An HTML or JSON response gets a
/// `Content-Security-Policy` with `frame-ancestors 'none'`, `base-uri 'none'` and
/// `form-action 'self'`: appended to the policy it already has (the playground's), or
/// `default-src 'none'` plus those when it has none (a JSON answer needs nothing loaded).
enum SecurityHeaders {
    static let directives = ["frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"]
    /// The policy of an answer that has none: `withDirectives("default-src 'none'")` (a test
    /// says so), written as a literal, never reference counted (see
    /// `GraphQLMediaType.contentType`): every JSON answer carries it.
    static let answerPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    static func decorate(_ response: inout HTTPResponse) {
        if !response.headers.contains("X-Frame-Options") { response.headers.add("X-Frame-Options", "DENY") }
        guard let type = response.headers["Content-Type"], isDocumentOrJSON(type) else { return }
        if let policy = response.headers["Content-Security-Policy"] {
            response.headers.set("Content-Security-Policy", withDirectives(policy))
        } else {
            response.headers.add("Content-Security-Policy", answerPolicy)
        }
    }

    /// `policy` with each of ``directives`` whose name it does not set yet.
    static func withDirectives(_ policy: String) -> String {
        let present = Set(
            policy.split(separator: ";").compactMap { $0.split(separator: " ").first.map { $0.lowercased() } })
        var result = policy
        for directive in directives {
            let name = String(directive.prefix { $0 != " " })
            if !present.contains(name) { result += "; " + directive }
        }
        return result
    }

    /// `text/html…` or a JSON media type (`…json…`), in any case.
    static func isDocumentOrJSON(_ contentType: String) -> Bool {
        // The types of every GraphQL answer, compared whole first.
        if contentType == GraphQLMediaType.json.contentType
            || contentType == GraphQLMediaType.graphQLResponse.contentType
        {
            return true
        }
        let utf8 = contentType.utf8
        if utf8.count >= 9, utf8.prefix(9).elementsEqual("text/html".utf8, by: { $0 | 0x20 == $1 }) { return true }
        let bytes = Array(utf8)
        let json: [UInt8] = Array("json".utf8)
        guard bytes.count >= json.count else { return false }
        for start in 0...(bytes.count - json.count)
        where zip(bytes[start...], json).allSatisfy({ $0 | 0x20 == $1 }) {
            return true
        }
        return false
    }
}
