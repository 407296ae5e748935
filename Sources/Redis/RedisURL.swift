import Base

/// Where a Redis server is and how to log in: `redis://[[user]:password@]host[:port][/db]`.
///
/// Only plain TCP (`redis://`): `rediss://` (TLS) is refused with a message saying so. The
/// user and password may be percent-encoded; the port defaults to 6379 and the database to 0.
public struct RedisURL: Sendable, Equatable, CustomStringConvertible {
    /// The host name or address (IPv6 without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The database number (`SELECT`), 0 by default.
    public var database: Int
    /// The ACL user (`AUTH user password`); nil: `AUTH password` alone.
    public var user: String?
    /// The password; nil: no `AUTH`.
    public var password: String?

    /// Creates a URL from its parts.
    public init(host: String, port: Int = 6379, database: Int = 0, user: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
        self.password = password
    }

    /// Parses `text`; throws a ``RedisURLError`` whose message says what is wrong.
    public init(parsing text: String) throws(RedisURLError) {
        let scheme = "redis://"
        if text.lowercased().hasPrefix("rediss://") {
            throw RedisURLError(
                "'\(Self.redacted(text))': rediss:// (TLS) is not supported; use redis:// (plain TCP, on a private network)"
            )
        }
        guard text.lowercased().hasPrefix(scheme) else {
            throw RedisURLError(
                "'\(Self.redacted(text))' is not a redis:// URL (expected redis://[user:password@]host:port[/db])")
        }
        var rest = Substring(text.dropFirst(scheme.count))
        guard !rest.contains("?"), !rest.contains("#") else {
            throw RedisURLError("'\(Self.redacted(text))': query strings and fragments are not supported")
        }
        var path: Substring = ""
        // The userinfo may hold any character percent-encoded; the last '@' ends it.
        var authority = rest
        if let at = rest.lastIndex(of: "@") {
            let slash = rest[at...].firstIndex(of: "/")
            authority = rest[..<(slash ?? rest.endIndex)]
            path = slash.map { rest[$0...] } ?? ""
        } else if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            path = rest[slash...]
        }
        rest = authority
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userinfo.firstIndex(of: ":") {
                let user = try Self.percentDecoded(userinfo[..<colon], text)
                if !user.isEmpty { self.user = user }
                password = try Self.percentDecoded(userinfo[userinfo.index(after: colon)...], text)
            } else {
                // redis://password@host is how some tools write a password alone.
                password = try Self.percentDecoded(userinfo, text)
            }
            if password == "" { password = nil }
        }
        var hostPart = rest
        var portText: Substring?
        if hostPart.first == "[" {
            guard let close = hostPart.firstIndex(of: "]") else {
                throw RedisURLError("'\(Self.redacted(text))': unclosed '[' in the host")
            }
            host = String(hostPart[hostPart.index(after: hostPart.startIndex)..<close])
            let after = hostPart[hostPart.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else {
                    throw RedisURLError("'\(Self.redacted(text))': unexpected text after the host")
                }
                portText = after.dropFirst()
            }
        } else {
            if let colon = hostPart.lastIndex(of: ":") {
                portText = hostPart[hostPart.index(after: colon)...]
                hostPart = hostPart[..<colon]
            }
            host = String(hostPart)
        }
        guard !host.isEmpty, !host.contains(" ") else {
            throw RedisURLError("'\(Self.redacted(text))' has no host (expected redis://host:port)")
        }
        port = 6379
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value), portText.allSatisfy(\.isASCIIDigit) else {
                throw RedisURLError("'\(Self.redacted(text))': the port must be a number from 1 to 65535")
            }
            port = value
        }
        database = 0
        let dbText = path.drop { $0 == "/" }
        if !dbText.isEmpty {
            guard dbText.allSatisfy(\.isASCIIDigit), dbText.count <= 9, let value = Int(dbText) else {
                throw RedisURLError("'\(Self.redacted(text))': the database must be a number (redis://host:port/0)")
            }
            database = value
        }
    }

    /// The URL without its password, for logs: `redis://user:***@host:port/db`.
    public var description: String {
        var text = "redis://"
        if user != nil || password != nil {
            text += (user ?? "") + (password != nil ? ":***" : "") + "@"
        }
        text += host.contains(":") ? "[\(host)]" : host
        text += ":\(port)"
        if database != 0 { text += "/\(database)" }
        return text
    }

    /// `text` with the userinfo's password replaced by `***` (for error messages).
    static func redacted(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return text }
        let afterScheme = text[text.index(colon, offsetBy: 3)...]
        guard let at = afterScheme.lastIndex(of: "@") else { return text }
        let userinfo = afterScheme[..<at]
        let user = userinfo.firstIndex(of: ":").map { userinfo[..<$0] } ?? ""
        return String(text[..<afterScheme.startIndex]) + user + ":***" + String(afterScheme[at...])
    }

    private static func percentDecoded(_ text: Substring, _ whole: String) throws(RedisURLError) -> String {
        guard let decoded = PercentEncoding.decode(text, strict: true) else {
            throw RedisURLError("'\(redacted(whole))': bad percent-encoding in the user or password")
        }
        return decoded
    }
}

/// A `redis://` URL that cannot be used, with a message for the user (the password hidden).
public struct RedisURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
