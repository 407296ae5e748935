import HTTPServer

/// Answers one `GET` or `HEAD` request on an extra route the application serves beside the
/// playground (see ``GraphQLServerConfiguration/playgroundRoutes``).
///
/// The server adds CORS headers, metrics and the access log; for `HEAD` it drops the body.
public typealias PlaygroundRouteHandler = @Sendable (HTTPRequest) async -> HTTPResponse
