@testable import Redis
import XCTest

final class RESPParserTests: XCTestCase {
    func parseAll(_ text: String, limits: RESPLimits = RESPLimits()) throws -> [RESPValue] {
        var parser = RESPParser(limits: limits)
        try parser.append(Array(text.utf8))
        var values: [RESPValue] = []
        while let value = try parser.next() { values.append(value) }
        XCTAssertEqual(parser.bufferedCount, 0, "bytes left over")
        return values
    }

    func assertViolation(
        _ text: String, limits: RESPLimits = RESPLimits(), file: StaticString = #filePath, line: UInt = #line
    ) {
        var parser = RESPParser(limits: limits)
        do {
            try parser.append(Array(text.utf8))
            while try parser.next() != nil {}
            XCTFail("expected a protocol violation for \(text.debugDescription)", file: file, line: line)
        } catch {
            guard case .protocolViolation = error else {
                return XCTFail("expected a protocol violation, got \(error)", file: file, line: line)
            }
        }
    }

    func testEveryType() throws {
        XCTAssertEqual(
            try parseAll("+OK\r\n-ERR wrong type\r\n:-42\r\n:0\r\n$5\r\nhello\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n"),
            [
                .simpleString("OK"), .error("ERR wrong type"), .integer(-42), .integer(0),
                .bulkString(Array("hello".utf8)), .bulkString([]), .bulkString(nil), .array(nil), .array([])
            ])
    }

    func testBulkStringsAreBinarySafe() throws {
        var parser = RESPParser()
        try parser.append(Array("$4\r\n".utf8) + [13, 10, 0, 255] + [13, 10])
        XCTAssertEqual(try parser.next(), .bulkString([13, 10, 0, 255]))
    }

    func testNestedArrays() throws {
        let text = "*3\r\n$3\r\nfoo\r\n*2\r\n:1\r\n*1\r\n$-1\r\n+OK\r\n"
        XCTAssertEqual(
            try parseAll(text),
            [
                .array([
                    .bulkString(Array("foo".utf8)), .array([.integer(1), .array([.bulkString(nil)])]),
                    .simpleString("OK")
                ])
            ])
    }

    func testPartialReadsByteByByte() throws {
        let text = Array("*2\r\n$5\r\nhello\r\n:12345\r\n+PONG\r\n".utf8)
        var parser = RESPParser()
        var values: [RESPValue] = []
        for byte in text {
            try parser.append([byte])
            while let value = try parser.next() { values.append(value) }
        }
        XCTAssertEqual(values, [.array([.bulkString(Array("hello".utf8)), .integer(12345)]), .simpleString("PONG")])
        XCTAssertEqual(parser.bufferedCount, 0)
    }

    func testIncompleteReplyWaitsForMore() throws {
        var parser = RESPParser()
        try parser.append(Array("$11\r\nhel".utf8))
        XCTAssertNil(try parser.next())
        try parser.append(Array("lo worl".utf8))
        XCTAssertNil(try parser.next())
        try parser.append(Array("d\r\n".utf8))
        XCTAssertEqual(try parser.next(), .bulkString(Array("hello world".utf8)))
    }

    func testHugeDeclaredLengthsAreErrorsNotAllocations() {
        assertViolation("$1000000000000\r\n")
        assertViolation("$9223372036854775807\r\n")
        assertViolation("*99999999999\r\n")
        assertViolation("$99999999999999999999\r\n") // beyond Int64
        assertViolation("$2000\r\n", limits: RESPLimits(maxBulkBytes: 1000))
        assertViolation("*5\r\n", limits: RESPLimits(maxArrayElements: 4))
    }

    func testDeclaredLengthWithinLimitsIsWaitedFor() throws {
        var parser = RESPParser(limits: RESPLimits(maxBulkBytes: 1 << 20))
        try parser.append(Array("$1048576\r\n".utf8))
        XCTAssertNil(try parser.next())
        XCTAssertEqual(parser.bufferedCount, 10, "nothing is allocated for the declared length")
    }

    func testGarbage() {
        assertViolation("hello\r\n")
        assertViolation("<html>\r\n")
        assertViolation("%2\r\n") // RESP3 map
        assertViolation("_\r\n") // RESP3 null
        assertViolation(":12a\r\n")
        assertViolation(":\r\n")
        assertViolation(":-\r\n")
        assertViolation("$-2\r\n")
        assertViolation("$3\r\nabcd\r\n") // no CRLF where the bulk ends
        assertViolation("+OK\n") // LF without CR
        assertViolation("+OK\rX") // CR without LF
        assertViolation("*1\r\n?\r\n")
    }

    func testNestingDepthIsBounded() throws {
        XCTAssertEqual(
            try parseAll("*1\r\n*1\r\n:1\r\n", limits: RESPLimits(maxDepth: 2)), [.array([.array([.integer(1)])])])
        assertViolation("*1\r\n*1\r\n*1\r\n:1\r\n", limits: RESPLimits(maxDepth: 2))
        assertViolation(String(repeating: "*1\r\n", count: 10_000) + ":1\r\n")
    }

    func testLongLinesAndBufferedBytesAreBounded() throws {
        assertViolation("+" + String(repeating: "a", count: 200) + "\r\n", limits: RESPLimits(maxLineBytes: 100))
        // Without a CRLF in sight, the line is refused once it is longer than the limit.
        var parser = RESPParser(limits: RESPLimits(maxLineBytes: 100))
        try parser.append(Array(("+" + String(repeating: "a", count: 150)).utf8))
        XCTAssertThrowsError(try parser.next())
        var small = RESPParser(limits: RESPLimits(maxBufferedBytes: 100))
        try small.append([UInt8](repeating: 65, count: 100))
        XCTAssertThrowsError(try small.append([65]))
    }

    func testEncoderRoundTrips() throws {
        let command = RESPEncoder.command([Array("SET".utf8), Array("k".utf8), [0, 13, 10, 255]])
        XCTAssertEqual(String(decoding: command.prefix(22), as: UTF8.self), "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$4")
        var parser = RESPParser()
        try parser.append(command)
        XCTAssertEqual(
            try parser.next(),
            .array([.bulkString(Array("SET".utf8)), .bulkString(Array("k".utf8)), .bulkString([0, 13, 10, 255])]))
        let values: [RESPValue] = [
            .simpleString("OK"), .error("ERR x"), .integer(-7), .bulkString(nil), .array(nil),
            .array([.bulkString([1, 2]), .array([])])
        ]
        for value in values {
            var p = RESPParser()
            try p.append(RESPEncoder.value(value))
            XCTAssertEqual(try p.next(), value)
        }
    }
}
