import XCTest
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import GraphQLServer
import HTTPServer
import Menagerie
import UpstreamStubs
@testable import MenagerieCLI

/// `--images` / `MENAGERIE_IMAGES`, and `/images` served as `menagerie serve` wires it.
final class ServeImagesTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ServeConfiguration {
        try ServeConfiguration.parse(arguments, environment: { environment[$0] })
    }

    func testModeFromFlagEnvironmentAndUpstreams() throws {
        // `auto` by default in every mode, embedded or live.
        XCTAssertEqual(try parse([]).images, .auto)
        XCTAssertEqual(try parse(["--upstreams", "live"]).images, .auto)
        XCTAssertEqual(try parse([], ["MENAGERIE_ZOO_URL": "http://127.0.0.1:1"]).images, .auto)
        XCTAssertEqual(try parse(["--profile", "production"]).images, .auto)
        XCTAssertEqual(try parse(["--upstreams", "live", "--images", "placeholder"]).images, .placeholder)
        XCTAssertEqual(try parse(["--images", "live"]).images, .live)
        XCTAssertEqual(try parse(["--images=auto"], ["MENAGERIE_IMAGES": "placeholder"]).images, .auto)
        XCTAssertEqual(try parse([], ["MENAGERIE_IMAGES": "live"]).images, .live)
        XCTAssertEqual(try parse([], ["MENAGERIE_IMAGES": "auto"]).images, .auto)
        XCTAssertEqual(try parse([], ["MENAGERIE_IMAGES": "placeholder"]).images, .placeholder)
        XCTAssertEqual(try parse(["--images=off"], ["MENAGERIE_IMAGES": "live"]).images, .off)
        XCTAssertThrowsError(try parse(["--images", "yes"])) { error in
            XCTAssertEqual(
                (error as? ArgumentError)?.message,
                "menagerie serve: '--images' must be 'auto', 'placeholder', 'live' or 'off', got 'yes'")
        }
        XCTAssertThrowsError(try parse([], ["MENAGERIE_IMAGES": "Auto"])) { error in
            XCTAssertEqual(
                (error as? ArgumentError)?.message,
                "menagerie serve: MENAGERIE_IMAGES must be 'auto', 'placeholder', 'live' or 'off', got 'Auto'")
        }
        XCTAssertNotNil(ServeCommand.serverConfiguration(try parse([]), metricsHook: nil).routes["/images"])
        XCTAssertNil(
            ServeCommand.serverConfiguration(try parse(["--images", "off"]), metricsHook: nil).routes["/images"])
        // /images belongs to the playground: without it (production, --no-playground) it is not served.
        XCTAssertFalse(
            ServeCommand.serverConfiguration(try parse(["--profile", "production"]), metricsHook: nil).playgroundEnabled
        )
        XCTAssertNil(
            ServeCommand.serverConfiguration(try parse(["--profile", "production"]), metricsHook: nil).routes["/images"]
        )
        XCTAssertNil(
            ServeCommand.serverConfiguration(try parse(["--no-playground"]), metricsHook: nil).routes["/images"])
    }

    func testEachModeBuildsItsEndpoint() throws {
        XCTAssertNil(try parse(["--images", "off"]).imageProxy())
        XCTAssertEqual(try parse(["--images", "placeholder"]).imageProxy()?.mode, .placeholder)
        XCTAssertEqual(try parse(["--images", "live"]).imageProxy()?.mode, .live)
        let auto = try XCTUnwrap(try parse([]).imageProxy())
        XCTAssertEqual(auto.mode, .auto)
        XCTAssertEqual(auto.policy.hosts, ImageURLPolicy.menagerieHosts)
        XCTAssertEqual(auto.autoSettings.budget, .milliseconds(2500))
        XCTAssertEqual(auto.autoSettings.failingHostWindow, .seconds(300))
        // Stand-ins for missing Dog CEO pictures come from the configured Dog CEO API.
        XCTAssertEqual(auto.autoSettings.breedPictures?.apiBaseURL, "https://dog.ceo/api")
        XCTAssertEqual(auto.autoSettings.breedPictures?.imageHost, "images.dog.ceo")
        XCTAssertEqual(
            try parse(["--dog-ceo-url", "http://127.0.0.1:9/api/"]).imageProxy()?.autoSettings.breedPictures?
                .apiBaseURL,
            "http://127.0.0.1:9/api")
        XCTAssertEqual(
            try parse([], ["MENAGERIE_DOG_CEO_URL": "http://127.0.0.1:9"]).imageProxy()?.autoSettings.breedPictures?
                .apiOrigin,
            "http://127.0.0.1:9")
    }

    func get(_ port: Int, _ target: String, method: String = "GET") async throws -> (Int, [AnyHashable: Any], Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.allHeaderFields ?? [:], data)
    }

    /// `menagerie serve` with `arguments`; `images` replaces its `/images` endpoint.
    func start(_ arguments: [String], images: ImageProxy? = nil) throws -> GraphQLServer<MenagerieService> {
        let configuration = try parse(["--port", "0", "--event-loops", "1", "--log-level", "off"] + arguments)
        let app = try ServeCommand.makeApp(configuration, environment: { _ in nil })
        var serverConfiguration = ServeCommand.serverConfiguration(configuration, metricsHook: nil)
        if let images { serverConfiguration.routes["/images"] = ImageRoute.handler(images) }
        let server = GraphQLServer(
            service: MenagerieService(app: app), configuration: serverConfiguration,
            readiness: Readiness(ready: true))
        try server.start()
        return server
    }

    func testPlaceholdersOverHTTP() async throws {
        let server = try start(["--images", "placeholder"])
        let url = "https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg"
        let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let (status, headers, body) = try await get(server.port, "/images?url=\(encoded)")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(headers["Content-Type"] as? String, "image/svg+xml")
        XCTAssertEqual(headers["Content-Security-Policy"] as? String, "default-src 'none'; style-src 'unsafe-inline'")
        XCTAssertEqual(headers["X-Content-Type-Options"] as? String, "nosniff")
        XCTAssertEqual(headers["X-Menagerie-Image"] as? String, "placeholder")
        XCTAssertEqual(headers["Cache-Control"] as? String, "no-cache")
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains(">hound-afghan</text>"))
        let (headStatus, _, headBody) = try await get(server.port, "/images?url=\(encoded)", method: "HEAD")
        XCTAssertEqual(headStatus, 200)
        XCTAssertTrue(headBody.isEmpty)
        let (forbidden, _, forbiddenBody) = try await get(
            server.port, "/images?url=https%3A%2F%2F169.254.169.254%2Flatest")
        XCTAssertEqual(forbidden, 403)
        XCTAssertEqual(String(decoding: forbiddenBody, as: UTF8.self), "Host '169.254.169.254' is not allowed.\n")
        let (missing, _, _) = try await get(server.port, "/images")
        XCTAssertEqual(missing, 400)
        let (post, _, _) = try await get(server.port, "/images?url=\(encoded)", method: "POST")
        XCTAssertEqual(post, 405)
        // The playground page keeps its policy: the pictures come from the page's own origin.
        let (_, pageHeaders, _) = try await get(server.port, "/")
        XCTAssertEqual(
            pageHeaders["Content-Security-Policy"] as? String,
            "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        await server.shutdown()
    }

    /// Auto mode over HTTP, its hosts being loopback stubs (the served policy allows only the
    /// real image hosts over https, so the endpoint is built as `imageProxy()` builds it, with a
    /// policy allowing the stub).
    func testAutoOverHTTP() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 64)
        let images = try StubServer { request in
            request.path == "/dog.png" || request.path == "/breeds/akita/real.png"
                ? .respond(status: 200, headers: [("Content-Type", "image/png")], body: png, delay: 0)
                : .text("no", status: 404)
        }
        defer { images.stop() }
        let dogCEO = try StubServer { request in
            request.path == "/api/breed/akita/images/random"
                ? .json(#"{"message":"\#(images.baseURL)/breeds/akita/real.png","status":"success"}"#)
                : .json(#"{"status":"error","message":"Breed not found","code":404}"#, status: 404)
        }
        defer { dogCEO.stop() }
        let configuration = try parse(["--dog-ceo-url", dogCEO.baseURL + "/api"])
        let pictures = try XCTUnwrap(
            BreedPictures(apiBaseURL: configuration.upstreams.baseURL(.dogCEO), imageHost: "127.0.0.1"))
        let proxy = ImageProxy(
            mode: .auto, policy: ImageURLPolicy(hosts: ["127.0.0.1"], schemes: ["http": images.port]),
            auto: .init(breedPictures: pictures))
        let server = try start([], images: proxy)
        func image(_ url: String) async throws -> (Int, [AnyHashable: Any], Data) {
            try await get(
                server.port, "/images?url=" + (url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        let (status, headers, body) = try await image(images.baseURL + "/dog.png")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(headers["Content-Type"] as? String, "image/png")
        XCTAssertEqual(headers["X-Menagerie-Image"] as? String, "fetched")
        XCTAssertEqual([UInt8](body), png)
        let (_, standInHeaders, standIn) = try await image(images.baseURL + "/breeds/akita/gone.jpg")
        XCTAssertEqual(standInHeaders["X-Menagerie-Image"] as? String, "breed-random")
        XCTAssertEqual([UInt8](standIn), png)
        XCTAssertEqual(dogCEO.requests.map(\.path), ["/api/breed/akita/images/random"])
        let (missingStatus, missingHeaders, missing) = try await image(images.baseURL + "/breeds/nosuch/gone.jpg")
        XCTAssertEqual(missingStatus, 200)
        XCTAssertEqual(missingHeaders["Content-Type"] as? String, "image/svg+xml")
        XCTAssertEqual(missingHeaders["X-Menagerie-Image"] as? String, "placeholder")
        XCTAssertEqual(missingHeaders["Cache-Control"] as? String, "max-age=60")
        XCTAssertTrue(String(decoding: missing, as: UTF8.self).contains(">gone</text>"))
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
