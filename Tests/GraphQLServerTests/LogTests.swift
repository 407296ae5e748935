import Foundation
@testable import GraphQLServer
import XCTest

final class LogTests: XCTestCase {
    func testPlainValuesStayBare() {
        XCTAssertEqual(Log.quote("POST"), "POST")
        XCTAssertEqual(Log.quote("/graphql"), "/graphql")
        XCTAssertEqual(Log.quote("Über"), "Über")
        XCTAssertEqual(Log.quote(""), "\"\"")
    }

    func testEveryLineBreakingOrControlCharacterIsEscaped() {
        XCTAssertEqual(Log.quote("a b"), "\"a b\"")
        XCTAssertEqual(Log.quote("a\nb\r\tc"), "\"a\\nb\\r\\tc\"")
        XCTAssertEqual(Log.quote("a\u{2028}b"), "\"a\\u{2028}b\"")
        XCTAssertEqual(Log.quote("a\u{2029}b"), "\"a\\u{2029}b\"")
        XCTAssertEqual(Log.quote("a\u{85}b"), "\"a\\u{85}b\"")
        XCTAssertEqual(Log.quote("a\u{1B}[31mb"), "\"a\\u{1b}[31mb\"")
        XCTAssertEqual(Log.quote("a\u{7F}\u{9B}b"), "\"a\\u{7f}\\u{9b}b\"")
        XCTAssertEqual(Log.quote("evil\u{202E}gnp.exe"), "\"evil\\u{202e}gnp.exe\"")
        XCTAssertEqual(Log.quote("x=\"y\"\\"), "\"x=\\\"y\\\"\\\\\"")
        // Whatever it holds, a quoted value is one line of printable text.
        let hostile = (0..<0x3000).compactMap(Unicode.Scalar.init).map(String.init).joined()
        let quoted = Log.quote(hostile)
        XCTAssertFalse(quoted.unicodeScalars.contains { Log.isEscaped($0) })
    }

    func testLinesAreWrittenWholeWithTheirFields() throws {
        let lines = Lines()
        let log = Log(level: .info, sink: .lines { lines.add($0) })
        log.log(.debug, "hidden")
        log.log(.info, "request") { line in
            line.field("path", "/graph ql")
            line.field("status", 200)
            line.field("bytes", 0)
            line.field("delta", -42)
            line.field("duration_ms", milliseconds: .microseconds(131))
            line.field("slow_ms", milliseconds: .milliseconds(12_345) + .microseconds(6))
        }
        log.log(.warning, "plain", [("a", "b")])
        let all = lines.all
        XCTAssertEqual(all.count, 2)
        let first = try XCTUnwrap(all.first)
        // ts=2026-01-02T03:04:05.678Z, then the rest.
        let timestamp = try XCTUnwrap(first.split(separator: " ").first)
        XCTAssertEqual(timestamp.count, "ts=2026-01-02T03:04:05.678Z".count, first)
        XCTAssertTrue(timestamp.hasSuffix("Z"))
        XCTAssertEqual(
            first.drop(while: { $0 != " " }),
            #" level=info msg=request path="/graph ql" status=200 bytes=0 delta=-42 duration_ms=0.131 slow_ms=12345.006"#
        )
        XCTAssertTrue(all[1].hasSuffix(" level=warning msg=plain a=b"), all[1])
    }

    /// Numbers at their limits, durations rounded to the microsecond, every level's name.
    func testNumbersDurationsAndLevelsAtTheirEdges() throws {
        let lines = Lines()
        let log = Log(level: .debug, sink: .lines { lines.add($0) })
        log.log(.debug, "n") { line in
            line.field("zero", 0)
            line.field("nine", 9)
            line.field("ten", 10)
            line.field("max", Int.max)
            line.field("min", Int.min)
            line.field("a_ms", milliseconds: .nanoseconds(499))
            line.field("b_ms", milliseconds: .nanoseconds(500))
            line.field("c_ms", milliseconds: .nanoseconds(1_999_999_500))
            line.field("d_ms", milliseconds: .zero - .microseconds(1_500))
            line.field("e_ms", milliseconds: .seconds(100_000))
        }
        log.log(.warning, "w")
        log.log(.error, "e")
        let all = lines.all.map { $0.drop(while: { $0 != " " }) }
        XCTAssertEqual(
            all,
            [
                " level=debug msg=n zero=0 nine=9 ten=10 max=9223372036854775807 min=-9223372036854775808"
                    + " a_ms=0.000 b_ms=0.001 c_ms=2000.000 d_ms=-1.500 e_ms=100000000.000",
                " level=warning msg=w", " level=error msg=e"
            ])
    }
}

/// Lines collected from a `.lines` sink.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
