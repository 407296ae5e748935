/// Which image URLs the image endpoint accepts: a strict parse and an allowlist of hosts,
/// schemes and ports, so that the endpoint can never reach anywhere else (no open proxy).
///
/// A URL is accepted only when it is absolute, plain ASCII without spaces or quotes, has an
/// allowed scheme, no user information, no port or exactly the scheme's allowed port, and a host
/// (a DNS name, compared in lowercase) on the list. The fragment is dropped.
public struct ImageURLPolicy: Sendable {
    /// The hosts images may come from (lowercase DNS names).
    public var hosts: Set<String>
    /// The allowed schemes, each with the one port it may use (`https`: 443).
    public var schemes: [String: Int]
    /// The longest URL accepted, in bytes.
    public var maxLength = 2048

    /// A policy allowing `hosts` over `schemes`.
    public init(hosts: Set<String>, schemes: [String: Int] = ["https": 443]) {
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.schemes = schemes
    }

    /// The hosts Menagerie's data points to: Dog CEO's and The Dog API's image hosts, Wikimedia and
    /// Google Cloud Storage (zoo animals), and the D&D 5e API (monster artwork).
    public static let menagerieHosts: Set<String> = [
        "images.dog.ceo", "cdn2.thedogapi.com", "upload.wikimedia.org", "storage.googleapis.com", "www.dnd5eapi.co"
    ]

    /// The policy of the served playground: ``menagerieHosts`` over https (port 443) only.
    public static let menagerie = ImageURLPolicy(hosts: menagerieHosts)

    /// Checks `text`: the canonical URL to fetch, or why it is refused.
    public func check(_ text: String) -> Result<ImageURL, ImageURLRejection> {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .failure(.malformed("Missing image URL.")) }
        guard bytes.count <= maxLength else { return .failure(.malformed("Image URL too long.")) }
        let refused: Set<UInt8> = Set("\\\"<>^`{|}".utf8)
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !refused.contains($0) }) else {
            return .failure(.malformed("Malformed image URL."))
        }
        guard let separator = text.firstRange(of: "://") else {
            return .failure(.malformed("The image URL must be absolute."))
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) }) else {
            return .failure(.malformed("Malformed image URL."))
        }
        guard let allowedPort = schemes[scheme] else {
            return .failure(.forbidden("Only \(schemes.keys.sorted().joined(separator: ", ")) image URLs are allowed."))
        }
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var pathAndQuery = String(rest[authorityEnd...])
        if !pathAndQuery.hasPrefix("/") { pathAndQuery = "/" + pathAndQuery }
        guard !authority.contains("@") else {
            return .failure(.forbidden("Image URLs with user information are not allowed."))
        }
        guard !authority.hasPrefix("[") else {
            return .failure(.forbidden("IP literal hosts are not allowed."))
        }
        var host = Substring(authority)
        var port: Int?
        if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(digits)
            else {
                return .failure(.malformed("Malformed port in the image URL."))
            }
            guard value == allowedPort else {
                return .failure(.forbidden("Port \(value) is not allowed for image URLs."))
            }
            port = value
        }
        let name = host.lowercased()
        guard !name.isEmpty else { return .failure(.malformed("The image URL has no host.")) }
        guard
            name.utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D
            })
        else {
            return .failure(.forbidden("Host '\(name)' is not allowed."))
        }
        guard hosts.contains(name) else { return .failure(.forbidden("Host '\(name)' is not allowed.")) }
        return .success(ImageURL(scheme: scheme, host: name, port: port, pathAndQuery: pathAndQuery))
    }
}

/// An image URL accepted by an ``ImageURLPolicy``, in canonical form.
public struct ImageURL: Sendable, Hashable {
    /// The scheme in lowercase (`https`).
    public var scheme: String
    /// The host in lowercase.
    public var host: String
    /// The port when the URL named one.
    public var port: Int?
    /// The path (always starting with `/`) and the query, as given.
    public var pathAndQuery: String

    /// The URL as it is fetched: `scheme://host[:port]/path?query`.
    public var string: String {
        scheme + "://" + host + (port.map { ":\($0)" } ?? "") + pathAndQuery
    }

    /// `scheme://host[:port]`: the key under which `auto` mode remembers a failing host.
    public var origin: String {
        scheme + "://" + host + (port.map { ":\($0)" } ?? "")
    }

    /// The path without the query.
    public var path: Substring {
        pathAndQuery.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}

/// Why an image URL is refused: its HTTP status and a short message.
public enum ImageURLRejection: Error, Sendable, Equatable {
    /// Missing or unparsable (`400`).
    case malformed(String)
    /// Well formed but not allowed: scheme, host, port or user information (`403`).
    case forbidden(String)

    /// `400` or `403`.
    public var status: Int {
        switch self {
        case .malformed: return 400
        case .forbidden: return 403
        }
    }

    /// The message for the client.
    public var message: String {
        switch self {
        case .malformed(let message), .forbidden(let message): return message
        }
    }
}
