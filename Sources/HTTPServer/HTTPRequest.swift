import Base

/// A complete HTTP/1.x request: head and whole body, read-only.
///
/// Its fields live in one immutable object shared by its copies, so that handing a request on
/// (to the handler task, the handler's exchange, the event-loop admission) retains one reference
/// instead of each of its strings and arrays.
public struct HTTPRequest: Sendable {
    /// The fields behind a reference: a copy of the request shares them. The getters are
    /// inlinable, so that a caller in another module reads a field in place (no retain of it).
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let method: String
        @usableFromInline let target: String
        @usableFromInline let path: String
        @usableFromInline let query: String?
        @usableFromInline let minorVersion: Int
        @usableFromInline let headers: HTTPHeaders
        @usableFromInline let body: [UInt8]
        @usableFromInline let keepAlive: Bool

        init(
            method: String, target: String, path: String, query: String?, minorVersion: Int,
            headers: HTTPHeaders, body: [UInt8], keepAlive: Bool
        ) {
            self.method = method
            self.target = target
            self.path = path
            self.query = query
            self.minorVersion = minorVersion
            self.headers = headers
            self.body = body
            self.keepAlive = keepAlive
        }
    }

    @usableFromInline let storage: Storage

    /// The method token as sent (`GET`, `POST`, ...). Methods are case-sensitive.
    @inlinable public var method: String { storage.method }
    /// The request target as sent (`/graphql?query=...`).
    @inlinable public var target: String { storage.target }
    /// The path part of the target (before `?`), not percent-decoded.
    @inlinable public var path: String { storage.path }
    /// The query part of the target (after `?`), if any, not decoded.
    @inlinable public var query: String? { storage.query }
    /// The minor HTTP version: 0 or 1 (HTTP/1.0, HTTP/1.1).
    @inlinable public var minorVersion: Int { storage.minorVersion }
    /// The header fields (names in lowercase).
    @inlinable public var headers: HTTPHeaders { storage.headers }
    /// The body (de-chunked).
    @inlinable public var body: [UInt8] { storage.body }
    /// Whether the client wants the connection kept open after this request.
    @inlinable public var keepAlive: Bool { storage.keepAlive }

    public init(
        method: String, target: String, minorVersion: Int = 1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], keepAlive: Bool = true
    ) {
        let (path, query) = HTTPRequest.split(target: target)
        storage = Storage(
            method: method, target: target, path: path, query: query, minorVersion: minorVersion,
            headers: headers, body: body, keepAlive: keepAlive)
    }

    /// Splits an origin-form or absolute-form target into path and query.
    static func split(target: String) -> (String, String?) {
        // An origin-form target without a query (`/graphql`): itself, no copy.
        if target.utf8.first == UInt8(ascii: "/"), !target.utf8.contains(UInt8(ascii: "?")) { return (target, nil) }
        var rest = Substring(target)
        for scheme in ["http://", "https://"]
        where rest.utf8.count >= scheme.utf8.count
            && HTTPHeaders.equalIgnoringCase(rest.prefix(scheme.count), scheme)
        {
            rest = rest.dropFirst(scheme.count)
            if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = rest[slash...]
            } else {
                rest = "/"
            }
            break
        }
        if let mark = rest.firstIndex(of: "?") {
            return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
        }
        return (String(rest), nil)
    }

    /// The decoded `application/x-www-form-urlencoded` pairs of the query, in order.
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return URLEncoding.decodeForm(query)
    }
}

/// Percent-decoding of URL query strings.
public enum URLEncoding {
    /// Decodes `a=1&b=x+y` pairs: `+` is a space, `%XX` a byte; invalid escapes are kept as is.
    public static func decodeForm(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (name: decode(pair[..<equals]), value: decode(pair[pair.index(after: equals)...]))
            }
            return (name: decode(pair), value: "")
        }
    }

    /// Percent-decodes `text`, with `+` as a space. Invalid UTF-8 becomes U+FFFD.
    public static func decode(_ text: Substring) -> String {
        PercentEncoding.decode(text, plusAsSpace: true) ?? String(text)
    }
}
