import Foundation
import Upstreams
import XCTest

/// The fault suite: each upstream's query (``FaultScenario``) against the INDEPENDENT
/// recorded stubs (`Tests/Stubs/recorded_upstreams.py`, real wire formats, one process
/// for the whole suite) under every fault they inject: `garbage`, `truncated`, `html`,
/// `500`, `503`, `429`, `hang`, `refuse`, `reset`, `redirect`, `drip`, and for D&D
/// `graphql-errors`. Each case (``FaultCase``) checks the answer under the fault (partial
/// data, the failed fields null, one coded error per failed field with
/// `extensions.upstream`) and the recovery once the fault is cleared (the baseline again,
/// from the upstream, within the breaker's open interval on an injected clock).
final class FaultSuiteTests: XCTestCase {
    static let apiKey = "fault-suite-secret-key-0123456789"

    /// The stubs, started by the first case and stopped after the last.
    static let shared = Result { try RecordedUpstreams(apiKey: apiKey) }

    override class func tearDown() {
        if case .success(let stubs) = shared { stubs.stop() }
        super.tearDown()
    }

    func testDogCEOFaults() async throws {
        try await runFaults(.dogCEO)
    }

    func testTheDogAPIFaults() async throws {
        try await runFaults(.theDogAPI)
    }

    func testZooFaults() async throws {
        try await runFaults(.zoo)
    }

    func testDnDFaults() async throws {
        try await runFaults(.dnd)
    }

    /// Every fault of `scenario`'s upstream, one after another on one GraphQL server.
    func runFaults(_ scenario: FaultScenario) async throws {
        let stubs = try Self.shared.get()
        let server = try FixtureServer()
        var failure: (any Error)?
        for fault in RecordedUpstreams.Fault.all(for: scenario.upstream) {
            let run = FaultCase(stubs: stubs, server: server, scenario: scenario, fault: fault, apiKey: Self.apiKey)
            do {
                let seconds = try await run.run()
                print("fault suite: \(run.label) \(String(format: "%.2f", seconds)) s")
            } catch {
                XCTFail("\(run.label): \(error)")
                failure = error
                break
            }
        }
        try? await stubs.clear()
        await server.stop()
        if let failure { throw failure }
    }
}
