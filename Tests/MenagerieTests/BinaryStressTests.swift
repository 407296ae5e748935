import Foundation
import JSON
import Locking
import Upstreams
import XCTest

/// The shipped binary under concurrent load: one `menagerie serve` process (see
/// ``ProductBinary``) against stub upstreams on loopback, first every fixture that needs no
/// fault injection once (the whole response must equal the fixture's), then
/// `MENAGERIE_STRESS_CLIENTS` clients (default 32) sending those fixtures in random order for
/// `MENAGERIE_STRESS_SECONDS` (default 8). Every response must equal its fixture's expected
/// response (fields random by definition: equal in shape), and the process must stay up and
/// stop cleanly on SIGTERM. Call counts are not checked (caches are shared across requests).
///
/// CI runs it against the release product; `Tests/Scripts/stress.sh SECONDS [CLIENTS]` runs it
/// longer by hand.
final class BinaryStressTests: XCTestCase {
    struct Fixture: Sendable {
        let name: String
        let query: String
        let variables: JSONObject
        let operationName: String?
        let expected: String
        let expectedShape: String
        /// 200 when the expected response has `data`, else 400 (a request error).
        let expectedStatus: Int
        /// Whether the query asks for values that are random by definition.
        let isRandom: Bool
    }

    static func fixtures() throws -> [Fixture] {
        let directory = FixtureTests.directory
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        func text(_ file: String) throws -> String? {
            let url = directory.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try String(contentsOf: url, encoding: .utf8)
        }
        var fixtures: [Fixture] = []
        for name in files.filter({ $0.hasSuffix(".graphql") }).map({ String($0.dropLast(".graphql".count)) }).sorted() {
            if try text(name + ".faults.json") != nil { continue }
            let query = try text(name + ".graphql") ?? ""
            guard let expectedText = try text(name + ".json") else { throw FixtureError.missing(name + ".json") }
            var variables = JSONObject()
            if let text = try text(name + ".variables.json") {
                variables = try JSONParser.parse(text).objectValue ?? JSONObject()
            }
            let expected = FixtureTests.normalized(try JSONParser.parse(expectedText))
            fixtures.append(
                Fixture(
                    name: name, query: query, variables: variables,
                    operationName: try text(name + ".operation")?.trimmingCharacters(in: .whitespacesAndNewlines),
                    expected: expected.serialized(), expectedShape: Self.shape(expected).serialized(),
                    expectedStatus: expected["data"] == nil ? 400 : 200,
                    isRandom: query.contains("random") || query.contains("images(")
                ))
        }
        return fixtures
    }

    /// The value with every leaf replaced by its kind (for values random by definition).
    static func shape(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object): return .object(JSONObject(object.entries.map { ($0.key, shape($0.value)) }))
        case .array(let items): return .array(items.map(shape))
        case .string: return .string("<string>")
        case .int, .double: return .string("<number>")
        default: return value
        }
    }

    enum FixtureError: Error { case missing(String) }

    /// Sends one fixture; nil when the response is right, else what went wrong.
    static func check(_ fixture: Fixture, client: URLSessionTransport, port: Int) async -> String? {
        var body = JSONObject()
        body["query"] = .string(fixture.query)
        if !fixture.variables.isEmpty { body["variables"] = .object(fixture.variables) }
        if let operationName = fixture.operationName { body["operationName"] = .string(operationName) }
        let request = UpstreamRequest(
            method: "POST", url: "http://127.0.0.1:\(port)/graphql",
            headers: [
                UpstreamHeader("Content-Type", "application/json"),
                UpstreamHeader("Accept", "application/graphql-response+json")
            ],
            body: JSONValue.object(body).serializedBytes(), isIdempotent: false)
        let response: UpstreamResponse
        do { response = try await client.send(request) } catch { return "\(fixture.name): no response (\(error))" }
        guard let parsed = try? JSONParser.parse(response.body) else {
            return
                "\(fixture.name): HTTP \(response.status), not JSON: \(String(decoding: response.body.prefix(200), as: UTF8.self))"
        }
        let actual = FixtureTests.normalized(parsed)
        if response.status != fixture.expectedStatus {
            return
                "\(fixture.name): HTTP \(response.status), expected \(fixture.expectedStatus): \(actual.serialized().prefix(300))"
        }
        if actual.serialized() == fixture.expected { return nil }
        if fixture.isRandom, shape(actual).serialized() == fixture.expectedShape { return nil }
        return
            "\(fixture.name): response differs\n  expected \(fixture.expected.prefix(600))\n  actual   \(actual.serialized().prefix(600))"
    }

    func testFixturesUnderConcurrentLoadAgainstTheProductBinary() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["MENAGERIE_STRESS_SECONDS"] ?? "") ?? 8
        let clients = max(32, Int(environment["MENAGERIE_STRESS_CLIENTS"] ?? "") ?? 32)
        let fixtures = try Self.fixtures()
        XCTAssertGreaterThanOrEqual(fixtures.count, 50, "fixtures without fault injection")

        let stubs = try StubUpstreams()
        defer { stubs.stop() }
        let binary = try ProductBinary(
            arguments: [
                "--upstreams", "live",
                "--dog-ceo-url", stubs.baseURL(.dogCEO), "--thedogapi-url", stubs.baseURL(.theDogAPI),
                "--zoo-url", stubs.baseURL(.zoo), "--dnd-url", stubs.baseURL(.dnd5e),
                "--log-level", "warning", "--images", "off"
            ], environment: ["MENAGERIE_THEDOGAPI_KEY": FixtureTests.apiKey])
        let client = URLSessionTransport(timeout: .seconds(30), maxConnectionsPerHost: clients)

        // 1. Every fixture once, whole responses compared.
        for fixture in fixtures {
            guard let problem = await Self.check(fixture, client: client, port: binary.port) else { continue }
            XCTFail(problem)
            if !binary.isRunning {
                XCTFail("the server died on fixture \(fixture.name):\n\(binary.printed.suffix(4000))")
                return
            }
        }

        // 2. Concurrent clients, random order, bounded time.
        let deadline = Date().addingTimeInterval(seconds)
        let port = binary.port
        let tallies = await withTaskGroup(of: (requests: Int, problems: [String]).self) { group in
            for seed in 0..<clients {
                group.addTask {
                    var generator = SplitMix(seed: UInt64(seed) &+ 0x5EED)
                    var requests = 0
                    var problems: [String] = []
                    while Date() < deadline, binary.isRunning {
                        let fixture = fixtures[Int(generator.next() % UInt64(fixtures.count))]
                        requests += 1
                        if let problem = await Self.check(fixture, client: client, port: port) {
                            problems.append(problem)
                            if problems.count >= 3 { break }
                        }
                    }
                    return (requests, problems)
                }
            }
            var total = 0
            var problems: [String] = []
            for await tally in group {
                total += tally.requests
                problems += tally.problems
            }
            return (requests: total, problems: problems)
        }
        print(
            "BinaryStressTests: \(tallies.requests) requests from \(clients) clients in \(seconds) s over \(fixtures.count) fixtures, \(tallies.problems.count) wrong"
        )
        for problem in tallies.problems.prefix(10) { XCTFail(problem) }
        XCTAssertEqual(tallies.problems.count, 0)
        XCTAssertGreaterThan(tallies.requests, clients, "the clients got answers")
        XCTAssertTrue(binary.isRunning, "the server died under load:\n\(binary.printed.suffix(4000))")

        // 3. A clean stop.
        XCTAssertEqual(binary.stop(), 0, "exit status after SIGTERM; output:\n\(binary.printed.suffix(4000))")
    }
}

/// A small deterministic generator (each client's order is reproducible from its seed).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
