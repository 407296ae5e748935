import Foundation
import GraphQL
import XCTest

/// Hostile input is normal input: limits end in clean syntax errors, lexing is
/// linear, and nothing overflows the stack. (No timed assertions: these
/// inputs would take minutes or crash if lexing were quadratic or unbounded.)
final class HostileInputTests: XCTestCase {
    func testOneMegabyteStringLiteral() throws {
        let big = String(repeating: "a", count: 1 << 20)
        let document = try parse("{ f(a: \"\(big)\") }")
        guard case .operation(let operation) = document.definitions.first,
            case .field(let field) = operation.selectionSet.selections.first,
            case .string(let value) = field.arguments.first?.value
        else { return XCTFail("unexpected shape") }
        XCTAssertEqual(value.value.utf8.count, 1 << 20)

        assertSyntaxError("{ f(a: \"\(big)", "Unterminated string.", 1, 9 + (1 << 20))
        let escaped = String(repeating: "\\u00e9", count: 100_000)
        XCTAssertNoThrow(try parse("{ f(a: \"\(escaped)\") }"))
        let block = String(repeating: "  line\n", count: 100_000)
        XCTAssertNoThrow(try parse("{ f(a: \"\"\"\(block)\"\"\") }"))
    }

    func testHundredThousandNestedBrackets() {
        let deep = String(repeating: "[", count: 100_000)
        assertSyntaxError("{ f(a: \(deep)) }", "Document nesting is deeper than 500 levels. Parsing aborted.", 1, 507)
        assertSyntaxError(deep, "Unexpected \"[\".", 1, 1)
        XCTAssertThrowsError(try parseValue(deep))
        XCTAssertThrowsError(try parseType(deep))
        let objects = String(repeating: "{a:", count: 100_000)
        XCTAssertThrowsError(try parse("{ f(a: \(objects)) }"))
    }

    func testDeepSelectionSetsAndTypes() {
        let selections = String(repeating: "{a", count: 100_000)
        assertSyntaxError(selections, "Document nesting is deeper than 500 levels. Parsing aborted.", 1, 1001)
        let types = String(repeating: "[", count: 100_000)
        assertSyntaxError(
            "query($v: \(types)Int) { a }", "Document nesting is deeper than 500 levels. Parsing aborted.",
            1, 511)
        // The limit is an option.
        let nested = String(repeating: "{a", count: 40) + String(repeating: "}", count: 40)
        XCTAssertNoThrow(try parse(nested, options: ParseOptions(maxDepth: 40)))
        XCTAssertThrowsError(try parse(nested, options: ParseOptions(maxDepth: 39)))
    }

    func testAtTheDepthLimitOnASmallStack() {
        // 500 levels parse on a thread with an 8 MiB stack (the default
        // thread stack here) even in a debug build; a release build needs
        // about 1 MiB.
        let text = String(repeating: "{a", count: 499) + "{b" + String(repeating: "}", count: 500)
        let list = "{ f(a: " + String(repeating: "[", count: 499) + String(repeating: "]", count: 499) + ") }"
        let done = expectation(description: "parsed")
        final class Box: @unchecked Sendable { var ok = false }
        let box = Box()
        let thread = Thread {
            box.ok = (try? parse(text)) != nil && (try? parse(list)) != nil
            done.fulfill()
        }
        thread.stackSize = 8 << 20
        thread.start()
        wait(for: [done], timeout: 120)
        XCTAssertTrue(box.ok)
    }

    func testTokenLimit() {
        let many = "{ " + String(repeating: "a ", count: 20_000) + "}"
        assertSyntaxError(many, "Document contains more than 15000 tokens. Parsing aborted.", 1, 30_001)
        XCTAssertNoThrow(try parse(many, options: .unlimited))
        let commas = "{ a" + String(repeating: ",", count: 1_000_000) + " }"
        XCTAssertNoThrow(try parse(commas))
        let comments = "{ a\n" + String(repeating: "# comment\n", count: 100_000) + "}"
        XCTAssertNoThrow(try parse(comments))
    }

    func testManyErrorsAreCleanNotTraps() {
        for text in [
            "\u{0}", "{", "}", "{ a(", "{ a(b:", "{ a(b: $", "query ($", "\"", "\"\"\"", "{ ...", "fragment",
            "type", "extend", "directive @", "union U = |", "enum E {", "input I { a: [", "\u{FEFF}",
            "{ a(b: \"\\u{D800}\") }", "{ a(b: \"\\uD800\\u0041\") }", "{ a(b: 1e) }", "{ a(b: -) }"
        ] {
            XCTAssertThrowsError(try parse(text), text.debugDescription) { error in
                XCTAssertTrue((error as? GraphQLError)?.message.hasPrefix("Syntax Error: ") ?? false)
            }
        }
    }
}
