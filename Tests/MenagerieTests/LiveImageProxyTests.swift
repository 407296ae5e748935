import XCTest
import UpstreamStubs
@testable import Menagerie

/// The image endpoint in live mode against loopback stub servers (allowed only through an
/// injected policy: `http` on the stub's port, host 127.0.0.1).
final class LiveImageProxyTests: XCTestCase {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)

    func makeProxy(_ server: StubServer, maxBytes: Int = 1024, timeout: Duration = .seconds(10)) -> ImageProxy {
        ImageProxy(
            mode: .live, policy: ImageURLPolicy(hosts: ["127.0.0.1"], schemes: ["http": server.port]),
            fetcher: LiveImageFetcher(timeout: timeout, maxBytes: maxBytes), cacheBytes: 4096)
    }

    func testFetchesCachesAndMarksTheImage() async throws {
        let server = try StubServer { request in
            request.path == "/dog.png"
                ? .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0)
                : .text("no", status: 404)
        }
        defer { server.stop() }
        let proxy = makeProxy(server)
        let answer = await proxy.answer(url: "\(server.baseURL)/dog.png")
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, Self.png)
        XCTAssertEqual(answer.header("Content-Type"), "image/png")
        XCTAssertEqual(answer.header("Cache-Control"), "public, max-age=86400")
        XCTAssertEqual(answer.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(answer.header("Content-Security-Policy"), "default-src 'none'; style-src 'unsafe-inline'")
        let again = await proxy.answer(url: "\(server.baseURL)/dog.png")
        XCTAssertEqual(again.body, Self.png)
        XCTAssertEqual(server.count(path: "/dog.png"), 1, "the second answer comes from the cache")
        XCTAssertEqual(server.requests.first?.header("Accept")?.hasPrefix("image/"), true)

        let missing = await proxy.answer(url: "\(server.baseURL)/missing.png")
        XCTAssertEqual(missing.status, 502)
        XCTAssertEqual(String(decoding: missing.body, as: UTF8.self), "The upstream answered 404.\n")
        // The policy still applies in live mode: another port or scheme is never fetched.
        let otherPort = await proxy.answer(url: "http://127.0.0.1:\(server.port == 1 ? 2 : 1)/dog.png")
        XCTAssertEqual(otherPort.status, 403)
        XCTAssertEqual(server.requestCount, 2)
    }

    func testConcurrentRequestsForOnePictureShareOneFetch() async throws {
        let server = try StubServer { _ in
            .respond(status: 200, headers: [("Content-Type", "image/png")], body: Self.png, delay: 0.3)
        }
        defer { server.stop() }
        let proxy = makeProxy(server)
        let url = "\(server.baseURL)/slow.png"
        let answers = await withTaskGroup(of: ImageAnswer.self) { group in
            for _ in 0..<5 { group.addTask { await proxy.answer(url: url) } }
            return await group.reduce(into: [ImageAnswer]()) { $0.append($1) }
        }
        XCTAssertEqual(answers.map(\.status), [200, 200, 200, 200, 200])
        XCTAssertTrue(answers.allSatisfy { $0.body == Self.png })
        XCTAssertEqual(server.count(path: "/slow.png"), 1, "one upstream fetch for five concurrent requests")
    }

    func testRefusesWhatIsNotARasterImage() async throws {
        let server = try StubServer { request in
            switch request.path {
            case "/page":
                return .respond(
                    status: 200, headers: [("Content-Type", "text/html")], body: Array("<script>".utf8), delay: 0)
            case "/vector":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/svg+xml")], body: Array("<svg/>".utf8), delay: 0)
            case "/untyped": return .respond(status: 200, headers: [], body: LiveImageProxyTests.png, delay: 0)
            case "/big":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/jpeg")], body: [UInt8](repeating: 1, count: 5000),
                    delay: 0)
            case "/big-chunked", "/small-chunked":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/jpeg"), ("Transfer-Encoding", "chunked")],
                    body: [UInt8](repeating: 1, count: request.path == "/big-chunked" ? 5000 : 1000), delay: 0)
            default: return .text("no", status: 500)
            }
        }
        defer { server.stop() }
        let proxy = makeProxy(server)
        for path in ["/page", "/vector", "/untyped"] {
            let answer = await proxy.answer(url: server.baseURL + path)
            XCTAssertEqual(answer.status, 502, path)
            XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "The upstream answer is not an image.\n", path)
            XCTAssertEqual(answer.header("Content-Type"), "text/plain; charset=utf-8")
        }
        for path in ["/big", "/big-chunked"] {
            let big = await proxy.answer(url: server.baseURL + path)
            XCTAssertEqual(big.status, 502, path)
            XCTAssertEqual(String(decoding: big.body, as: UTF8.self), "The image is too large.\n", path)
        }
        let small = await proxy.answer(url: server.baseURL + "/small-chunked")
        XCTAssertEqual(small.status, 200)
        XCTAssertEqual(small.body.count, 1000)
        let failing = await proxy.answer(url: server.baseURL + "/error")
        XCTAssertEqual(failing.status, 502)
    }

    func testRedirectsStayInsideThePolicy() async throws {
        let elsewhere = try StubServer { _ in
            .respond(status: 200, headers: [("Content-Type", "image/png")], body: LiveImageProxyTests.png, delay: 0)
        }
        defer { elsewhere.stop() }
        let server = try StubServer { request in
            switch request.path {
            case "/moved": return .respond(status: 302, headers: [("Location", "/dog.png")], body: [], delay: 0)
            case "/away":
                return .respond(
                    status: 301, headers: [("Location", "\(elsewhere.baseURL)/dog.png")], body: [], delay: 0)
            case "/loop": return .respond(status: 302, headers: [("Location", "/loop")], body: [], delay: 0)
            case "/dog.png":
                return .respond(
                    status: 200, headers: [("Content-Type", "image/png")], body: LiveImageProxyTests.png, delay: 0)
            default: return .text("no", status: 404)
            }
        }
        defer { server.stop() }
        let proxy = makeProxy(server)
        let moved = await proxy.answer(url: server.baseURL + "/moved")
        XCTAssertEqual(moved.status, 200)
        XCTAssertEqual(moved.body, Self.png)

        let away = await proxy.answer(url: server.baseURL + "/away")
        XCTAssertEqual(away.status, 502)
        XCTAssertEqual(
            String(decoding: away.body, as: UTF8.self), "The upstream redirects outside the allowed hosts.\n")
        XCTAssertEqual(elsewhere.requestCount, 0, "a redirect off the allowlist is never followed")

        let loop = await proxy.answer(url: server.baseURL + "/loop")
        XCTAssertEqual(loop.status, 502)
        XCTAssertEqual(String(decoding: loop.body, as: UTF8.self), "Too many redirects.\n")
        XCTAssertEqual(server.count(path: "/loop"), ImageProxy.maxRedirects + 1)
    }

    func testTimeoutIs504AndUnreachableIs502() async throws {
        let server = try StubServer { _ in .hang }
        let proxy = makeProxy(server, timeout: .seconds(1))
        let answer = await proxy.answer(url: server.baseURL + "/slow.png")
        XCTAssertEqual(answer.status, 504)
        XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), "The upstream did not answer in time.\n")
        server.stop()

        let closed = try StubServer { _ in .close }
        defer { closed.stop() }
        let broken = await makeProxy(closed).answer(url: closed.baseURL + "/x.png")
        XCTAssertEqual(broken.status, 502)
    }
}
