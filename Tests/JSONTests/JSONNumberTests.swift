import JSON
import XCTest

/// Numbers computed from their digits (the fast path) equal the standard library's conversion
/// of their text, on many random numbers of every shape and at the edges of the fast path.
final class JSONNumberTests: XCTestCase {
    func expected(_ text: String) -> JSONValue? {
        let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    }

    func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let parsed = try? JSONParser.parse(text)
        XCTAssertEqual(parsed, expected(text), text, file: file, line: line)
        if case .double(let a)? = parsed, case .double(let b)? = expected(text) {
            XCTAssertEqual(a.bitPattern, b.bitPattern, "sign of zero or last bit: \(text)", file: file, line: line)
        }
    }

    func testEdgesOfTheFastPath() {
        for text in [
            "0", "-0", "0.0", "-0.0", "0e5", "-0e-5", "1", "-1", "10", "100", "0.05", "1.50", "1.5e-7",
            "123456789012345678", "1234567890123456789", "-9223372036854775808", "9223372036854775807",
            "9223372036854775808", "123456789012345", "1234567890123456", "0.123456789012345",
            "0.1234567890123456", "1e22", "1e23", "1e-22", "1e-23", "4.5e22", "9007199254740993",
            "9007199254740993.0", "0.000000000000000000000000001", "1e308", "2.2250738585072014e-308",
            "5e-324", "1E+2", "1e+022", "0.0000000000000000000001"
        ] {
            check(text)
        }
        XCTAssertThrowsError(try JSONParser.parse("1e400"))
    }

    func testRandomNumbers() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for _ in 0..<50_000 {
            var text = next() % 4 == 0 ? "-" : ""
            let integerDigits = Int(next() % 12)
            text +=
                integerDigits == 0
                ? "0" : String(1 + next() % 9) + (0..<integerDigits).map { _ in String(next() % 10) }.joined()
            if next() % 2 == 0 {
                text += "." + (0..<(1 + Int(next() % 18))).map { _ in String(next() % 10) }.joined()
            }
            if next() % 3 == 0 {
                text += ["e", "E"][Int(next() % 2)] + ["", "+", "-"][Int(next() % 3)] + String(next() % 40)
            }
            check(text)
        }
    }
}
