import JSON
import XCTest

final class JSONWriterTests: XCTestCase {
    func testCompact() {
        let value: JSONValue = ["data": ["a": [1, 2.5, true, nil, "x"]], "z": [:], "e": []]
        XCTAssertEqual(value.serialized(), #"{"data":{"a":[1,2.5,true,null,"x"]},"z":{},"e":[]}"#)
    }

    func testPrettyMatchesJSONStringifyIndent2() {
        let value: JSONValue = ["a": [1, ["b": nil]], "c": [], "d": [:]]
        XCTAssertEqual(
            value.serialized(pretty: true),
            """
            {
              "a": [
                1,
                {
                  "b": null
                }
              ],
              "c": [],
              "d": {}
            }
            """)
    }

    func testStringEscapingLikeJSONStringify() {
        XCTAssertEqual(
            JSONValue.string("a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}/é😀\u{2028}").serialized(),
            "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f/é😀\u{2028}\"")
    }

    func testNumbersAsJavaScriptWritesThem() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (3, "3"), (1.5, "1.5"), (-2.25, "-2.25"), (0.1, "0.1"),
            (1e21, "1e+21"), (1e20, "100000000000000000000"), (123456789012345683968, "123456789012345680000"),
            (1e-6, "0.000001"), (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (2.5e25, "2.5e+25"),
            (0.000123, "0.000123"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (Double.leastNonzeroMagnitude, "5e-324"),
            (1234.5678, "1234.5678"), (1e15, "1000000000000000"), (1e16, "10000000000000000"),
            (-1e-7, "-1e-7"), (4.35, "4.35"), (1499.5, "1499.5")
        ]
        for (value, expected) in cases {
            XCTAssertEqual(javaScriptNumberString(value), expected, "\(value)")
            XCTAssertEqual(JSONValue.double(value).serialized(), expected, "\(value)")
        }
        XCTAssertEqual(JSONValue.double(.nan).serialized(), "null")
        XCTAssertEqual(JSONValue.double(.infinity).serialized(), "null")
    }

    func testIntegers() {
        for value in [0, 7, 10, -1, -10, 1234567890, Int.max, Int.min] {
            XCTAssertEqual(JSONValue.int(value).serialized(), String(value))
        }
    }

    func testRoundTrip() throws {
        let text = #"{"a":[1,-2,3.25,"\u0000x",{"b":false}],"c":null}"#
        XCTAssertEqual(try JSONParser.parse(text).serialized(), text)
    }
}
