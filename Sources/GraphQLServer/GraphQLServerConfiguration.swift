import HTTPServer

/// A file served as is: its content type and bytes.
public struct StaticFile: Sendable {
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }

    /// A file from text (UTF-8).
    public init(contentType: String, text: String) {
        self.init(contentType: contentType, bytes: Array(text.utf8))
    }
}

/// How the GraphQL server answers: routes, playground, CORS, logging and metrics.
public struct GraphQLServerConfiguration: Sendable {
    /// Sockets, limits and timeouts (including `limits.maxBodyBytes`).
    public var http = HTTPServerConfiguration()
    /// The GraphQL endpoint path.
    public var graphQLPath = "/graphql"
    /// Whether `/` and `/playground/...` are served.
    public var playgroundEnabled = true
    /// Playground files by name: `pageName` is served at `/` (with a `Content-Security-Policy`),
    /// every other NAME at `/playground/NAME`.
    public var playgroundFiles: [String: StaticFile] = [:]
    /// The name of the playground page in `playgroundFiles`.
    public var playgroundPageName = "index.html"
    /// The application's own `GET`/`HEAD` routes by exact path (e.g. the playground's `/images`),
    /// the server's one extension point. Paths the server routes itself (`/graphql`, `/health`,
    /// the playground, ...) take precedence.
    public var routes: [String: RouteHandler] = [:]
    /// The `Content-Security-Policy` of the playground page.
    public var playgroundContentSecurityPolicy = "default-src 'self'"
    /// Which `GET` requests on ``graphQLPath`` are answered (default: all of them; queries only).
    public var getRequests: GETPolicy = .allowed
    /// Origins allowed cross-origin (CORS); empty: CORS off; `"*"`: any origin.
    public var corsAllowedOrigins: [String] = []
    /// Messages below this level are not logged.
    public var logLevel: LogLevel = .info
    /// Where log lines go (default: standard error, batched off the event loops).
    public var logSink: LogSink = .writer(.standardError)
    /// Extra Prometheus text appended to `/metrics` (the upstream layer's counters).
    public var metricsHook: (@Sendable () -> String)?
    /// Prefix of the server's metric names.
    public var metricsPrefix = "menagerie"
    /// The longest one GraphQL request may execute (after parsing and validation); nil: no limit.
    ///
    /// Past it the execution's task is cancelled and the client gets `504` with
    /// `{"errors":[{"message":…,"extensions":{"code":"REQUEST_TIMEOUT"}}]}` at once,
    /// whether or not the execution has stopped yet.
    public var requestTimeout: Duration? = GraphQLServerConfiguration.defaultRequestTimeout

    /// The longest answer that lets the same request run on its connection's event loop next
    /// time instead of the shared pool (no thread hand-over); nil: every GraphQL request on the
    /// pool. A request runs on a loop only when its very bytes were answered before, executing
    /// an operation, within this budget (see `EventLoopAdmission`); anything new, large or slow
    /// runs on the pool, so that no client can hold a loop for longer.
    public var eventLoopBudget: Duration? = GraphQLServerConfiguration.defaultEventLoopBudget

    /// The largest GraphQL response body in bytes. A larger result is replaced by one error,
    /// `{"errors":[{"message":…,"extensions":{"code":"RESPONSE_TOO_LARGE"}}],"data":null}`, so
    /// that the largest answer, and the cost of producing it, has a stated bound.
    public var maxResponseBytes = GraphQLServerConfiguration.defaultMaxResponseBytes

    /// Where automatic persisted queries are kept (nil: not supported; a request with
    /// `extensions.persistedQuery` gets `PersistedQueryNotSupported`). Default: a bounded
    /// in-process store, ``InMemoryPersistedQueryStore``; to share queries between replicas,
    /// layer a shared store behind it (``LayeredPersistedQueryStore``).
    public var persistedQueries: (any PersistedQueryStore)? = InMemoryPersistedQueryStore()

    /// The default ``maxResponseBytes``: 16 MiB.
    public static let defaultMaxResponseBytes = 16 << 20

    /// The default ``eventLoopBudget``: 1 ms, the most the hostile-input rules let one request
    /// hold an event loop.
    public static let defaultEventLoopBudget: Duration = .milliseconds(1)

    /// The default ``requestTimeout``: 30 seconds.
    public static let defaultRequestTimeout: Duration = .seconds(30)

    public init(http: HTTPServerConfiguration = HTTPServerConfiguration()) {
        self.http = http
    }
}
