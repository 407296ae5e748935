import UpstreamStubs
import Foundation
import JSON
@testable import MenagerieUpstreams
@testable import Upstreams
import UpstreamTestSupport
import XCTest

final class DogCEOClientTests: XCTestCase {
    func client(_ server: StubServer, retry: RetryPolicy = .disabled) -> DogCEOClient {
        let pipeline = UpstreamPipeline(
            upstream: .dogCEO, transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: retry))
        return DogCEOClient(pipeline: pipeline, baseURL: server.baseURL + "/api/")
    }

    /// Serves the recorded Dog CEO responses.
    func recordedServer() throws -> StubServer {
        try StubServer { request in
            switch request.path {
            case "/api/breeds/list/all": return .json(SharedData.text("dog-ceo/breeds-list-all.json"))
            case "/api/breed/akita/images": return .json(SharedData.text("dog-ceo/breed-akita-images.json"))
            case "/api/breed/hound/images/random/3":
                return .json(SharedData.text("dog-ceo/breed-hound-images-random-3.constructed.json"))
            case "/api/breeds/image/random": return .json(SharedData.text("dog-ceo/breeds-image-random.json"))
            default: return .json(SharedData.text("dog-ceo/error-breed-not-found.json"), status: 404)
            }
        }
    }

    func testBreedListFromRecordedResponse() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let breeds = try await client(server).breeds().value.value
        XCTAssertGreaterThan(breeds.count, 100)
        XCTAssertEqual(breeds.first?.name, "affenpinscher")
        XCTAssertEqual(breeds.first { $0.name == "hound" }?.subBreeds.contains("afghan"), true)
        XCTAssertEqual(breeds.first { $0.name == "australian" }?.subBreeds, ["kelpie", "shepherd"])
        XCTAssertEqual(breeds.first { $0.name == "akita" }?.subBreeds, [])
    }

    func testBreedListIsCachedAcrossCalls() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let dog = client(server)
        _ = try await dog.breeds().value.value
        _ = try await dog.breeds().value.value
        _ = try await dog.breeds().value.value
        XCTAssertEqual(server.count(path: "/api/breeds/list/all"), 1)
        XCTAssertEqual(dog.pipeline.counters.values.cacheHits, 2)
    }

    func testImagesOfABreed() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let images = try await client(server).images(breed: "akita").value
        XCTAssertEqual(images?.count, 6)
        XCTAssertEqual(images?.first, "https://images.dog.ceo/breeds/akita/512px-Ainu-Dog.jpg")
    }

    func testUnknownBreedIsNilFromTheErrorEnvelope() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let images = try await client(server).images(breed: "nosuchbreed").value
        XCTAssertNil(images)
        XCTAssertEqual(server.requests.last?.path, "/api/breed/nosuchbreed/images")
    }

    func testRandomImagesAreNeverCached() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let dog = client(server)
        let first = try await dog.randomImages(breed: "hound", count: 3).value
        _ = try await dog.randomImages(breed: "hound", count: 3).value
        XCTAssertEqual(first?.count, 3)
        XCTAssertEqual(server.count(path: "/api/breed/hound/images/random/3"), 2)
    }

    func testSubBreedPathAndEscaping() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let dog = client(server)
        _ = try await dog.images(breed: "hound", subBreed: "afghan").value
        _ = try await dog.images(breed: "a b/../c", subBreed: nil).value
        let paths = server.requests.map(\.target)
        XCTAssertEqual(paths, ["/api/breed/hound/afghan/images", "/api/breed/a%20b%2F..%2Fc/images"])
    }

    func testSingleStringMessageAndEscapedSlashes() async throws {
        let server = try StubServer { _ in
            .json(#"{"status":"success","message":"https:\/\/images.dog.ceo\/breeds\/akita\/a.jpg"}"#)
        }
        defer { server.stop() }
        let images = try await client(server).randomImages(breed: "akita", count: 1).value
        XCTAssertEqual(images, ["https://images.dog.ceo/breeds/akita/a.jpg"])
    }

    func testGarbageIsBadResponse() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        server.fault = .garbage
        do {
            _ = try await client(server).breeds().value.value
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_BAD_RESPONSE")
            XCTAssertEqual(error.upstream, .dogCEO)
        }
    }

    func testMissingEnvelopeIsBadResponse() async throws {
        let server = try StubServer { _ in .json(#"["affenpinscher"]"#) }
        defer { server.stop() }
        await XCTAssertThrowsUpstream(try await client(server).breeds().value.value, code: "UPSTREAM_BAD_RESPONSE")
    }

    func testServerErrorIsUnavailable() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        server.fault = .serverError
        await XCTAssertThrowsUpstream(
            try await client(server).images(breed: "akita").value, code: "UPSTREAM_UNAVAILABLE")
    }

    func testPlainTextNotFoundIsUnavailable() async throws {
        let server = try StubServer { _ in .text("No matching route.", status: 404) }
        defer { server.stop() }
        await XCTAssertThrowsUpstream(
            try await client(server).images(breed: "akita").value, code: "UPSTREAM_UNAVAILABLE")
    }
}

final class TheDogAPIClientTests: XCTestCase {
    func client(_ server: StubServer, key: String? = nil) -> TheDogAPIClient {
        let pipeline = UpstreamPipeline(
            upstream: .theDogAPI, transport: URLSessionTransport(timeout: .seconds(5)),
            settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled))
        return TheDogAPIClient(pipeline: pipeline, baseURL: server.baseURL + "/v1", apiKey: APIKey(key))
    }

    func testCurrentGenerationNumericIDsWithoutImage() async throws {
        let server = try StubServer { _ in .json(SharedData.text("thedogapi/breeds.json")) }
        defer { server.stop() }
        let breeds = try await client(server).breeds().value.value
        XCTAssertEqual(breeds.count, 170)
        let first = try XCTUnwrap(breeds.first)
        XCTAssertEqual(first.id, "1")
        XCTAssertEqual(first.name, "Affenpinscher")
        XCTAssertEqual(first.weightMetric, "3 - 6")
        XCTAssertEqual(first.heightMetric, "23 - 29")
        XCTAssertEqual(first.lifeSpan, "10 - 12 years")
        XCTAssertNil(first.image)
        XCTAssertEqual(first.imageURL, "https://cdn2.thedogapi.com/images/BJa4kxc4X.jpg")
        XCTAssertEqual(server.requests.first?.target, "/v1/breeds")
    }

    func testClassicGenerationWithImages() async throws {
        let server = try StubServer { _ in .json(SharedData.text("thedogapi/breeds-classic-with-images.json")) }
        defer { server.stop() }
        let breeds = try await client(server).breeds().value.value
        XCTAssertEqual(breeds.count, 172)
        let png = breeds.filter { $0.imageURL?.hasSuffix(".png") == true }.map(\.id).sorted()
        XCTAssertEqual(png, ["125", "15", "212"])
        XCTAssertNotNil(breeds.first?.image?.width)
    }

    func test2026GenerationStringIDsAndSearch() async throws {
        let server = try StubServer { request in
            request.path == "/v1/breeds/search"
                ? .json(SharedData.text("thedogapi/breeds-search-q-poodle.2026-format.json")) : .json("[]")
        }
        defer { server.stop() }
        let breeds = try await client(server).search("poodle & co").value
        XCTAssertEqual(breeds.count, 2)
        XCTAssertEqual(breeds[0].id, "196")
        XCTAssertTrue(breeds.allSatisfy { $0.name.contains("Poodle") })
        XCTAssertNil(breeds[0].bredFor)
        XCTAssertEqual(server.requests.first?.target, "/v1/breeds/search?q=poodle%20%26%20co")
    }

    func testAPIKeyIsSentAsHeaderAndNeverShown() async throws {
        let secret = "live_SECRET_123"
        let server = try StubServer { request in
            request.header("x-api-key") == secret
                ? .json("[]") : .json(SharedData.text("thedogapi/error-401-no-api-key.json"), status: 401)
        }
        defer { server.stop() }
        let withKey = client(server, key: secret)
        _ = try await withKey.breeds().value.value
        XCTAssertEqual(server.requests.last?.header("x-api-key"), secret)
        XCTAssertEqual(String(describing: APIKey(secret)), "Optional(APIKey(<redacted>))")
        XCTAssertFalse("\(withKey)".contains(secret))

        let withoutKey = client(server)
        do {
            _ = try await withoutKey.breeds().value.value
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.status, 401)
            XCTAssertFalse(error.message.contains(secret))
            XCTAssertTrue(error.message.contains("API key"))
        }
        XCTAssertNil(server.requests.last?.header("x-api-key"))
    }

    func testForbiddenIsUnavailable() async throws {
        let server = try StubServer { _ in .text("Authentication required: Please provide a valid API key", status: 403)
        }
        defer { server.stop() }
        do {
            _ = try await client(server, key: "wrong").breeds().value.value
            XCTFail("expected an error")
        } catch let error as UpstreamError {
            XCTAssertEqual(error.code, "UPSTREAM_UNAVAILABLE")
            XCTAssertEqual(error.status, 403)
        }
    }

    func testMalformedItemsAreSkippedButANonArrayIsBad() async throws {
        let server = try StubServer { request in
            request.path == "/v1/breeds"
                ? .json(#"[{"id":"7","name":"Seven"},{"name":"no id"},42]"#) : .json(#"{"not":"an array"}"#)
        }
        defer { server.stop() }
        let dog = client(server)
        let breeds = try await dog.breeds().value.value
        XCTAssertEqual(breeds.map(\.name), ["Seven"])
        await XCTAssertThrowsUpstream(try await dog.search("x").value, code: "UPSTREAM_BAD_RESPONSE")
    }
}
