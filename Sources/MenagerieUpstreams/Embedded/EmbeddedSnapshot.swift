import Base
import JSON
import Locking
import Upstreams

/// The snapshot files of embedded mode, read through a lookup closure
/// (path → file text, e.g. `"dog-ceo/breeds-list-all.json"`), parsed once.
final class EmbeddedSnapshot: Sendable {
    let lookup: @Sendable (String) -> String?
    private let parsed = Locked<[String: JSONValue]>([:])

    init(lookup: @escaping @Sendable (String) -> String?) {
        self.lookup = lookup
    }

    /// The raw text of a file, if present.
    func text(_ path: String) -> String? { lookup(path) }

    /// The parsed JSON of a file; nil when missing or invalid.
    func json(_ path: String) -> JSONValue? {
        if let cached = parsed.withLock({ $0[path] }) { return cached }
        guard let text = lookup(path), let value = try? JSONParser.parse(text) else { return nil }
        parsed.withLock { $0[path] = value }
        return value
    }
}

/// A small deterministic generator (SplitMix64) for the embedded "random" endpoints.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence depends only on `seed` and `text` (e.g. the request path),
    /// so the same request always gets the same answer.
    init(seed: UInt64, text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        state = seed ^ hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Path segments and query items of a request URL, with an API prefix (`/api`, `/v1`) removed.
struct EmbeddedRoute {
    var segments: [String]
    var query: [String: String]
    /// The path as received (for seeding).
    var path: String

    init(_ request: UpstreamRequest, droppingPrefix prefix: String) {
        let target = request.pathAndQuery
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0])
        var segments = parts[0].split(separator: "/").map { PercentEncoding.decode($0) ?? String($0) }
        if segments.first == prefix { segments.removeFirst() }
        self.segments = segments
        var query: [String: String] = [:]
        if parts.count > 1 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[(PercentEncoding.decode(pair[0], plusAsSpace: true) ?? String(pair[0]))] =
                    pair.count > 1 ? (PercentEncoding.decode(pair[1], plusAsSpace: true) ?? String(pair[1])) : ""
            }
        }
        self.query = query
    }
}

extension UpstreamResponse {
    static func json(_ value: JSONValue, status: Int = 200, headers: [UpstreamHeader] = []) -> UpstreamResponse {
        UpstreamResponse(
            status: status, headers: [UpstreamHeader("Content-Type", "application/json")] + headers,
            body: value.serializedBytes())
    }

    static func jsonText(_ text: String) -> UpstreamResponse {
        UpstreamResponse(status: 200, headers: [UpstreamHeader("Content-Type", "application/json")], text: text)
    }

    static func plain(_ text: String, status: Int) -> UpstreamResponse {
        UpstreamResponse(status: status, headers: [UpstreamHeader("Content-Type", "text/plain")], text: text)
    }

    static let snapshotMissing = UpstreamResponse.plain(
        "The embedded snapshot has no data for this upstream.", status: 503)
}
