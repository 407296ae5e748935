import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which redirects an upstream request follows.
///
/// Only redirects to the **same origin** as the URL first requested (equal scheme, host
/// and port) are followed, at most ``maxRedirects`` in a row; such a request keeps its
/// method, headers and body (a `303` becomes a `GET` without body). A redirect to another
/// host or port, or from https to http, is not followed: its 3xx answer is returned, which
/// the pipeline reports as ``UpstreamError/Kind/badResponse``. So `x-api-key` and any
/// other header never reach a host they were not configured for.
enum RedirectPolicy {
    /// The most redirects followed for one request.
    static let maxRedirects = 3

    /// The request to send after `response` answered `request`, or nil when the answer
    /// is final (not a redirect, no usable `Location`, or a redirect that is not followed).
    /// `origin` is the URL first requested.
    static func next(after response: UpstreamResponse, to request: UpstreamRequest, origin: String) -> UpstreamRequest?
    {
        guard [301, 302, 303, 307, 308].contains(response.status),
            let location = response.header("location"), !location.isEmpty,
            let current = URL(string: request.url),
            let target = URL(string: location, relativeTo: current)?.absoluteURL,
            let first = URL(string: origin),
            isSameOrigin(first, target)
        else { return nil }
        var next = request
        next.url = target.absoluteString
        if response.status == 303, request.method != "HEAD" {
            next.method = "GET"
            next.body = []
            next.headers.removeAll { $0.name.lowercased() == "content-type" }
        }
        return next
    }

    /// Whether `a` and `b` have the same scheme, host and port (default ports filled in).
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let scheme = a.scheme?.lowercased(), scheme == b.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = a.host?.lowercased(), host == b.host?.lowercased()
        else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        return (a.port ?? defaultPort) == (b.port ?? defaultPort)
    }
}

/// A session delegate refusing every redirect URLSession would follow by itself (it would
/// copy every header, the API key included, to whatever host the `Location` names, and
/// follow https → http): the 3xx answer comes back as the response, and
/// ``URLSessionTransport`` applies ``RedirectPolicy``.
final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
