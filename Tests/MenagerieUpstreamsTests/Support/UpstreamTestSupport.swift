import Synchronization
import Upstreams
import XCTest

// The toolkit tests' helpers (UpstreamsTests/PipelineTests.swift), for the clients' tests.

/// A manually advanced clock.
final class TestClock: Sendable {
    private let seconds = Mutex(1000.0)
    var clock: MonotonicClock { MonotonicClock { [self] in seconds.withLock { $0 } } }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}

func XCTAssertThrowsUpstream<T>(_ expression: @autoclosure () async throws -> T, code: String, file: StaticString = #filePath, line: UInt = #line) async {
    do {
        _ = try await expression()
        XCTFail("expected \(code)", file: file, line: line)
    } catch let error as UpstreamError {
        XCTAssertEqual(error.code, code, file: file, line: line)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
}
