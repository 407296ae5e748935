import Foundation
import GraphQLServer
import HTTPServer
import JSON
import Locking
@testable import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// `GET /graphql` answers carry `Cache-Control` computed from the upstream answers they used
/// (the shortest remaining freshness wins; `no-store` for random, stale, failed or partial
/// answers; an hour without upstreams), an `ETag`, and `304` for a matching `If-None-Match`.
/// Time is the pipelines' injected clock.
final class CacheableAnswersTests: XCTestCase {
    /// An upstream answered from the embedded snapshot, with extra response headers, failing
    /// on demand.
    final class SnapshotTransport: Transport, Sendable {
        let embedded: EmbeddedTransport
        let extraHeaders: [UpstreamHeader]
        let failing = Locked(false)
        let calls = Locked(0)

        init(_ upstream: UpstreamID, headers: [UpstreamHeader] = []) {
            embedded = EmbeddedTransport(upstream: upstream) { SnapshotFiles.file($0) }
            extraHeaders = headers
        }

        func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
            calls.withLock { $0 += 1 }
            if failing.withLock({ $0 }) { throw TransportError.connectionFailed("test") }
            var response = try await embedded.send(request)
            response.headers += extraHeaders
            return response
        }
    }

    let time = ManualClock()

    func handler(transports: [UpstreamID: any Transport] = [:]) throws -> (
        GraphQLHTTPHandler<MenagerieService>, MenagerieApp
    ) {
        var upstreams = UpstreamsConfiguration(mode: .embedded)
        for upstream in UpstreamID.allCases { upstreams.settings[upstream]?.retry = .disabled }
        let app = try MenagerieApp(configuration: upstreams, transports: transports, clock: time.clock)
        var configuration = GraphQLServerConfiguration()
        configuration.logLevel = .off
        configuration.requestTimeout = nil
        return (GraphQLHTTPHandler(service: MenagerieService(app: app), configuration: configuration), app)
    }

    func get(_ handler: GraphQLHTTPHandler<MenagerieService>, _ query: String, headers: HTTPHeaders = [:]) async
        -> HTTPResponse
    {
        var all: HTTPHeaders = ["host": "x"]
        for field in headers { all.add(field.name, field.value) }
        return await handler.respond(
            to: HTTPRequest(method: "GET", target: "/graphql?query=" + Self.encode(query), headers: all))
    }

    func post(_ handler: GraphQLHTTPHandler<MenagerieService>, _ query: String) async -> HTTPResponse {
        let body = #"{"query":\#(JSONValue.string(query).serialized())}"#
        return await handler.respond(
            to: HTTPRequest(
                method: "POST", target: "/graphql",
                headers: ["host": "x", "content-type": "application/json"],
                body: Array(body.utf8)))
    }

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    func errors(_ response: HTTPResponse) throws -> [JSONValue] {
        try JSONParser.parse(response.body)["errors"]?.arrayValue ?? []
    }

    static let breeds = "{ breeds(limit: 3) { items { name } } }"

    func testNoUpstreamMeansAnHour() async throws {
        let (handler, _) = try handler()
        let response = await get(handler, "{ __typename }")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"data":{"__typename":"Query"}}"#)
        XCTAssertEqual(response.headers["cache-control"], "public, max-age=3600")
        XCTAssertEqual(response.headers["vary"], "Accept")
        XCTAssertNotNil(response.headers["etag"])
    }

    func testPostIsNoStore() async throws {
        let (handler, _) = try handler()
        for query in ["{ __typename }", Self.breeds] {
            let response = await post(handler, query)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["cache-control"], "no-store", query)
            XCTAssertNil(response.headers["etag"], query)
        }
    }

    /// The breed list is cached for 6 h (T): cold, the answer may be kept T; d seconds later
    /// (from the cache, the resolvers answering at once), T - d.
    func testMaxAgeIsTheRemainingFreshnessOfTheBreedList() async throws {
        let (handler, app) = try handler()
        let cold = await get(handler, Self.breeds)
        XCTAssertEqual(try errors(cold), [])
        XCTAssertEqual(cold.headers["cache-control"], "public, max-age=21600")
        time.advance(by: .seconds(1234))
        let warm = await get(handler, Self.breeds)
        XCTAssertEqual(warm.headers["cache-control"], "public, max-age=20366")
        XCTAssertEqual(warm.body, cold.body)
        XCTAssertEqual(warm.headers["etag"], cold.headers["etag"], "the same answer has the same tag")
        XCTAssertEqual(app.upstreams.dogCEO.pipeline.counters.values.requests, 1)
        time.advance(by: .milliseconds(500))
        let fraction = await get(handler, Self.breeds)
        XCTAssertEqual(fraction.headers["cache-control"], "public, max-age=20365", "rounded down")
        // Past its freshness the list is fetched again: a whole lifetime again.
        time.advance(by: .seconds(21600))
        let refreshed = await get(handler, Self.breeds)
        XCTAssertEqual(refreshed.headers["cache-control"], "public, max-age=21600")
        XCTAssertEqual(app.upstreams.dogCEO.pipeline.counters.values.requests, 2)
    }

    /// The Dog API facts are pending cold (one upstream call) and ready warm (the cached index);
    /// both are recorded, and a shorter upstream max-age (100 s) wins.
    func testShortestFreshnessWinsWhetherPendingOrReady() async throws {
        let facts = SnapshotTransport(.theDogAPI, headers: [UpstreamHeader("Cache-Control", "max-age=100")])
        let (handler, _) = try handler(transports: [.theDogAPI: facts])
        let query = "{ breeds(limit: 3) { items { name facts { temperament } } } }"
        let cold = await get(handler, query)
        XCTAssertEqual(try errors(cold), [])
        XCTAssertEqual(facts.calls.withLock { $0 }, 1, "cold facts: one upstream call")
        XCTAssertEqual(cold.headers["cache-control"], "public, max-age=100")
        time.advance(by: .seconds(30))
        let warm = await get(handler, query)
        XCTAssertEqual(facts.calls.withLock { $0 }, 1, "warm facts are answered at once")
        XCTAssertEqual(warm.headers["cache-control"], "public, max-age=70")
        XCTAssertEqual(facts.calls.withLock { $0 }, 1)
        // The breed list alone is still good for hours.
        let listOnly = await get(handler, Self.breeds)
        XCTAssertEqual(listOnly.headers["cache-control"], "public, max-age=21570")
    }

    func testShortestFreshnessWinsAcrossUpstreams() async throws {
        let (handler, _) = try handler()
        _ = await get(handler, Self.breeds)
        time.advance(by: .seconds(100))
        let query = "{ breeds(limit: 1) { items { name } } animals(limit: 1) { items { name } } }"
        let both = await get(handler, query)
        XCTAssertEqual(try errors(both), [])
        XCTAssertEqual(both.headers["cache-control"], "public, max-age=3600", "the animals, fetched now, expire first")
        time.advance(by: .seconds(600))
        let later = await get(handler, query)
        XCTAssertEqual(later.headers["cache-control"], "public, max-age=3000")
        let monsters = await get(handler, "{ monsters(limit: 2) { items { name } } }")
        XCTAssertEqual(try errors(monsters), [])
        XCTAssertEqual(monsters.headers["cache-control"], "public, max-age=3600")
    }

    func testRandomAnswerIsNoStore() async throws {
        let (handler, _) = try handler()
        let response = await get(handler, "{ randomAnimals(count: 2) { name } }")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try errors(response), [])
        XCTAssertEqual(response.headers["cache-control"], "no-store")
        // Mixed with cacheable data, still no-store.
        let mixed = await get(
            handler, "{ __typename breeds(limit: 1) { items { name } } randomAnimals(count: 1) { name } }")
        XCTAssertEqual(mixed.headers["cache-control"], "no-store")
    }

    func testFailedUpstreamGivesAPartialNoStoreAnswer() async throws {
        let zoo = SnapshotTransport(.zoo)
        zoo.failing.withLock { $0 = true }
        let (handler, _) = try handler(transports: [.zoo: zoo])
        let response = await get(
            handler, "{ breeds(limit: 1) { items { name } } animals(limit: 1) { items { name } } }")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try errors(response).first?["extensions"]?["code"], "UPSTREAM_UNAVAILABLE")
        XCTAssertEqual(response.headers["cache-control"], "no-store")
    }

    /// After expiry, a failing upstream's last answer is served (stale-if-error): the answer is
    /// whole, without errors, but must not be stored.
    func testStaleIfErrorAnswerIsNoStore() async throws {
        let zoo = SnapshotTransport(.zoo)
        let (handler, app) = try handler(transports: [.zoo: zoo])
        let query = "{ animals(limit: 2) { items { name } } }"
        let fresh = await get(handler, query)
        XCTAssertEqual(fresh.headers["cache-control"], "public, max-age=3600")
        time.advance(by: .seconds(3601))
        zoo.failing.withLock { $0 = true }
        let stale = await get(handler, query)
        XCTAssertEqual(try errors(stale), [])
        XCTAssertEqual(stale.body, fresh.body)
        XCTAssertEqual(app.upstreams.zoo.pipeline.counters.values.staleServed, 1)
        XCTAssertEqual(stale.headers["cache-control"], "no-store")
    }

    func testConditionalGetAndChangedAnswers() async throws {
        let (handler, _) = try handler()
        let full = await get(handler, Self.breeds)
        let tag = try XCTUnwrap(full.headers["etag"])
        time.advance(by: .seconds(60))
        let notModified = await get(handler, Self.breeds, headers: ["if-none-match": tag])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.body, [])
        XCTAssertEqual(notModified.headers["etag"], tag)
        XCTAssertEqual(notModified.headers["cache-control"], "public, max-age=21540")
        let other = await get(handler, "{ breeds(limit: 4) { items { name } } }", headers: ["if-none-match": tag])
        XCTAssertEqual(other.status, 200)
        XCTAssertNotEqual(try XCTUnwrap(other.headers["etag"]), tag)
    }

    /// Automatic persisted queries over GET get the same cache headers (the point of APQ over GET).
    func testPersistedQueryOverGetIsCacheable() async throws {
        let (handler, _) = try handler()
        let extensions = #"{"persistedQuery":{"version":1,"sha256Hash":"\#(SHA256.hexHash(Self.breeds))"}}"#
        let notFound = await handler.respond(
            to: HTTPRequest(
                method: "GET", target: "/graphql?extensions=" + Self.encode(extensions), headers: ["host": "x"]))
        XCTAssertEqual(notFound.headers["cache-control"], "private, no-cache, must-revalidate")
        let registered = await handler.respond(
            to: HTTPRequest(
                method: "GET",
                target: "/graphql?query=" + Self.encode(Self.breeds) + "&extensions=" + Self.encode(extensions),
                headers: ["host": "x"]))
        XCTAssertEqual(registered.headers["cache-control"], "public, max-age=21600")
        time.advance(by: .seconds(10))
        let hashOnly = await handler.respond(
            to: HTTPRequest(
                method: "GET", target: "/graphql?extensions=" + Self.encode(extensions), headers: ["host": "x"]))
        XCTAssertEqual(hashOnly.status, 200)
        XCTAssertEqual(hashOnly.body, registered.body)
        XCTAssertEqual(hashOnly.headers["cache-control"], "public, max-age=21590")
    }
}
