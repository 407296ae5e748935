import UpstreamStubs
import Foundation
import Locking
@testable import MenagerieUpstreams
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// Redirects: followed only within the origin first requested (at most 3); any other
/// redirect is `UPSTREAM_BAD_RESPONSE`, and the API key never reaches another host.
final class RedirectTests: XCTestCase {
    static let secret = "redirect-secret-key-0123456789"

    /// Where the redirecting stub sends its clients.
    final class Target: Sendable {
        private let location = Locked<String?>(nil)
        var value: String? {
            get { location.withLock { $0 } }
            set { location.withLock { $0 = newValue } }
        }
    }

    func client(_ baseURL: String) -> TheDogAPIClient {
        TheDogAPIClient(
            pipeline: UpstreamPipeline(
                upstream: .theDogAPI, transport: URLSessionTransport(timeout: .seconds(5)),
                settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled)),
            baseURL: baseURL, apiKey: APIKey(Self.secret), policy: .never)
    }

    func testCrossOriginRedirectIsBadResponseAndTheOtherHostSeesNothing() async throws {
        let other = try StubServer { _ in .json(SharedData.text("thedogapi/breeds.json")) }
        defer { other.stop() }
        let target = Target()
        target.value = other.baseURL + "/v1/breeds"
        let redirector = try StubServer { _ in
            if let location = target.value { return .text("Found", status: 302, headers: [("Location", location)]) }
            return .json(SharedData.text("thedogapi/breeds.json"))
        }
        defer { redirector.stop() }
        let client = client(redirector.baseURL + "/v1")
        do {
            _ = try await client.breeds().value.value
            XCTFail("expected UPSTREAM_BAD_RESPONSE")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_BAD_RESPONSE")
            XCTAssertEqual(error.upstream, .theDogAPI)
            XCTAssertFalse(error.message.contains("127.0.0.1"), error.message)
            XCTAssertFalse(error.message.contains(Self.secret))
        }
        XCTAssertEqual(other.requestCount, 0)
        XCTAssertTrue(other.requests.allSatisfy { $0.header("x-api-key") == nil })
        XCTAssertEqual(redirector.requests.map { $0.header("x-api-key") }, [Self.secret])
        XCTAssertEqual(client.pipeline.counters.values.errors["UPSTREAM_BAD_RESPONSE"], 1)

        // Another port of the same host is another origin too.
        target.value = "http://127.0.0.1:\(other.port)/v1/breeds"
        await XCTAssertThrowsUpstream(try await client.breeds().value.value, code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(other.requestCount, 0)

        // Recovery: the upstream stops redirecting, the next call is right.
        target.value = nil
        let answer1 = try await client.breeds().value.value.count
        XCTAssertEqual(answer1, 170)
        XCTAssertEqual(client.pipeline.breaker.state, .closed)
    }

    func testSameOriginRedirectsAreFollowedWithinTheBound() async throws {
        let server = try StubServer { request in
            switch request.path {
            case "/v1/breeds": return .text("Moved", status: 301, headers: [("Location", "/v1/breeds/all")])
            case "/v1/breeds/all":
                return .text(
                    "Found", status: 302,
                    headers: [
                        (
                            "Location",
                            "http://127.0.0.1:\(request.header("host")?.split(separator: ":").last ?? "")/v1/list"
                        )
                    ])
            case "/v1/list": return .json(SharedData.text("thedogapi/breeds.json"))
            case "/v1/loop": return .text("Found", status: 302, headers: [("Location", "/v1/loop")])
            default: return .json("[]", status: 404)
            }
        }
        defer { server.stop() }
        let client = client(server.baseURL + "/v1")
        let answer2 = try await client.breeds().value.value.count
        XCTAssertEqual(answer2, 170)
        XCTAssertEqual(server.requests.map(\.path), ["/v1/breeds", "/v1/breeds/all", "/v1/list"])
        XCTAssertTrue(server.requests.allSatisfy { $0.header("x-api-key") == Self.secret })

        // A redirect loop stops after 3 redirects followed.
        let transport = URLSessionTransport(timeout: .seconds(5))
        let pipeline = UpstreamPipeline(
            upstream: .theDogAPI, transport: transport,
            settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled))
        server.reset()
        await XCTAssertThrowsUpstream(
            try await pipeline.fetch(UpstreamRequest(url: server.baseURL + "/v1/loop"), cache: .never),
            code: "UPSTREAM_BAD_RESPONSE")
        XCTAssertEqual(server.requestCount, 1 + RedirectPolicy.maxRedirects)
        // And the next call is right.
        let answer3 = try await client.breeds().value.value.count
        XCTAssertEqual(answer3, 170)
    }

    func testPolicyRefusesDowngradesAndOtherOrigins() throws {
        let request = UpstreamRequest(
            url: "https://api.thedogapi.com/v1/breeds", headers: [UpstreamHeader("x-api-key", Self.secret)])
        func next(_ status: Int, _ location: String, _ request: UpstreamRequest = request) -> UpstreamRequest? {
            RedirectPolicy.next(
                after: UpstreamResponse(status: status, headers: [UpstreamHeader("Location", location)]),
                to: request, origin: "https://api.thedogapi.com/v1/breeds")
        }
        XCTAssertNil(next(302, "http://api.thedogapi.com/v1/breeds"), "https → http")
        XCTAssertNil(next(301, "https://evil.example/v1/breeds"))
        XCTAssertNil(next(307, "https://api.thedogapi.com:8443/v1/breeds"))
        XCTAssertNil(next(302, "//evil.example/v1/breeds"), "scheme-relative to another host")
        XCTAssertNil(next(200, "/v1/other"), "not a redirect")
        XCTAssertNil(next(302, ""), "no location")
        XCTAssertEqual(next(302, "/v1/breeds?page=0")?.url, "https://api.thedogapi.com/v1/breeds?page=0")
        XCTAssertEqual(next(308, "https://API.thedogapi.com:443/v2")?.header("x-api-key"), Self.secret)
        // A 303 turns a POST into a GET without body; a 307 keeps it.
        let post = UpstreamRequest(
            method: "POST", url: "https://api.thedogapi.com/v1/graphql",
            headers: [UpstreamHeader("Content-Type", "application/json")], body: Array("{}".utf8), isIdempotent: true)
        let seeOther = try XCTUnwrap(next(303, "/v1/result", post))
        XCTAssertEqual(seeOther.method, "GET")
        XCTAssertEqual(seeOther.body, [])
        XCTAssertEqual(try XCTUnwrap(next(307, "/v1/graphql2", post)).body, Array("{}".utf8))
        XCTAssertTrue(
            RedirectPolicy.isSameOrigin(URL(string: "http://a.example/x")!, URL(string: "HTTP://A.example:80/y")!))
        XCTAssertFalse(
            RedirectPolicy.isSameOrigin(URL(string: "https://a.example/x")!, URL(string: "http://a.example:443/x")!))
    }
}
