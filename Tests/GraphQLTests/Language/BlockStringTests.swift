@testable import GraphQL
import XCTest

/// The cases of graphql-js's `blockString-test.ts`, in Swift.
final class BlockStringTests: XCTestCase {
    // MARK: - dedentBlockStringLines

    func testDedentHandlesEmptyString() {
        XCTAssertEqual(BlockString.dedentLines([""]), [])
    }

    func testDedentDoesNotDedentFirstLine() {
        XCTAssertEqual(BlockString.dedentLines(["  a"]), ["  a"])
        XCTAssertEqual(BlockString.dedentLines([" a", "  b"]), [" a", "b"])
    }

    func testDedentRemovesMinimalIndentationLength() {
        XCTAssertEqual(BlockString.dedentLines(["", " a", "  b"]), ["a", " b"])
        XCTAssertEqual(BlockString.dedentLines(["", "  a", " b"]), [" a", "b"])
        XCTAssertEqual(BlockString.dedentLines(["", "  a", " b", "c"]), ["  a", " b", "c"])
    }

    func testDedentTabAndSpaceAsSingleCharacter() {
        XCTAssertEqual(BlockString.dedentLines(["", "\ta", "          b"]), ["a", "         b"])
        XCTAssertEqual(BlockString.dedentLines(["", "\t a", "          b"]), ["a", "        b"])
        XCTAssertEqual(BlockString.dedentLines(["", " \t a", "          b"]), ["a", "       b"])
    }

    func testDedentIgnoresEmptyLines() {
        XCTAssertEqual(BlockString.dedentLines(["a", "", " b"]), ["a", "", "b"])
        XCTAssertEqual(BlockString.dedentLines(["a", " ", "  b"]), ["a", "", "b"])
    }

    func testDedentRemovesUniformIndentation() {
        XCTAssertEqual(
            BlockString.dedentLines(["", "    Hello,", "      World!", "", "    Yours,", "      GraphQL."]),
            ["Hello,", "  World!", "", "Yours,", "  GraphQL."])
    }

    func testDedentRemovesEmptyLeadingAndTrailingLines() {
        XCTAssertEqual(
            BlockString.dedentLines([
                "", "", "    Hello,", "      World!", "", "    Yours,",
                "      GraphQL.", "", ""
            ]),
            ["Hello,", "  World!", "", "Yours,", "  GraphQL."])
    }

    func testDedentRemovesBlankLeadingAndTrailingLines() {
        XCTAssertEqual(
            BlockString.dedentLines([
                "  ", "        ", "    Hello,", "      World!", "", "    Yours,",
                "      GraphQL.", "        ", "  "
            ]),
            ["Hello,", "  World!", "", "Yours,", "  GraphQL."])
    }

    func testDedentRetainsIndentationFromFirstLine() {
        XCTAssertEqual(
            BlockString.dedentLines(["    Hello,", "      World!", "", "    Yours,", "      GraphQL."]),
            ["    Hello,", "  World!", "", "Yours,", "  GraphQL."])
    }

    func testDedentDoesNotAlterTrailingSpaces() {
        XCTAssertEqual(
            BlockString.dedentLines([
                "               ", "    Hello,     ", "      World!   ",
                "               ", "    Yours,     ", "      GraphQL. ",
                "               "
            ]),
            ["Hello,     ", "  World!   ", "           ", "Yours,     ", "  GraphQL. "])
    }

    // MARK: - isPrintableAsBlockString

    func testPrintableAcceptsValidStrings() {
        XCTAssertTrue(isPrintableAsBlockString(""))
        XCTAssertTrue(isPrintableAsBlockString(" a"))
        XCTAssertTrue(isPrintableAsBlockString("\t\"\n\""))
        XCTAssertFalse(isPrintableAsBlockString("\t\"\n \n\t\""))
    }

    func testPrintableRejects() {
        for text in [
            " ", "\t", "\t ", " \t", "\u{0}", "a\u{0}b", "\n", "\n\n", "\n\n\n", " \n  \n", "\t\n\t\t\n",
            "\r", "\n\r", "\r\n", "a\rb", "\na", " \na", "\t\na", "\n\na", "a\n", "a\n ", "a\n\t",
            "a\n\n"
        ] {
            XCTAssertFalse(isPrintableAsBlockString(text), text.debugDescription)
        }
    }

    // MARK: - printBlockString

    private func assertBlockString(
        _ value: String, readable: String, minimize: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(BlockString.print(value), readable, file: file, line: line)
        XCTAssertEqual(BlockString.print(value, minimize: true), minimize, file: file, line: line)
    }

    func testPrintDoesNotEscapeCharacters() {
        let value = "\" \\ / \u{8} \u{C} \n \r \t"
        assertBlockString(value, readable: "\"\"\"\n" + value + "\n\"\"\"", minimize: "\"\"\"\n" + value + "\"\"\"")
    }

    func testPrintSingleLine() {
        assertBlockString("one liner", readable: "\"\"\"one liner\"\"\"", minimize: "\"\"\"one liner\"\"\"")
    }

    func testPrintEndingWithTripleQuotation() {
        assertBlockString(
            "triple quotation \"\"\"",
            readable: "\"\"\"\ntriple quotation \\\"\"\"\n\"\"\"",
            minimize: "\"\"\"triple quotation \\\"\"\"\"\"\"")
    }

    func testPrintSingleLineWithLeadingSpace() {
        assertBlockString(
            "    space-led string", readable: "\"\"\"    space-led string\"\"\"",
            minimize: "\"\"\"    space-led string\"\"\"")
    }

    func testPrintSingleLineWithLeadingSpaceAndTrailingQuotation() {
        let expected = "\"\"\"    space-led value \"quoted string\"\n\"\"\""
        assertBlockString("    space-led value \"quoted string\"", readable: expected, minimize: expected)
    }

    func testPrintSingleLineWithTrailingBackslash() {
        assertBlockString(
            "backslash \\", readable: "\"\"\"\nbackslash \\\n\"\"\"",
            minimize: "\"\"\"backslash \\\n\"\"\"")
    }

    func testPrintMultiLineWithInternalIndent() {
        assertBlockString(
            "no indent\n with indent", readable: "\"\"\"\nno indent\n with indent\n\"\"\"",
            minimize: "\"\"\"\nno indent\n with indent\"\"\"")
    }

    func testPrintStringWithFirstLineIndentation() {
        let value = ["    first  ", "  line     ", "indentation", "     string"].joined(separator: "\n")
        assertBlockString(
            value,
            readable: ["\"\"\"", "    first  ", "  line     ", "indentation", "     string", "\"\"\""]
                .joined(separator: "\n"),
            minimize: ["\"\"\"    first  ", "  line     ", "indentation", "     string\"\"\""]
                .joined(separator: "\n"))
    }

    func testPrintedBlockStringsReadBack() throws {
        // A value printable as a block string lexes back to itself.
        for value in ["", " a", "one liner", "a\n b\nc", "  lead\ntrail  ", "with \"\"\" quotes", "x\\"] {
            guard isPrintableAsBlockString(value) else { continue }
            let printed = BlockString.print(value)
            guard case .string(let node) = try parseValue(printed) else { return XCTFail("not a string") }
            XCTAssertEqual(node.value, value, printed)
        }
    }
}
