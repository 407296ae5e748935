import XCTest
@testable import HTTPServer

/// A connection's phases and every transition of `ConnectionState` (the table in its doc).
final class ConnectionStateTests: XCTestCase {
    private typealias Phase = ConnectionState.Phase

    /// A state in `phase`, reached through the transitions only.
    private func state(_ phase: Phase) -> ConnectionState {
        var state = ConnectionState()
        switch phase {
        case .open:
            break
        case .finishing(let lingers):
            if lingers { state.stopTakingRequestsAfterError() } else { state.stopTakingRequests() }
        case .closingAfterOutput(let lingers):
            if lingers { state.stopTakingRequestsAfterError() }
            state.finalResponseQueued()
        case .lingering:
            state.stopTakingRequestsAfterError()
            state.finalResponseQueued()
            state.startLingering()
        case .closed:
            state.close()
        }
        XCTAssertEqual(state.phase, phase)
        return state
    }

    private let all: [Phase] = [
        .open, .finishing(lingers: false), .finishing(lingers: true),
        .closingAfterOutput(lingers: false), .closingAfterOutput(lingers: true),
        .lingering, .closed
    ]

    /// The phase each phase of `all` reaches after `transition`.
    private func after(_ transition: (inout ConnectionState) -> Void) -> [Phase] {
        all.map { phase in
            var state = state(phase)
            transition(&state)
            return state.phase
        }
    }

    func testANewConnectionIsOpen() {
        let state = ConnectionState()
        XCTAssertEqual(state.phase, .open)
        XCTAssertTrue(state.acceptsRequests)
        XCTAssertFalse(state.isLingering)
        XCTAssertFalse(state.isClosed)
        XCTAssertFalse(state.closesAfterOutput)
    }

    func testStopTakingRequests() {
        XCTAssertEqual(
            after { $0.stopTakingRequests() },
            [
                .finishing(lingers: false), .finishing(lingers: false), .finishing(lingers: true),
                .closingAfterOutput(lingers: false), .closingAfterOutput(lingers: true),
                .lingering, .closed
            ])
    }

    func testStopTakingRequestsAfterErrorLingers() {
        XCTAssertEqual(
            after { $0.stopTakingRequestsAfterError() },
            [
                .finishing(lingers: true), .finishing(lingers: true), .finishing(lingers: true),
                .closingAfterOutput(lingers: true), .closingAfterOutput(lingers: true),
                .lingering, .closed
            ])
    }

    func testFinalResponseQueuedKeepsTheLinger() {
        XCTAssertEqual(
            after { $0.finalResponseQueued() },
            [
                .closingAfterOutput(lingers: false), .closingAfterOutput(lingers: false),
                .closingAfterOutput(lingers: true), .closingAfterOutput(lingers: false),
                .closingAfterOutput(lingers: true), .lingering, .closed
            ])
    }

    func testOnlyALingeringCloseLingers() {
        XCTAssertEqual(
            after { $0.startLingering() },
            [
                .open, .finishing(lingers: false), .finishing(lingers: true),
                .closingAfterOutput(lingers: false), .lingering, .lingering, .closed
            ])
    }

    func testCloseFromAnyPhase() {
        XCTAssertEqual(after { $0.close() }, Array(repeating: .closed, count: all.count))
    }

    func testDerivedProperties() {
        XCTAssertEqual(all.map { state($0).acceptsRequests }, [true, false, false, false, false, false, false])
        XCTAssertEqual(all.map { state($0).closesAfterOutput }, [false, false, false, true, true, true, false])
        XCTAssertEqual(all.map { state($0).isLingering }, [false, false, false, false, false, true, false])
        XCTAssertEqual(all.map { state($0).isClosed }, [false, false, false, false, false, false, true])
    }
}
