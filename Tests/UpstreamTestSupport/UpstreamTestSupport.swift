import Clocks
import Locking
import Upstreams
import XCTest

// Helpers shared by the toolkit's tests (UpstreamsTests) and the clients' (MenagerieUpstreamsTests).

/// A manually advanced monotonic clock, starting at 1000 s.
public final class TestClock: Sendable {
    private let now = Locked(Duration.seconds(1000))

    public init() {}

    /// The clock to inject into a pipeline.
    public var clock: MonotonicClock { MonotonicClock { [self] in now.withLock { $0 } } }

    /// Moves the clock forward.
    public func advance(_ by: Duration) { now.withLock { $0 += by } }
}

/// Asserts that `expression` throws an ``UpstreamError`` with `code`.
public func XCTAssertThrowsUpstream<T>(
    _ expression: @autoclosure () async throws -> T, code: String,
    file: StaticString = #filePath, line: UInt = #line
) async {
    do {
        _ = try await expression()
        XCTFail("expected \(code)", file: file, line: line)
    } catch let error as UpstreamError {
        XCTAssertEqual(error.code, code, file: file, line: line)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
}
