import Base

/// A complete HTTP/1.x request: head and whole body.
///
/// Its fields live in one immutable object shared by its copies, so that handing a request on
/// (to the handler task, the handler's exchange, the event-loop admission) retains one reference
/// instead of each of its strings and arrays; setting a field replaces that object.
public struct HTTPRequest: Sendable {
    /// The fields, as one value to change.
    fileprivate struct Fields {
        var method: String
        var target: String
        var path: String
        var query: String?
        var minorVersion: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var keepAlive: Bool
    }

    /// The fields behind a reference: a copy of the request shares them. Each is a constant of
    /// its own, so that reading one does not copy the others; the getters are inlinable, so
    /// that a caller in another module reads a field in place (no retain of it).
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let method: String
        @usableFromInline let target: String
        @usableFromInline let path: String
        @usableFromInline let query: String?
        @usableFromInline let minorVersion: Int
        @usableFromInline let headers: HTTPHeaders
        @usableFromInline let body: [UInt8]
        @usableFromInline let keepAlive: Bool

        fileprivate init(_ fields: Fields) {
            method = fields.method
            target = fields.target
            path = fields.path
            query = fields.query
            minorVersion = fields.minorVersion
            headers = fields.headers
            body = fields.body
            keepAlive = fields.keepAlive
        }

        fileprivate var fields: Fields {
            Fields(
                method: method, target: target, path: path, query: query, minorVersion: minorVersion,
                headers: headers, body: body, keepAlive: keepAlive)
        }
    }

    @usableFromInline var storage: Storage

    /// Replaces the storage by one with `change` applied to a copy of the fields.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// The method token as sent (`GET`, `POST`, ...). Methods are case-sensitive.
    public var method: String {
        @inlinable get { storage.method }
        set { update { $0.method = newValue } }
    }
    /// The request target as sent (`/graphql?query=...`).
    public var target: String {
        @inlinable get { storage.target }
        set { update { $0.target = newValue } }
    }
    /// The path part of the target (before `?`), not percent-decoded.
    public var path: String {
        @inlinable get { storage.path }
        set { update { $0.path = newValue } }
    }
    /// The query part of the target (after `?`), if any, not decoded.
    public var query: String? {
        @inlinable get { storage.query }
        set { update { $0.query = newValue } }
    }
    /// The minor HTTP version: 0 or 1 (HTTP/1.0, HTTP/1.1).
    public var minorVersion: Int {
        @inlinable get { storage.minorVersion }
        set { update { $0.minorVersion = newValue } }
    }
    /// The header fields (names in lowercase).
    public var headers: HTTPHeaders {
        @inlinable get { storage.headers }
        set { update { $0.headers = newValue } }
    }
    /// The body (de-chunked).
    public var body: [UInt8] {
        @inlinable get { storage.body }
        set { update { $0.body = newValue } }
    }
    /// Whether the client wants the connection kept open after this request.
    public var keepAlive: Bool {
        @inlinable get { storage.keepAlive }
        set { update { $0.keepAlive = newValue } }
    }

    public init(
        method: String, target: String, minorVersion: Int = 1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], keepAlive: Bool = true
    ) {
        let (path, query) = HTTPRequest.split(target: target)
        storage = Storage(
            Fields(
                method: method, target: target, path: path, query: query, minorVersion: minorVersion,
                headers: headers, body: body, keepAlive: keepAlive))
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
