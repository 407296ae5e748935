import HTTPServer

/// The response media types GraphQL over HTTP defines.
public enum GraphQLMediaType: String, Sendable {
    /// `application/graphql-response+json`: request errors get 4xx statuses.
    case graphQLResponse = "application/graphql-response+json"
    /// `application/json`: the legacy type; every GraphQL response is a 200.
    case json = "application/json"

    /// The `Content-Type` header value.
    ///
    /// String literals: a literal is stored in the binary and is never reference counted, so
    /// every answer copies, compares and writes it for free (a string made at run time, even
    /// once, costs an atomic retain and release wherever a copy of it is kept).
    public var contentType: String {
        switch self {
        case .graphQLResponse: return "application/graphql-response+json; charset=utf-8"
        case .json: return "application/json; charset=utf-8"
        }
    }

    /// Chooses the response type from an `Accept` header (nil: nothing acceptable, 406).
    ///
    /// A missing header, `*/*` and `application/*` give `application/json`; with equal
    /// quality `application/graphql-response+json` wins.
    public static func negotiate(accept: String?) -> GraphQLMediaType? {
        guard let accept else { return .json }
        // What GraphQL clients send, one media type without parameters: no splitting.
        if HTTPHeaders.equalIgnoringCase(accept, "application/json") { return .json }
        if HTTPHeaders.equalIgnoringCase(accept, "application/graphql-response+json") { return .graphQLResponse }
        guard !accept.trimmed(" \t").isEmpty else { return .json }
        var best: (type: GraphQLMediaType, quality: Double, rank: Int)?
        for range in MediaRange.parse(accept) {
            let quality = range.quality
            let charset = range.parameters["charset"]
            guard quality > 0, charset == nil || charset == "utf-8" || charset == "utf8" else { continue }
            let candidate: (GraphQLMediaType, Int)
            switch range.name {
            case "application/graphql-response+json": candidate = (.graphQLResponse, 3)
            case "application/json": candidate = (.json, 2)
            case "application/*", "*/*": candidate = (.json, 1)
            default: continue
            }
            if best == nil || quality > best!.quality || (quality == best!.quality && candidate.1 > best!.rank) {
                best = (candidate.0, quality, candidate.1)
            }
        }
        return best?.type
    }
}

/// One media range of an `Accept` header: its lowercased name, its quality (`q`, 1 when absent,
/// 0 when unreadable) and its other parameters (lowercased names; values unquoted, lowercased).
struct MediaRange {
    var name: String
    var quality: Double
    var parameters: [String: String]

    /// The ranges of `accept`, in order.
    static func parse(_ accept: String) -> [MediaRange] {
        accept.split(separator: ",").compactMap { range in
            let parts = range.split(separator: ";")
            guard let first = parts.first else { return nil }
            var parsed = MediaRange(name: first.trimmed(" \t").lowercased(), quality: 1, parameters: [:])
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let key = pair[0].trimmed(" \t").lowercased()
                let value = pair[1].trimmed(" \t\"").lowercased()
                if key == "q" { parsed.quality = Double(value) ?? 0 } else { parsed.parameters[key] = value }
            }
            return parsed
        }
    }
}

/// A parsed `Content-Type`: the lowercased media type and its lowercased `charset`, if any.
struct ContentType {
    var mediaType: String
    var charset: String?

    init(_ value: String) {
        // What GraphQL clients send: no splitting.
        if HTTPHeaders.equalIgnoringCase(value, "application/json") {
            mediaType = "application/json"
            charset = nil
            return
        }
        if HTTPHeaders.equalIgnoringCase(value, "application/json; charset=utf-8") {
            mediaType = "application/json"
            charset = "utf-8"
            return
        }
        let parts = value.split(separator: ";")
        mediaType = (parts.first.map { $0.trimmed(" \t") } ?? "").lowercased()
        charset = nil
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmed(" \t").lowercased() == "charset" {
                charset = pair[1].trimmed(" \t\"").lowercased()
            }
        }
    }

    /// Media types a browser may send cross-origin without a preflight (CSRF risk).
    var isSimple: Bool {
        ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].contains(mediaType)
    }
}

extension StringProtocol {
    func trimmed(_ set: String) -> String {
        let characters = Set(set)
        var s = Substring(self)
        while let f = s.first, characters.contains(f) { s.removeFirst() }
        while let l = s.last, characters.contains(l) { s.removeLast() }
        return String(s)
    }
}
