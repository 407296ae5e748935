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

/// A log line's timestamp, worked out with integer arithmetic, against the C library's `gmtime_r`.
final class UTCTimestampTests: XCTestCase {
    func testEveryKindOfDayMatchesGmtime() {
        // Around 1970, leap days (2000, 2024), a century that is not a leap year (2100), the
        // years' ends, the 32-bit limit, and a stride through four centuries either side.
        var seconds: [Int] = [
            0, -1, 59, 60, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_799, 951_868_800,
            1_709_164_800, 1_709_251_199, 4_107_456_000, 4_107_542_400, 1_767_225_599, 1_767_225_600,
            2_147_483_647, 2_147_483_648, 253_402_300_799
        ]
        seconds += stride(from: -12_622_780_800, through: 12_622_780_800, by: 7_654_321)
        for value in seconds {
            var time = value
            var parts = tm()
            gmtime_r(&time, &parts)
            let expected = [
                Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
                Int(parts.tm_min), Int(parts.tm_sec), 7
            ]
            let t = UTCTimestamp(secondsSince1970: value, millisecond: 7)
            XCTAssertEqual([t.year, t.month, t.day, t.hour, t.minute, t.second, t.millisecond], expected, "\(value)")
        }
    }

    func testTheTextHasFixedWidthFieldsAndYearsOutsideFourDigitsWhole() {
        func text(_ seconds: Int, _ millisecond: Int) -> String {
            var bytes: [UInt8] = []
            bytes.append(addingCapacity: UTCTimestamp.maximumLength) {
                UTCTimestamp(secondsSince1970: seconds, millisecond: millisecond).write(to: &$0)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(text(0, 0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(text(1_767_225_599, 999), "2025-12-31T23:59:59.999Z")
        XCTAssertEqual(text(951_825_600 + 3_723, 45), "2000-02-29T13:02:03.045Z")
        XCTAssertEqual(text(253_402_300_800, 1), "10000-01-01T00:00:00.001Z")
        XCTAssertEqual(text(-62_167_219_201, 0), "-1-12-31T23:59:59.000Z")
    }
}

/// What one `write` of the log carries to a pipe: whole lines, at most `PIPE_BUF` bytes.
final class LogWriterChunkTests: XCTestCase {
    func testBatchesAreCutAtLineEndsWithinTheLimit() {
        func lines(_ lengths: [Int]) -> [UInt8] {
            lengths.flatMap { [UInt8](repeating: UInt8(ascii: "a"), count: $0 - 1) + [0x0A] }
        }
        XCTAssertEqual(LogWriter.chunks(of: [], maximum: 10), [])
        XCTAssertEqual(LogWriter.chunks(of: lines([4, 6]), maximum: 10), [0..<10])
        XCTAssertEqual(LogWriter.chunks(of: lines([4, 6, 3]), maximum: 10), [0..<10, 10..<13])
        XCTAssertEqual(LogWriter.chunks(of: lines([4, 4, 4]), maximum: 10), [0..<8, 8..<12])
        // A line longer than the limit goes alone, whole.
        XCTAssertEqual(LogWriter.chunks(of: lines([3, 25, 2]), maximum: 10), [0..<3, 3..<28, 28..<30])
        XCTAssertEqual(LogWriter.chunks(of: lines([25]), maximum: 10), [0..<25])
        // Every chunk of a large batch ends a line and fits, and together they are the batch.
        let batch = lines((0..<2000).map { 20 + $0 * 7 % 180 })
        let chunks = LogWriter.chunks(of: batch, maximum: LogWriter.pipeAtomicWrite)
        XCTAssertEqual(chunks.first?.lowerBound, 0)
        XCTAssertEqual(chunks.last?.upperBound, batch.count)
        for (chunk, next) in zip(chunks, chunks.dropFirst()) { XCTAssertEqual(chunk.upperBound, next.lowerBound) }
        for chunk in chunks {
            XCTAssertLessThanOrEqual(chunk.count, LogWriter.pipeAtomicWrite)
            XCTAssertEqual(batch[chunk.upperBound - 1], 0x0A)
        }
        XCTAssertGreaterThan(chunks.count, 50)
    }

    func testPipesAndSocketsAreToldFromFiles() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { _ = close($0) } }
        XCTAssertTrue(LogWriter.isPipeOrSocket(ends[1]))
        var pair: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
        defer { pair.forEach { _ = close($0) } }
        XCTAssertTrue(LogWriter.isPipeOrSocket(pair[0]))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(getpid()).txt").path
        let file = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        defer {
            _ = close(file)
            unlink(path)
        }
        XCTAssertFalse(LogWriter.isPipeOrSocket(file))
        XCTAssertFalse(LogWriter.isPipeOrSocket(-1))
    }
}
