import XCTest
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import GraphQLServer
import HTTPServer
import JSON

/// Operational routes, CORS, metrics and the access log; one end-to-end run on a socket.
final class RoutesTests: XCTestCase {
    final class Lines: @unchecked Sendable {
        let lock = NSLock()
        var all: [String] = []
        func add(_ line: String) { lock.lock(); all.append(line); lock.unlock() }
        var snapshot: [String] { lock.lock(); defer { lock.unlock() }; return all }
    }

    func makeHandler(
        _ configure: (inout GraphQLServerConfiguration) -> Void = { _ in },
        lines: Lines = Lines()
    ) -> GraphQLHTTPHandler<FakeService> {
        var c = GraphQLServerConfiguration()
        c.playgroundFiles = [
            "index.html": StaticFile(contentType: "text/html; charset=utf-8", text: "<html>playground</html>"),
            "app.js": StaticFile(contentType: "text/javascript", text: "console.log(1)")
        ]
        c.logSink = .lines { lines.add($0) }
        c.metricsHook = { "upstream_requests_total{upstream=\"dog\"} 3" }
        configure(&c)
        return GraphQLHTTPHandler(service: FakeService(), configuration: c)
    }

    func request(_ method: String, _ target: String, _ headers: [(String, String)] = [], body: String = "")
        -> HTTPRequest
    {
        HTTPRequest(
            method: method, target: target, headers: HTTPHeaders(headers.map { (name: $0.0, value: $0.1) }),
            body: Array(body.utf8))
    }

    func testHealthReadyPlaygroundAndNotFound() async {
        let handler = makeHandler()
        let health = await handler.respond(to: request("GET", "/health"))
        XCTAssertEqual(health.status, 200)
        let notReady = await handler.respond(to: request("GET", "/ready"))
        XCTAssertEqual(notReady.status, 503)
        handler.readiness.set(true)
        let ready = await handler.respond(to: request("GET", "/ready"))
        XCTAssertEqual(ready.status, 200)
        let page = await handler.respond(to: request("GET", "/"))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(
            page.headers["content-security-policy"],
            "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        XCTAssertEqual(page.headers["x-frame-options"], "DENY")
        XCTAssertEqual(health.headers["x-frame-options"], "DENY")
        XCTAssertEqual(String(decoding: page.body, as: UTF8.self), "<html>playground</html>")
        let script = await handler.respond(to: request("GET", "/playground/app.js"))
        XCTAssertEqual(script.headers["content-type"], "text/javascript")
        let missing = await handler.respond(to: request("GET", "/playground/../x"))
        XCTAssertEqual(missing.status, 404)
        let unknown = await handler.respond(to: request("GET", "/nope"))
        XCTAssertEqual(unknown.status, 404)
        let post = await handler.respond(to: request("POST", "/health"))
        XCTAssertEqual(post.status, 405)
        let off = makeHandler { $0.playgroundEnabled = false }
        let offPage = await off.respond(to: request("GET", "/"))
        XCTAssertEqual(offPage.status, 404)
    }

    func testApplicationRoutesComeAfterTheServersOwn() async {
        let configure: (inout GraphQLServerConfiguration) -> Void = {
            $0.routes["/extra"] = { request in
                .text(200, "extra \(request.queryItems.first?.value ?? "-")\n", headers: ["X-Extra": "1"])
            }
            $0.routes["/health"] = { _ in .text(500, "shadowed\n") }
        }
        let handler = makeHandler(configure)
        let get = await handler.respond(to: request("GET", "/extra?x=a%20b"))
        XCTAssertEqual(get.status, 200)
        XCTAssertEqual(String(decoding: get.body, as: UTF8.self), "extra a b\n")
        XCTAssertEqual(get.headers["x-extra"], "1")
        let head = await handler.respond(to: request("HEAD", "/extra"))
        XCTAssertEqual(head.status, 200)
        let post = await handler.respond(to: request("POST", "/extra"))
        XCTAssertEqual(post.status, 405)
        let deeper = await handler.respond(to: request("GET", "/extra/more"))
        XCTAssertEqual(deeper.status, 404)
        let health = await handler.respond(to: request("GET", "/health"))
        XCTAssertEqual(String(decoding: health.body, as: UTF8.self), "ok\n", "the server's own routes come first")
        let withoutPlayground = makeHandler {
            configure(&$0); $0.playgroundEnabled = false
        }
        let stillServed = await withoutPlayground.respond(to: request("GET", "/extra"))
        XCTAssertEqual(stillServed.status, 200, "application routes do not depend on the playground")
    }

    func testMetricsAndAccessLog() async throws {
        let lines = Lines()
        let handler = makeHandler(lines: lines)
        _ = await handler.respond(
            to: request(
                "POST", "/graphql", [("content-type", "application/json")],
                body: #"{"query":"query Dogs { a }","operationName":"Dogs"}"#))
        _ = await handler.respond(to: request("GET", "/nope"))
        let metrics = await handler.respond(to: request("GET", "/metrics"))
        let text = String(decoding: metrics.body, as: UTF8.self)
        XCTAssertTrue(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        XCTAssertTrue(text.contains("menagerie_http_requests_total{status=\"200\"} 1\n"), text)
        XCTAssertTrue(text.contains("menagerie_http_requests_total{status=\"404\"} 1\n"), text)
        XCTAssertTrue(text.contains("menagerie_http_request_duration_seconds_count 2\n"), text)
        XCTAssertTrue(text.contains("menagerie_http_request_duration_seconds_bucket{le=\"+Inf\"} 2\n"), text)
        XCTAssertTrue(text.contains("menagerie_http_requests_in_flight 1\n"), text)
        XCTAssertTrue(text.contains("menagerie_graphql_operations_total{type=\"query\"} 1\n"), text)
        XCTAssertTrue(text.hasSuffix("upstream_requests_total{upstream=\"dog\"} 3\n"), text)
        let log = lines.snapshot
        XCTAssertEqual(log.count, 3)
        let first = try XCTUnwrap(log.first)
        for field in [
            "level=info", "msg=request", "method=POST", "path=/graphql", "status=200", "operation=Dogs", "duration_ms="
        ] {
            XCTAssertTrue(first.contains(field), first)
        }
        XCTAssertTrue(log[1].contains("status=404") && log[1].contains("operation=-"), log[1])
    }

    func testCORSOffByDefaultAndAllowlist() async {
        let closed = makeHandler()
        let plain = await closed.respond(to: request("GET", "/health", [("origin", "https://a.example")]))
        XCTAssertNil(plain.headers["access-control-allow-origin"])
        let handler = makeHandler { $0.corsAllowedOrigins = ["https://a.example"] }
        let allowed = await handler.respond(to: request("GET", "/health", [("origin", "https://a.example")]))
        XCTAssertEqual(allowed.headers["access-control-allow-origin"], "https://a.example")
        let other = await handler.respond(to: request("GET", "/health", [("origin", "https://evil.example")]))
        XCTAssertNil(other.headers["access-control-allow-origin"])
        let preflight = await handler.respond(
            to: request(
                "OPTIONS", "/graphql",
                [
                    ("origin", "https://a.example"), ("access-control-request-method", "POST"),
                    ("access-control-request-headers", "content-type")
                ]))
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.headers["access-control-allow-origin"], "https://a.example")
        XCTAssertEqual(preflight.headers["access-control-allow-methods"], "GET, POST, OPTIONS")
        XCTAssertEqual(preflight.headers["access-control-allow-headers"], "content-type")
        // Each CORS header once (browsers reject a repeated Access-Control-Allow-Origin).
        XCTAssertEqual(preflight.headers.values(for: "access-control-allow-origin"), ["https://a.example"])
        XCTAssertEqual(preflight.headers.values(for: "vary"), ["Origin"])
        XCTAssertEqual(allowed.headers.values(for: "access-control-allow-origin"), ["https://a.example"])
        XCTAssertEqual(allowed.headers.values(for: "vary"), ["Origin"])
        let refused = await handler.respond(
            to: request(
                "OPTIONS", "/graphql",
                [
                    ("origin", "https://evil.example"), ("access-control-request-method", "POST")
                ]))
        XCTAssertEqual(refused.status, 403)
        XCTAssertNil(refused.headers["access-control-allow-origin"])
    }

    func testEndToEndOverLoopback() async throws {
        var configuration = GraphQLServerConfiguration(http: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        configuration.http.eventLoopCount = 1
        configuration.logLevel = .off
        let server = GraphQLServer(service: FakeService(), configuration: configuration)
        let port = try server.start()
        var post = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.setValue("application/graphql-response+json", forHTTPHeaderField: "Accept")
        post.httpBody = Data(#"{"query":"{ __typename }"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: post)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        XCTAssertEqual(http.statusCode, 200)
        XCTAssertEqual(
            http.value(forHTTPHeaderField: "Content-Type"), "application/graphql-response+json; charset=utf-8")
        XCTAssertEqual(
            http.value(forHTTPHeaderField: "Content-Security-Policy"),
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        XCTAssertEqual(http.value(forHTTPHeaderField: "X-Frame-Options"), "DENY")
        XCTAssertEqual(try JSONParser.parse(Array(data))["data"]?["query"], "{ __typename }")
        post.httpBody = Data("{".utf8)
        let (_, bad) = try await URLSession.shared.data(for: post)
        XCTAssertEqual((bad as? HTTPURLResponse)?.statusCode, 400)
        let (metrics, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/metrics")!)
        let text = String(decoding: metrics, as: UTF8.self)
        XCTAssertTrue(text.contains("menagerie_http_connections "), text)
        XCTAssertTrue(text.contains("menagerie_http_requests_total{status=\"400\"} 1\n"), text)
        await server.shutdown()
    }
}
