import MenagerieUpstreams
import Upstreams

/// What the gateway must make of each fault of the stubs (docs/upstreams.md, "Errors" and
/// "Caching and resilience defaults").
extension RecordedUpstreams.Fault {
    /// Every fault that applies to `upstream` (`graphql-errors` is D&D's only).
    static func all(for upstream: UpstreamID) -> [Self] {
        var faults: [Self] = [
            .garbage, .truncated, .html, .serverError, .unavailable, .rateLimited,
            .hang, .refuse, .reset, .redirect, .drip
        ]
        if upstream == .dnd5e { faults.append(.graphqlErrors) }
        return faults
    }

    /// The `extensions.code` of each failed field.
    var expectedCode: String {
        switch self {
        case .garbage, .truncated, .html, .redirect, .graphqlErrors: UpstreamError.Kind.badResponse.rawValue
        case .serverError, .unavailable, .rateLimited, .refuse, .reset: UpstreamError.Kind.unavailable.rawValue
        case .hang, .drip: UpstreamError.Kind.timeout.rawValue
        }
    }

    /// Whether a call failing this way counts as a failure for the circuit breaker
    /// (connection errors, timeouts, 429, 5xx); undecodable answers and refused
    /// redirects are neutral (the upstream is reachable).
    var failsBreaker: Bool {
        switch self {
        case .serverError, .unavailable, .rateLimited, .refuse, .reset, .hang, .drip: true
        case .garbage, .truncated, .html, .redirect, .graphqlErrors: false
        }
    }

    /// Whether each faulted call lasts the whole upstream timeout (such faults run
    /// once; the others run until the breaker must have judged them).
    var isSlow: Bool { self == .hang || self == .drip }

    /// Whether the stub logs the faulted requests (a refused connection never reaches it).
    var reachesStub: Bool { self != .refuse }
}
