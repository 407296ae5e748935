import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import XCTest

/// The shipped binary with `--shutdown-delay`: after SIGTERM it keeps answering, `/ready`
/// says 503 (a load balancer's health check takes it out of the pool), a request sent then
/// is still answered in full, and the process exits 0 once the delay is over.
final class ShutdownDelayBinaryTests: XCTestCase {
    func testReadyTurns503AndRequestsAreStillAnsweredDuringTheDelay() async throws {
        let binary = try ProductBinary(arguments: ["--shutdown-delay", "3", "--log-level", "info"])
        defer { _ = binary.stop() }
        var requests = 0
        func get(_ target: String) async throws -> (Int, String) {
            requests += 1
            let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(binary.port)\(target)"))
            var request = URLRequest(url: url)
            request.timeoutInterval = 10
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let (readyBefore, _) = try await get("/ready")
        XCTAssertEqual(readyBefore, 200)

        kill(binary.process.processIdentifier, SIGTERM)
        // The signal is handled asynchronously: wait (bounded) until /ready has turned.
        var readyAfter = 200
        for _ in 0..<200 where readyAfter == 200 {
            readyAfter = try await get("/ready").0
            if readyAfter == 200 { try await Task.sleep(for: .milliseconds(10)) }
        }
        XCTAssertEqual(readyAfter, 503, "the stopping replica still says it is ready")
        XCTAssertTrue(binary.isRunning)
        let (status, body) = try await get("/graphql?query=%7B%20breed(id%3A%20%22akita%22)%20%7B%20name%20%7D%20%7D")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(body, #"{"data":{"breed":{"name":"Akita"}}}"#)
        XCTAssertEqual(binary.stop(timeout: 20), 0)
        XCTAssertTrue(binary.printed.contains("shutdown_delay_s=3"), binary.printed)
        // Every access-log line reached the log by the clean stop (lines are written in batches).
        for _ in 0..<200 where !binary.printed.contains("msg=stopped") { usleep(10_000) }
        XCTAssertTrue(binary.printed.contains("msg=stopped"), binary.printed)
        let accessLines = binary.printed.split(separator: "\n").filter { $0.contains(" msg=request ") }
        XCTAssertEqual(accessLines.count, requests, binary.printed)
    }

    /// A SIGTERM sent the moment the address is announced (a supervisor rolling a deploy
    /// quickly) stops the server gracefully: it was caught before the announcement, and never
    /// lost (with Dispatch's signal sources, which register asynchronously, about one in 25 was
    /// ignored on a busy host and the server ran on).
    func testSigtermRightAfterTheAddressStopsGracefully() throws {
        for _ in 0..<8 {
            let binary = try ProductBinary(arguments: ["--log-level", "info"])
            XCTAssertEqual(binary.stop(timeout: 20), 0, binary.printed)
            for _ in 0..<200 where !binary.printed.contains("msg=stopped") { usleep(10_000) }
            XCTAssertTrue(binary.printed.contains("msg=stopping"), binary.printed)
            XCTAssertTrue(binary.printed.contains("msg=stopped"), binary.printed)
        }
    }
}
