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
}
