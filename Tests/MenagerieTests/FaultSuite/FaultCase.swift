import Clocks
import Foundation
import JSON
import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// One case of the fault suite: one upstream's ``FaultScenario`` under one fault of the
/// recorded stubs, on a fresh ``MenagerieApp`` (fresh caches and breakers, an injected
/// ``ManualClock``) served by the real GraphQL HTTP server.
///
/// 1. **Healthy**: the query's whole response is the baseline (no errors).
/// 2. **Fault** (caches emptied first, so the fault reaches the upstream): the response
///    is the baseline with the failed fields null, exactly one error per failed field
///    (`extensions` exactly `code` and `upstream`), no API key or host address. Fast
///    faults run ``BreakerPolicy/minimumCalls`` times, so the breaker has judged them:
///    connection errors, 5xx and 429 must have opened it (then a call fails fast, also
///    once the fault is cleared, until its open interval is over), undecodable answers
///    and refused redirects must not. Slow faults (hang, drip) run once.
/// 3. **Recovery**: the fault cleared and the injected clock moved past the breaker's
///    open interval (1 s, when it opened), the same query answers as the baseline
///    (byte for byte; random fields by shape) from a new upstream request.
struct FaultCase {
    let stubs: RecordedUpstreams
    let server: FixtureServer
    let scenario: FaultScenario
    let fault: RecordedUpstreams.Fault
    let apiKey: String

    /// The upstream timeout under a slow fault (hang, drip): each such call lasts this long.
    static let slowFaultTimeout: Duration = .seconds(1)
    /// The upstream timeout otherwise (generous: sanitizer runs on a busy machine).
    static let timeout: Duration = .seconds(5)

    /// One answer of the gateway.
    struct Answer {
        var status: Int
        var body: [UInt8]
        var json: JSONValue
        var seconds: Double
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    var label: String { "\(scenario.upstream.rawValue)/\(fault.rawValue)" }

    /// The app: every upstream live against the stubs, two attempts with short backoff
    /// (a `Retry-After: 1` beyond the 0.2 s cap fails at once instead of waiting).
    func makeApp(clock: MonotonicClock) throws -> MenagerieApp {
        var configuration = UpstreamsConfiguration(mode: .live)
        for upstream in UpstreamID.allCases {
            configuration.setURL(stubs.baseURL(upstream), for: upstream)
            configuration.settings[upstream]?.retry = RetryPolicy(
                maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(200))
            configuration.settings[upstream]?.timeout =
                upstream == scenario.upstream && fault.isSlow ? Self.slowFaultTimeout : Self.timeout
        }
        configuration.theDogAPIKey = APIKey(apiKey)
        return try MenagerieApp(configuration: configuration, clock: clock)
    }

    /// Runs the case; returns its wall time in seconds.
    @discardableResult
    func run() async throws -> Double {
        let started = Date()
        try await stubs.reset()
        let time = ManualClock()
        let app = try makeApp(clock: time.clock)
        server.use(app)
        let pipeline = try XCTUnwrap(app.upstreams.pipelines.first { $0.upstream == scenario.upstream.name })
        let breaker = pipeline.breaker

        // 1. Healthy.
        let baseline = try await ask()
        XCTAssertEqual(baseline.status, 200, "\(label): baseline \(baseline.text)")
        XCTAssertNil(baseline.json["errors"], "\(label): baseline \(baseline.text)")
        for path in scenario.failedPaths {
            XCTAssertEqual(
                value(at: path, in: baseline.json["data"])?.isNull, false, "\(label): baseline \(baseline.text)")
        }
        checkNoSecrets(baseline)
        for each in app.upstreams.pipelines { each.cache.removeAll() }

        // 2. Fault.
        try await stubs.setFault(fault, for: scenario.upstream)
        let before = try await requestCount()
        for _ in 0..<(fault.isSlow ? 1 : breaker.policy.minimumCalls) {
            let open = breaker.state == .open
            let answer = try await ask()
            check(answer, against: baseline, code: open ? UpstreamError.Kind.unavailable.rawValue : fault.expectedCode)
            if fault.isSlow {
                // Not asserted: under a hang, the Zoo and D&D queries take TWO timeouts, not one
                // (a field waiting on a direct upstream call holds the request's loader batches,
                // so the batched call starts only after the direct one timed out).
                XCTAssertGreaterThanOrEqual(
                    answer.seconds, 0.9 * Self.slowFaultTimeout.inSeconds, "\(label): the fault did not hold the call")
            }
        }
        if fault.reachesStub {
            let during = try await requestCount()
            XCTAssertGreaterThan(during, before, "\(label): the fault never reached the stub")
        }
        if fault == .redirect {
            let evil = try await stubs.evilRequests()
            XCTAssertFalse(
                evil.contains { $0.headers["x-api-key"] != nil }, "\(label): the API key reached another origin")
            XCTAssertTrue(evil.isEmpty, "\(label): a redirect to another origin was followed: \(evil.map(\.path))")
        }
        XCTAssertEqual(breaker.state, fault.failsBreaker && !fault.isSlow ? .open : .closed, "\(label): breaker")

        // While open, calls fail fast, even once the upstream is back, for the open interval.
        let opened = breaker.state == .open
        if opened {
            XCTAssertEqual(breaker.openDuration, BreakerPolicy().initialOpenDuration, "\(label): first open interval")
            let held = try await requestCount()
            check(try await ask(), against: baseline, code: UpstreamError.Kind.unavailable.rawValue)
            try await stubs.clear()
            check(try await ask(), against: baseline, code: UpstreamError.Kind.unavailable.rawValue)
            let afterClear = try await requestCount()
            XCTAssertEqual(afterClear, held, "\(label): the open breaker let a call through")
            time.advance(by: breaker.openDuration)
        } else {
            try await stubs.clear()
        }

        // 3. Recovery.
        let asked = try await requestCount()
        var recovered = try await ask()
        if opened, !matchesBaseline(recovered, baseline) {
            // The half-open breaker lets ONE probe call through (README); a call of the same
            // query made while the probe runs still fails fast. The probe must have answered
            // and closed the breaker, so the next query is whole again.
            let rejected = scenario.failedPaths.filter { value(at: $0, in: recovered.json["data"])?.isNull == true }
            XCTAssertLessThan(
                rejected.count, scenario.failedPaths.count, "\(label): no probe answered: \(recovered.text)")
            check(recovered, against: baseline, code: UpstreamError.Kind.unavailable.rawValue, failed: rejected)
            XCTAssertEqual(breaker.state, .closed, "\(label): the probe did not close the breaker")
            recovered = try await ask()
        }
        if scenario.randomPaths.isEmpty {
            XCTAssertEqual(recovered.text, baseline.text, "\(label): recovery differs from the baseline")
        } else {
            XCTAssertNil(recovered.json["errors"], "\(label): recovery \(recovered.text)")
            let differences = ResponseComparison.differences(
                recovered.json["data"] ?? .null, baseline.json["data"] ?? .null,
                randomPaths: scenario.randomPaths)
            XCTAssertEqual(differences, [], "\(label): recovery differs from the baseline: \(recovered.text)")
        }
        let answered = try await requestCount()
        XCTAssertGreaterThan(answered, asked, "\(label): recovery did not ask the upstream (stale or cached answer)")
        XCTAssertEqual(breaker.state, .closed, "\(label): breaker after recovery")
        try await stubs.clear()
        return Date().timeIntervalSince(started)
    }

    /// Checks a faulted answer: the baseline with the failed fields null, one error per
    /// failed field with `code` and the upstream, nothing secret.
    func check(_ answer: Answer, against baseline: Answer, code: String, failed: [[String]]? = nil) {
        XCTAssertEqual(answer.status, 200, "\(label): \(answer.text)")
        let failed = failed ?? scenario.failedPaths(under: fault)
        let expected = ResponseComparison.nulling(failed, in: baseline.json["data"] ?? .null)
        let differences = ResponseComparison.differences(
            answer.json["data"] ?? .null, expected, randomPaths: scenario.randomPaths)
        XCTAssertEqual(differences, [], "\(label): data \(answer.text)")
        let errors = answer.json["errors"]?.arrayValue ?? []
        let paths = errors.map { $0["path"]?.arrayValue?.map { $0.stringValue ?? "\($0)" } ?? [] }
        XCTAssertEqual(
            paths.sorted { $0.lexicographicallyPrecedes($1) }, failed.sorted { $0.lexicographicallyPrecedes($1) },
            "\(label): one error per failed field: \(answer.text)")
        let extensions: JSONValue = ["code": .string(code), "upstream": .string(scenario.upstream.rawValue)]
        for error in errors {
            XCTAssertEqual(error["extensions"], extensions, "\(label): \(error)")
            XCTAssertEqual(error["message"]?.stringValue?.isEmpty, false, "\(label): \(error)")
        }
        checkNoSecrets(answer)
    }

    /// Whether `answer` is the baseline again: byte for byte, or by shape at random paths.
    func matchesBaseline(_ answer: Answer, _ baseline: Answer) -> Bool {
        if scenario.randomPaths.isEmpty { return answer.body == baseline.body }
        return answer.json["errors"] == nil
            && ResponseComparison.differences(
                answer.json["data"] ?? .null, baseline.json["data"] ?? .null, randomPaths: scenario.randomPaths
            ).isEmpty
    }

    /// No API key, host address or upstream text in a response.
    func checkNoSecrets(_ answer: Answer) {
        let text = answer.text
        for secret in [apiKey, "127.0.0.1", "localhost", "Injected fault", "Traceback"] {
            XCTAssertFalse(text.contains(secret), "\(label): the response carries \(secret): \(text)")
        }
    }

    /// Posts the scenario's query to the gateway.
    func ask() async throws -> Answer {
        let started = Date()
        let (status, body) = try await server.post(query: scenario.query, variables: [:], operationName: nil)
        let seconds = Date().timeIntervalSince(started)
        return Answer(status: status, body: body, json: try JSONParser.parse(body), seconds: seconds)
    }

    /// Requests the faulted upstream's stub has received since the case began.
    func requestCount() async throws -> Int {
        try await stubs.requests(for: scenario.upstream).count
    }

    private func value(at path: [String], in value: JSONValue?) -> JSONValue? {
        path.reduce(value) { $0?[$1] }
    }
}
