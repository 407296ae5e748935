#if canImport(Glibc)
    import Glibc
#endif

/// How an `HTTPServer` listens and the limits it enforces.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind (`127.0.0.1`, `0.0.0.0`, `::1`, `localhost`).
    public var host: String = "127.0.0.1"
    /// Port to bind; `0` picks a free port (see `HTTPServer.port`).
    public var port: Int = 8080
    /// Number of event-loop threads (default: the CPUs the process may run on, see ``AllowedCPUs``).
    public var eventLoopCount: Int = AllowedCPUs.count
    /// Request size limits.
    public var limits = HTTPLimits()
    /// The time a client has to send a complete request head, counted from its first byte (or
    /// from the accept, for a connection's first request). `408` and close beyond. The event
    /// loops check deadlines every quarter of the shortest timeout (5 to 250 ms), so a timeout
    /// acts up to that much late.
    public var headerTimeout: Duration = .seconds(10)
    /// The longest time without progress while receiving a body (`408` and close beyond).
    public var bodyTimeout: Duration = .seconds(30)
    /// How long an idle keep-alive connection (or a stalled reader of a response) is kept.
    public var idleTimeout: Duration = .seconds(60)
    /// Most simultaneous connections; further ones are refused with `503` and closed.
    public var maxConnections: Int = 10_000
    /// Most requests of one connection handled at once (pipelining depth).
    public var maxPipelinedRequests: Int = 16
    /// The `Server` header value (empty: no header).
    public var serverName: String = "menagerie"
    /// `listen(2)` backlog.
    public var backlog: Int = 1024
    /// Most bytes of one connection's input an event loop parses per turn (as swift-nio's
    /// `maxMessagesPerRead` bounds reads): past it the loop serves its other connections and
    /// comes back, so one client's bytes never hold the others for long. A share is never
    /// smaller than `limits.maxHeadBytes` (a whole head always fits in one).
    public var inputBytesPerTurn: Int = 65_536

    /// Builds the answer to a request that failed after its head was read (`413`, `400` for a
    /// bad chunk, `408` for a slow body, `501`), e.g. a JSON body for a GraphQL client; nil, or
    /// no responder: a plain-text answer. Errors decided before the head is known (`431`, `408`
    /// on the head, `503` at the connection cap) are always plain text.
    public var errorResponder: (@Sendable (_ status: Int, _ message: String, _ head: HTTPRequest) -> HTTPResponse?)?

    /// Whether a request's handler runs on its connection's event loop (true: cheap handlers
    /// answer within the loop's iteration, no thread hop) or on Swift's shared pool (false: for
    /// work whose cost depends on the client's input, which must not hold a loop). Default: every
    /// handler on its loop.
    public var runsOnEventLoop: @Sendable (_ request: HTTPRequest) -> Bool = { _ in true }

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The function that answers requests. It runs as a Swift concurrency task; the server
/// writes responses back on each connection in request order.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse
