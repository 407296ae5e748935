import XCTest
import Upstreams
import UpstreamStubs
@testable import Menagerie

/// The image endpoint in auto mode against loopback stub servers (allowed through an injected
/// policy: `http` on the stub's port, host 127.0.0.1). No assertion depends on time: stub request
/// counts show what was asked, a ``ManualClock`` moves the remembering windows.
final class AutoImageProxyTests: XCTestCase {
    static let png = LiveImageProxyTests.png

    func makeProxy(
        port: Int, clock: ManualClock, budget: Duration = .seconds(5),
        breedPictures: BreedPictures? = nil
    ) -> ImageProxy {
        var settings = ImageProxy.AutoSettings(breedPictures: breedPictures, clock: clock.clock)
        settings.budget = budget
        return ImageProxy(
            mode: .auto, policy: ImageURLPolicy(hosts: ["127.0.0.1"], schemes: ["http": port]),
            fetcher: LiveImageFetcher(timeout: .seconds(10), maxBytes: 1024), cacheBytes: 4096, auto: settings)
    }

    func assertPlaceholder(
        _ answer: ImageAnswer, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(answer.status, 200, message, file: file, line: line)
        XCTAssertEqual(answer.header("Content-Type"), "image/svg+xml", message, file: file, line: line)
        XCTAssertEqual(answer.header("X-Menagerie-Image"), "placeholder", message, file: file, line: line)
        XCTAssertEqual(answer.header("Cache-Control"), "max-age=60", message, file: file, line: line)
        XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff", message, file: file, line: line)
        XCTAssertEqual(
            answer.header("Content-Security-Policy"), ImageProxy.contentSecurityPolicy, message, file: file, line: line)
        XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).hasPrefix("<svg "), message, file: file, line: line)
    }

    func assertPicture(
        _ answer: ImageAnswer, source: String, _ message: String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(answer.status, 200, message, file: file, line: line)
        XCTAssertEqual(answer.body, Self.png, message, file: file, line: line)
        XCTAssertEqual(answer.header("Content-Type"), "image/png", message, file: file, line: line)
        XCTAssertEqual(answer.header("X-Menagerie-Image"), source, message, file: file, line: line)
    }

    func testAnswersTheRealPictureAndCachesIt() async throws {
        let server = try StubServer { request in
            request.path == "/dog.png"
                ? .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
                : .text("no", status: 404)
        }
        defer { server.stop() }
        let proxy = makeProxy(port: server.port, clock: ManualClock())
        let answer = await proxy.answer(url: "\(server.baseURL)/dog.png")
        assertPicture(answer, source: "fetched")
        XCTAssertEqual(answer.header("Cache-Control"), "public, max-age=86400")
        XCTAssertEqual(answer.header("Content-Security-Policy"), ImageProxy.contentSecurityPolicy)
        assertPicture(await proxy.answer(url: "\(server.baseURL)/dog.png"), source: "fetched")
        XCTAssertEqual(server.count(path: "/dog.png"), 1, "the second answer comes from the cache")
        // The policy still applies: another port is refused, not drawn.
        let otherPort = await proxy.answer(url: "http://127.0.0.1:\(server.port == 1 ? 2 : 1)/dog.png")
        XCTAssertEqual(otherPort.status, 403)
    }

    func testClosedPortGivesThePlaceholderAndIsRemembered() async throws {
        let closed = try StubServer { _ in .close }
        let port = closed.port
        closed.stop()
        let proxy = makeProxy(port: port, clock: ManualClock())
        let url = "http://127.0.0.1:\(port)/breeds/hound-afghan/a.jpg"
        let answer = await proxy.answer(url: url)
        assertPlaceholder(answer)
        XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains(">a</text>"))
        XCTAssertTrue(proxy.isFailing("http://127.0.0.1:\(port)"), "a refused connection marks the host")
    }

    func testFailingHostIsSkippedUntilTheWindowPasses() async throws {
        let server = try StubServer { _ in
            .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
        }
        defer { server.stop() }
        server.fault = .close
        let clock = ManualClock()
        let proxy = makeProxy(port: server.port, clock: clock)
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/one.png"), "connection closed without an answer")
        let asked = server.requestCount
        XCTAssertGreaterThanOrEqual(asked, 1)
        XCTAssertTrue(proxy.isFailing(server.baseURL))

        // Within the window the host is not asked again, for any of its pictures.
        server.fault = .none
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/one.png"))
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/two.png"))
        clock.advance(by: .seconds(299))
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/three.png"))
        XCTAssertEqual(server.requestCount, asked, "a host remembered failing is not asked")

        // Past the window the host is asked again, and has recovered.
        clock.advance(by: .seconds(2))
        assertPicture(await proxy.answer(url: server.baseURL + "/one.png"), source: "fetched")
        XCTAssertEqual(server.requestCount, asked + 1)
        XCTAssertFalse(proxy.isFailing(server.baseURL))
    }

    func testHostThatDoesNotAnswerInTimeIsAskedOnce() async throws {
        let server = try StubServer { _ in .hang }
        defer { server.stop() }
        let proxy = makeProxy(port: server.port, clock: ManualClock(), budget: .milliseconds(300))
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/slow.png"), "past the budget")
        XCTAssertEqual(server.requestCount, 1)
        // The next picture is drawn without asking (so without waiting on the budget again).
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/slow2.png"))
        XCTAssertEqual(server.requestCount, 1)
    }

    func testMissingPictureGivesThePlaceholderWithoutMarkingTheHost() async throws {
        let server = try StubServer { request in
            switch request.path {
            case "/dog.png":
                return .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
            case "/page":
                return .respond(
                    status: 200, headers: [("Content-Type", "text/html")], body: Array("<script>".utf8), delay: 0)
            case "/vector":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/svg+xml")], body: Array("<svg/>".utf8), delay: 0)
            case "/big":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/png")], body: [UInt8](repeating: 1, count: 5000),
                    delay: 0)
            case "/away":
                return .respond(status: 302, headers: [("Location", "http://evil.example/x.png")], body: [], delay: 0)
            default: return .text("no", status: 404)
            }
        }
        defer { server.stop() }
        let proxy = makeProxy(port: server.port, clock: ManualClock())
        for path in ["/missing.png", "/page", "/vector", "/big", "/away"] {
            assertPlaceholder(await proxy.answer(url: server.baseURL + path), path)
            XCTAssertFalse(proxy.isFailing(server.baseURL), "\(path) is about one picture, not the host")
        }
        assertPicture(await proxy.answer(url: server.baseURL + "/dog.png"), source: "fetched")
        XCTAssertEqual(server.count(path: "/missing.png"), 1)
        // A placeholder is not cached: the picture is asked for again next time.
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/missing.png"))
        XCTAssertEqual(server.count(path: "/missing.png"), 2)
    }

    func testServerErrorMarksTheHost() async throws {
        let server = try StubServer { request in
            request.path == "/dog.png"
                ? .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
                : .text("down", status: 503)
        }
        defer { server.stop() }
        let proxy = makeProxy(port: server.port, clock: ManualClock())
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/broken.png"))
        XCTAssertTrue(proxy.isFailing(server.baseURL))
        assertPlaceholder(await proxy.answer(url: server.baseURL + "/dog.png"), "the host is skipped for a while")
        XCTAssertEqual(server.requestCount, 1)
    }

    /// A Dog CEO stub answering random pictures of hound/afghan and akita from `images`.
    func dogCEOStub(images: StubServer, message: @escaping @Sendable (String) -> String? = { _ in nil }) throws
        -> StubServer
    {
        try StubServer { request in
            let pictures = [
                "/api/breed/hound/afghan/images/random": "\(images.baseURL)/breeds/hound-afghan/real.png",
                "/api/breed/akita/images/random": "\(images.baseURL)/breeds/akita/real.png"
            ]
            if let text = message(request.path) { return .json(text) }
            guard let picture = pictures[request.path] else {
                return .json(
                    #"{"status":"error","message":"Breed not found (main breed does not exist)","code":404}"#,
                    status: 404)
            }
            return .json(#"{"message":"\#(picture)","status":"success"}"#)
        }
    }

    func testMissingDogCEOPictureBecomesARandomOneOfItsBreed() async throws {
        let images = try StubServer { request in
            request.path.hasSuffix("/real.png")
                ? .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
                : .text("no", status: 404)
        }
        defer { images.stop() }
        let api = try dogCEOStub(images: images) { path in
            path == "/api/breed/outside/images/random"
                ? #"{"message":"https://evil.example/x.png","status":"success"}"# : nil
        }
        defer { api.stop() }
        let clock = ManualClock()
        let pictures = try XCTUnwrap(BreedPictures(apiBaseURL: api.baseURL + "/api/", imageHost: "127.0.0.1"))
        let proxy = makeProxy(port: images.port, clock: clock, breedPictures: pictures)

        let original = images.baseURL + "/breeds/hound-afghan/n02088094_1003.jpg"
        let answer = await proxy.answer(url: original)
        assertPicture(answer, source: "breed-random")
        XCTAssertEqual(answer.header("Cache-Control"), "public, max-age=3600")
        XCTAssertEqual(api.requests.map(\.path), ["/api/breed/hound/afghan/images/random"])
        XCTAssertEqual(api.requests.first?.header("Accept"), "application/json")
        XCTAssertEqual(
            images.requests.map(\.path), ["/breeds/hound-afghan/n02088094_1003.jpg", "/breeds/hound-afghan/real.png"])

        // Remembered: the next request asks nobody.
        assertPicture(await proxy.answer(url: original), source: "breed-random")
        XCTAssertEqual(api.requestCount, 1)
        XCTAssertEqual(images.requestCount, 2)

        // A main breed without sub-breed.
        assertPicture(await proxy.answer(url: images.baseURL + "/breeds/akita/gone.jpg"), source: "breed-random")
        XCTAssertEqual(api.requests.last?.path, "/api/breed/akita/images/random")

        // An unknown breed: the API's 404 gives the placeholder, and the API is not marked failing.
        assertPlaceholder(await proxy.answer(url: images.baseURL + "/breeds/nosuchbreed/x.jpg"))
        XCTAssertFalse(proxy.isFailing(api.baseURL))
        // A picture URL outside the policy is never fetched.
        assertPlaceholder(await proxy.answer(url: images.baseURL + "/breeds/outside/x.jpg"))
        // Not a breed picture: no API call.
        let apiCalls = api.requestCount
        assertPlaceholder(await proxy.answer(url: images.baseURL + "/other/x.jpg"))
        XCTAssertEqual(api.requestCount, apiCalls)

        // After the stand-in's lifetime the original picture is tried again.
        clock.advance(by: .seconds(3601))
        let before = images.count(path: "/breeds/hound-afghan/n02088094_1003.jpg")
        assertPicture(await proxy.answer(url: original), source: "breed-random")
        XCTAssertEqual(images.count(path: "/breeds/hound-afghan/n02088094_1003.jpg"), before + 1)
    }

    func testDogCEOThatDoesNotAnswerGivesThePlaceholderAndIsRemembered() async throws {
        let images = try StubServer { _ in .text("no", status: 404) }
        defer { images.stop() }
        let api = try StubServer { _ in .close }
        defer { api.stop() }
        let pictures = try XCTUnwrap(BreedPictures(apiBaseURL: api.baseURL + "/api", imageHost: "127.0.0.1"))
        let proxy = makeProxy(port: images.port, clock: ManualClock(), breedPictures: pictures)
        assertPlaceholder(await proxy.answer(url: images.baseURL + "/breeds/akita/a.jpg"))
        XCTAssertTrue(proxy.isFailing(api.baseURL))
        XCTAssertFalse(proxy.isFailing(images.baseURL), "the image host answered (404)")
        let asked = api.requestCount
        XCTAssertGreaterThanOrEqual(asked, 1)
        assertPlaceholder(await proxy.answer(url: images.baseURL + "/breeds/akita/b.jpg"))
        XCTAssertEqual(api.requestCount, asked, "the failing API is not asked again")
        XCTAssertEqual(images.requestCount, 2)
    }

    func testBreedPictureURLs() throws {
        let pictures = try XCTUnwrap(BreedPictures(apiBaseURL: "https://dog.ceo/api/"))
        XCTAssertEqual(pictures.apiBaseURL, "https://dog.ceo/api")
        XCTAssertEqual(pictures.apiOrigin, "https://dog.ceo")
        func api(_ text: String) throws -> String? {
            try pictures.randomPictureURL(for: ImageURLPolicy.menagerie.check(text).get())
        }
        XCTAssertEqual(
            try api("https://images.dog.ceo/breeds/hound-afghan/n02088094_1003.jpg"),
            "https://dog.ceo/api/breed/hound/afghan/images/random")
        XCTAssertEqual(
            try api("https://images.dog.ceo/breeds/akita/512px-Akita_inu.jpg"),
            "https://dog.ceo/api/breed/akita/images/random")
        XCTAssertEqual(
            try api("https://images.dog.ceo/breeds/african-wild/x.jpg?a=1"),
            "https://dog.ceo/api/breed/african/wild/images/random")
        for url in [
            "https://cdn2.thedogapi.com/breeds/akita/x.jpg", "https://images.dog.ceo/breeds/akita/",
            "https://images.dog.ceo/breeds/x.jpg",
            "https://images.dog.ceo/breeds/a/b/c.jpg", "https://images.dog.ceo/breeds/Akita/x.jpg",
            "https://images.dog.ceo/breeds/-akita/x.jpg",
            "https://images.dog.ceo/breeds/akita-/x.jpg", "https://images.dog.ceo/breeds/%2E%2E/x.jpg",
            "https://images.dog.ceo/other/akita/x.jpg"
        ] {
            XCTAssertNil(try api(url), url)
        }
        XCTAssertEqual(BreedPictures(apiBaseURL: "http://127.0.0.1:9/api")?.apiOrigin, "http://127.0.0.1:9")
        XCTAssertNil(BreedPictures(apiBaseURL: "ftp://dog.ceo/api"))
        XCTAssertNil(BreedPictures(apiBaseURL: "https:///api"))

        XCTAssertEqual(
            BreedPictures.pictureURL(
                inAnswer: Array(#"{"status":"success","message":"https://images.dog.ceo/breeds/akita/a.jpg"}"#.utf8)),
            "https://images.dog.ceo/breeds/akita/a.jpg")
        XCTAssertEqual(
            BreedPictures.pictureURL(
                inAnswer: Array(#"{"message":"https:\/\/images.dog.ceo\/x.jpg","status":"success"}"#.utf8)),
            "https://images.dog.ceo/x.jpg")
        for body in [
            #"{"status":"error","message":"Breed not found","code":404}"#, #"{"status":"success","message":["a"]}"#,
            "<html>", ""
        ] {
            XCTAssertNil(BreedPictures.pictureURL(inAnswer: Array(body.utf8)), body)
        }
    }

    func testExpiringTableIsBoundedAndExpires() {
        let clock = ManualClock()
        let table = ExpiringTable<Int>(capacity: 2, lifetime: .seconds(10), clock: clock.clock)
        table.set(1, for: "a")
        clock.advance(by: .seconds(1))
        table.set(2, for: "b")
        table.set(3, for: "c")
        XCTAssertEqual(table.count, 2)
        XCTAssertNil(table.value(for: "a"), "the entry expiring soonest makes room")
        XCTAssertEqual(table.value(for: "b"), 2)
        XCTAssertEqual(table.value(for: "c"), 3)
        table.set(4, for: "c")
        XCTAssertEqual(table.count, 2, "replacing an entry needs no room")
        clock.advance(by: .seconds(10))
        XCTAssertNil(table.value(for: "b"))
        XCTAssertEqual(table.count, 1)
        table.set(5, for: "d")
        table.set(6, for: "e")
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table.value(for: "e"), 6)
    }
}
