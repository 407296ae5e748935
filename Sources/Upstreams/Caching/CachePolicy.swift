import Clocks

/// How the cross-request response cache treats one kind of request.
public struct CachePolicy: Sendable, Equatable {
    /// How long a response stays fresh when the upstream sends no `Cache-Control`
    /// max-age; zero means "do not cache" unless the upstream gives a max-age.
    public var defaultTTL: Duration
    /// Whether an upstream `Cache-Control` (`max-age`, `s-maxage`, `no-store`)
    /// overrides ``defaultTTL``.
    public var honoursCacheControl: Bool
    /// How long after expiry a stale response may be served when the upstream fails
    /// (stale-if-error); zero disables.
    public var staleIfError: Duration
    /// Whether identical concurrent requests share one upstream call.
    public var deduplicates: Bool

    /// Creates a policy.
    public init(
        defaultTTL: Duration, honoursCacheControl: Bool = true, staleIfError: Duration = .seconds(3600),
        deduplicates: Bool = true
    ) {
        self.defaultTTL = max(.zero, defaultTTL)
        self.honoursCacheControl = honoursCacheControl
        self.staleIfError = max(.zero, staleIfError)
        self.deduplicates = deduplicates
    }

    /// Never cached, never shared (random endpoints).
    public static let never = CachePolicy(
        defaultTTL: .zero, honoursCacheControl: false, staleIfError: .zero, deduplicates: false)

    /// The freshness lifetime of `response` under this policy (zero: do not store).
    func ttl(for response: UpstreamResponse) -> Duration {
        guard honoursCacheControl, let header = response.header("cache-control") else { return defaultTTL }
        let directives = CacheControl(header)
        if directives.noStore || directives.noCache || directives.isPrivate { return .zero }
        if let shared = directives.sMaxAge { return .clampedSeconds(shared) }
        if let maxAge = directives.maxAge { return .clampedSeconds(maxAge) }
        return defaultTTL
    }
}

/// The directives of a `Cache-Control` header that matter to a shared cache.
struct CacheControl: Equatable {
    var maxAge: Int?
    var sMaxAge: Int?
    var noStore = false
    var noCache = false
    var isPrivate = false

    init(_ header: String) {
        for part in header.split(separator: ",") {
            let directive = String(part).trimmingSpaces
            let pieces = directive.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
            guard !pieces.isEmpty else { continue }
            let name = pieces[0].lowercased()
            let value = pieces.count > 1 ? pieces[1].replacingQuotes : nil
            switch name {
            case "max-age": maxAge = value.flatMap { Int($0) }.map { max(0, $0) }
            case "s-maxage": sMaxAge = value.flatMap { Int($0) }.map { max(0, $0) }
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            default: break
            }
        }
    }
}

extension String {
    fileprivate var replacingQuotes: String {
        var text = Substring(self)
        if text.first == "\"" { text.removeFirst() }
        if text.last == "\"" { text.removeLast() }
        return String(text)
    }
}
