import HTTPServer

/// Answers one `GET` or `HEAD` request on a route the application adds to the server (see
/// ``GraphQLServerConfiguration/routes``), such as the playground's image proxy.
///
/// The server adds CORS headers, metrics and the access log; for `HEAD` it drops the body.
public typealias RouteHandler = @Sendable (HTTPRequest) async -> HTTPResponse
