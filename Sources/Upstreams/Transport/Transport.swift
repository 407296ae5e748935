/// Sends HTTP requests to one upstream: over the network (``URLSessionTransport``)
/// or in process (the application's own, e.g. over embedded data), or a stub in tests.
///
/// A transport throws ``TransportError`` when no HTTP answer arrived; every HTTP
/// answer, whatever its status, is returned as an ``UpstreamResponse``.
public protocol Transport: Sendable {
    /// Sends `request` and returns the upstream's answer.
    func send(_ request: UpstreamRequest) async throws -> UpstreamResponse
}

/// Why a transport produced no HTTP answer.
public enum TransportError: Error, Sendable, Equatable {
    /// The connection could not be made or broke (the detail is for logs, never for clients).
    case connectionFailed(String)
    /// No answer within the time limit.
    case timedOut
    /// The URL could not be used.
    case invalidURL(String)
}

/// A transport built from a closure (tests, and the hook for an endpoint served in process).
public struct ClosureTransport: Transport {
    let handler: @Sendable (UpstreamRequest) async throws -> UpstreamResponse

    /// Creates a transport that answers with `handler`.
    public init(_ handler: @escaping @Sendable (UpstreamRequest) async throws -> UpstreamResponse) {
        self.handler = handler
    }

    public func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        try await handler(request)
    }
}
