import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
import GraphQLServer
import HTTPServer
import Menagerie
@testable import MenagerieCLI

/// `--images` / `MENAGERIE_IMAGES`, and `/images` served as `menagerie serve` wires it.
final class ServeImagesTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ServeConfiguration {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func testModeFromFlagEnvironmentAndUpstreams() throws {
        XCTAssertEqual(try parse([]).images, .placeholder)
        XCTAssertEqual(try parse(["--upstreams", "live"]).images, .live)
        XCTAssertEqual(try parse([], ["MENAGERIE_ZOO_URL": "http://127.0.0.1:1"]).images, .live)
        XCTAssertEqual(try parse(["--upstreams", "live", "--images", "placeholder"]).images, .placeholder)
        XCTAssertEqual(try parse([], ["MENAGERIE_IMAGES": "live"]).images, .live)
        XCTAssertEqual(try parse(["--images=off"], ["MENAGERIE_IMAGES": "live"]).images, .off)
        XCTAssertThrowsError(try parse(["--images", "yes"])) { error in
            XCTAssertEqual((error as? ArgumentError)?.message,
                           "menagerie serve: '--images' must be 'placeholder', 'live' or 'off', got 'yes'")
        }
        XCTAssertThrowsError(try parse([], ["MENAGERIE_IMAGES": "Live"])) { error in
            XCTAssertEqual((error as? ArgumentError)?.message,
                           "menagerie serve: MENAGERIE_IMAGES must be 'placeholder', 'live' or 'off', got 'Live'")
        }
        XCTAssertNotNil(ServeCommand.serverConfiguration(try parse([]), metricsHook: nil).playgroundRoutes["/images"])
        XCTAssertNil(ServeCommand.serverConfiguration(try parse(["--images", "off"]), metricsHook: nil).playgroundRoutes["/images"])
    }

    func get(_ port: Int, _ target: String, method: String = "GET") async throws -> (Int, [AnyHashable: Any], Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.allHeaderFields ?? [:], data)
    }

    func start(_ arguments: [String]) throws -> GraphQLServer<MenagerieService> {
        let configuration = try parse(["--port", "0", "--event-loops", "1", "--log-level", "off"] + arguments)
        let app = try ServeCommand.makeApp(configuration, environment: { _ in nil })
        let server = GraphQLServer(service: MenagerieService(app: app),
                                   configuration: ServeCommand.serverConfiguration(configuration, metricsHook: nil),
                                   readiness: Readiness(ready: true))
        try server.start()
        return server
    }

    func testPlaceholdersOverHTTP() async throws {
        let server = try start([])
        let url = "https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg"
        let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let (status, headers, body) = try await get(server.port, "/images?url=\(encoded)")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(headers["Content-Type"] as? String, "image/svg+xml")
        XCTAssertEqual(headers["Content-Security-Policy"] as? String, "default-src 'none'; style-src 'unsafe-inline'")
        XCTAssertEqual(headers["X-Content-Type-Options"] as? String, "nosniff")
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains(">hound-afghan</text>"))
        let (headStatus, _, headBody) = try await get(server.port, "/images?url=\(encoded)", method: "HEAD")
        XCTAssertEqual(headStatus, 200)
        XCTAssertTrue(headBody.isEmpty)
        let (forbidden, _, forbiddenBody) = try await get(server.port, "/images?url=https%3A%2F%2F169.254.169.254%2Flatest")
        XCTAssertEqual(forbidden, 403)
        XCTAssertEqual(String(decoding: forbiddenBody, as: UTF8.self), "Host '169.254.169.254' is not allowed.\n")
        let (missing, _, _) = try await get(server.port, "/images")
        XCTAssertEqual(missing, 400)
        let (post, _, _) = try await get(server.port, "/images?url=\(encoded)", method: "POST")
        XCTAssertEqual(post, 405)
        // The playground page keeps its policy: the pictures come from the page's own origin.
        let (_, pageHeaders, _) = try await get(server.port, "/")
        XCTAssertEqual(pageHeaders["Content-Security-Policy"] as? String, "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        await server.shutdown()
    }

    func testNoPlaygroundNoImages() async throws {
        for arguments in [["--no-playground"], ["--images", "off"]] {
            let server = try start(arguments)
            let (status, _, _) = try await get(server.port, "/images?url=https%3A%2F%2Fimages.dog.ceo%2Fx.jpg")
            XCTAssertEqual(status, 404, "\(arguments)")
            await server.shutdown()
        }
    }
}
