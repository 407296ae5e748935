import Locking
import Foundation
import GraphQLServer
import HTTPServer
import JSON
import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// The server's request deadline over the real app: an upstream that never answers costs the
/// client the timeout, and the cancelled execution's upstream work stops at once (through
/// the loader batches), not after the upstream's own time limit.
final class RequestDeadlineTests: XCTestCase {
    /// A transport that answers nothing until its request is cancelled.
    final class HangingTransport: Transport, Sendable {
        let log = Locked<[String]>([])

        func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
            log.withLock { $0.append("sent") }
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                log.withLock { $0.append("cancelled") }
                throw error
            }
            return UpstreamResponse(status: 500)
        }

        var events: [String] { log.withLock { $0 } }
    }

    func testHangingUpstreamGives504AndIsCancelled() async throws {
        let zoo = HangingTransport()
        var upstreams = UpstreamsConfiguration(mode: .embedded)
        upstreams.settings[.zoo]?.timeout = .seconds(600)
        let app = try MenagerieApp(configuration: upstreams, transports: [.zoo: zoo])
        var configuration = GraphQLServerConfiguration()
        configuration.logLevel = .off
        configuration.requestTimeout = .milliseconds(100)
        let handler = GraphQLHTTPHandler(service: MenagerieService(app: app), configuration: configuration)

        var headers = HTTPHeaders()
        headers.add("host", "x")
        headers.add("content-type", "application/json")
        // Monster.animal goes through the zoo loader: a batch task, not the request's own task.
        let body = #"{"query":"{ monsters(limit: 2) { items { name animal { name } } } }"}"#
        let response = await handler.respond(
            to: HTTPRequest(
                method: "POST", target: "/graphql", headers: headers,
                body: Array(body.utf8)))
        XCTAssertEqual(response.status, 504)
        let json = try JSONParser.parse(response.body)
        XCTAssertEqual(json["errors"]?[0]?["extensions"]?["code"], "REQUEST_TIMEOUT")
        XCTAssertNil(json["data"])

        // The abandoned execution ends once its upstream call is cancelled (long before the
        // transport's 600 s): wait for it without asserting on time.
        for _ in 0..<5_000 where handler.metrics.abandonedExecutions > 0 || zoo.events.count < 2 {
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertEqual(zoo.events, ["sent", "cancelled"])
        XCTAssertEqual(handler.metrics.abandonedExecutions, 0)
        XCTAssertEqual(handler.metrics.requestTimeouts, 1)
    }
}
