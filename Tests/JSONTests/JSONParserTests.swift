import JSON
import XCTest

final class JSONParserTests: XCTestCase {
    func testScalars() throws {
        XCTAssertEqual(try JSONParser.parse("null"), .null)
        XCTAssertEqual(try JSONParser.parse(" true "), .bool(true))
        XCTAssertEqual(try JSONParser.parse("false"), .bool(false))
        XCTAssertEqual(try JSONParser.parse("0"), .int(0))
        XCTAssertEqual(try JSONParser.parse("-12"), .int(-12))
        XCTAssertEqual(try JSONParser.parse("1.5"), .double(1.5))
        XCTAssertEqual(try JSONParser.parse("1e3"), .double(1000))
        XCTAssertEqual(try JSONParser.parse("-0.25E-2"), .double(-0.0025))
        XCTAssertEqual(try JSONParser.parse("99999999999999999999"), .double(1e20))
        XCTAssertEqual(try JSONParser.parse("\"a\\\"b\\\\c\\/\\n\\t\""), .string("a\"b\\c/\n\t"))
    }

    func testUnicodeEscapes() throws {
        XCTAssertEqual(try JSONParser.parse("\"\\u00e9\""), .string("é"))
        XCTAssertEqual(try JSONParser.parse("\"\\ud83d\\ude00\""), .string("😀"))
        XCTAssertEqual(try JSONParser.parse("\"\\ud83d\""), .string("\u{FFFD}"))
        XCTAssertEqual(try JSONParser.parse("\"\\ude00x\""), .string("\u{FFFD}x"))
        XCTAssertEqual(try JSONParser.parse("\"héllo\""), .string("héllo"))
        XCTAssertEqual(try JSONParser.parse([0x22, 0xFF, 0x22]), .string("\u{FFFD}"))
    }

    func testContainersKeepOrder() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": [1, 2, {"c": null}], "e": {}}"#)
        XCTAssertEqual(value.objectValue?.keys, ["b", "a", "e"])
        XCTAssertEqual(value["a"]?[2]?["c"], .null)
        XCTAssertEqual(value["e"], .object(JSONObject()))
        XCTAssertEqual(value, ["b": 1, "a": [1, 2, ["c": nil]], "e": [:]])
    }

    func testDuplicateKeysLastWins() throws {
        let value = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        XCTAssertEqual(value, ["a": 3, "b": 2])
    }

    /// Past the linear-scan size the parser merges duplicates when the object ends: same rule.
    func testDuplicateKeysInLargeObjects() throws {
        let keys = (0..<100).map { "k\($0)" }
        let members =
            keys.map { "\"\($0)\": 1" } + ["\"k3\": 2", "\"k50\": 3", "\"new\": 4", "\"k99\": 5", "\"new\": 6"]
        let value = try JSONParser.parse("{" + members.joined(separator: ",") + "}")
        let object = try XCTUnwrap(value.objectValue)
        XCTAssertEqual(object.entries.map(\.key), keys + ["new"])
        XCTAssertEqual(object["k3"], 2)
        XCTAssertEqual(object["k50"], 3)
        XCTAssertEqual(object["k99"], 5)
        XCTAssertEqual(object["new"], 6)
        XCTAssertEqual(object["k0"], 1)
    }

    /// Many copies of one key, and many distinct keys with one repeat: linear work, same rule.
    func testManyDuplicatesInLargeObjects() throws {
        let copies = (0..<50_000).map { "\"a\": \($0)" }.joined(separator: ",")
        XCTAssertEqual(try JSONParser.parse("{" + copies + "}"), ["a": 49_999])
        let distinct = (0..<50_000).map { "\"k\($0)\": \($0)" } + ["\"k7\": \"last\""]
        let object = try XCTUnwrap(JSONParser.parse("{" + distinct.joined(separator: ",") + "}").objectValue)
        XCTAssertEqual(object.count, 50_000)
        XCTAssertEqual(object.entries[7].key, "k7")
        XCTAssertEqual(object.entries[7].value, "last")
        XCTAssertEqual(object.entries[49_999].key, "k49999")
    }

    func testRejectsInvalidInput() {
        for text in [
            "", "nul", "01", "1.", ".5", "-", "1e", "[1,]", "{\"a\":1,}", "{a:1}", "'a'", "[1 2]",
            "NaN", "Infinity", "\"abc", "\"\\x\"", "\"\u{01}\"", "1 2", "// c\n1", "{\"a\" 1}", "tru"
        ] {
            XCTAssertThrowsError(try JSONParser.parse(text), "should reject \(text)")
        }
    }

    func testErrorMessageHasOffset() {
        XCTAssertThrowsError(try JSONParser.parse("[1, x]")) { error in
            XCTAssertEqual(error as? JSONError, JSONError(message: "Unexpected character 'x' at offset 4", offset: 4))
        }
        XCTAssertThrowsError(try JSONParser.parse("[1,")) { error in
            XCTAssertEqual((error as? JSONError)?.message, "Unexpected end of JSON input")
        }
    }

    func testDepthLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertEqual((error as? JSONError)?.message, "JSON nested deeper than 512 levels at offset 512")
        }
        let ok = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try JSONParser.parse(ok, maxDepth: 100))
        XCTAssertThrowsError(try JSONParser.parse(ok, maxDepth: 99))
    }

    func testObjectSubscriptSetAndRemove() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 5
        object["c"] = 3
        object["b"] = nil
        XCTAssertEqual(object.keys, ["a", "c"])
        XCTAssertEqual(object["a"], 5)
        XCTAssertNotEqual(
            JSONObject(["a": 1, "c": 3].sorted { $0.key < $1.key }.map { ($0.key, $0.value) }), ["c": 3, "a": 1])
    }

    func testAccessors() {
        XCTAssertEqual(JSONValue.double(3).intValue, 3)
        XCTAssertNil(JSONValue.double(3.5).intValue)
        XCTAssertEqual(JSONValue.int(2).doubleValue, 2)
        XCTAssertNil(JSONValue.string("2").intValue)
        XCTAssertTrue(JSONValue.null.isNull)
    }
}
