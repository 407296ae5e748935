@testable import GraphQL
import XCTest

/// The cases of graphql-js's `lexer-test.ts`, in Swift. Offsets are UTF-8
/// bytes (graphql-js counts UTF-16 units; the same for ASCII input).
final class LexerTests: XCTestCase {
    func testIgnoresBOMHeader() {
        XCTAssertEqual(lexOne("\u{FEFF} foo"), LexedToken(kind: .name, start: 4, end: 7, value: "foo"))
    }

    func testTracksLineBreaks() {
        XCTAssertEqual(lexOne("foo"), LexedToken(kind: .name, start: 0, end: 3, value: "foo"))
        XCTAssertEqual(lexOne("\nfoo"), LexedToken(kind: .name, start: 1, end: 4, value: "foo"))
        XCTAssertEqual(lexOne("\rfoo"), LexedToken(kind: .name, start: 1, end: 4, value: "foo"))
        XCTAssertEqual(lexOne("\r\nfoo"), LexedToken(kind: .name, start: 2, end: 5, value: "foo"))
        XCTAssertEqual(lexOne("\n\rfoo"), LexedToken(kind: .name, start: 2, end: 5, value: "foo"))
        XCTAssertEqual(lexOne("\r\r\n\nfoo"), LexedToken(kind: .name, start: 4, end: 7, value: "foo"))
        XCTAssertEqual(lexOne("\n\n\r\rfoo"), LexedToken(kind: .name, start: 4, end: 7, value: "foo"))
        let source = Source("\n\n\r\rfoo")
        XCTAssertEqual(source.location(at: 4), SourceLocation(line: 5, column: 1))
        XCTAssertEqual(Source("\r\r\n\nfoo").location(at: 4), SourceLocation(line: 4, column: 1))
    }

    func testRecordsLineAndColumn() {
        let text = "\n \r\n \r  foo\n"
        XCTAssertEqual(lexOne(text), LexedToken(kind: .name, start: 8, end: 11, value: "foo"))
        XCTAssertEqual(Source(text).location(at: 8), SourceLocation(line: 4, column: 3))
    }

    /// Runs of spaces are skipped eight bytes at a time (an unaligned load that must stay
    /// inside the buffer): every run length, with the token at every distance from the end.
    func testSpaceRunsOfEveryLengthAndEndDistance() {
        for spaces in 0..<40 {
            for tail in 0..<10 {
                let text = String(repeating: " ", count: spaces) + "foo" + String(repeating: " ", count: tail)
                XCTAssertEqual(
                    lexOne(text), LexedToken(kind: .name, start: spaces, end: spaces + 3, value: "foo"),
                    "\(spaces) spaces, \(tail) after")
            }
            XCTAssertEqual(
                lexOne(String(repeating: " ", count: spaces) + "\tx"),
                LexedToken(kind: .name, start: spaces + 1, end: spaces + 2, value: "x"))
        }
    }

    func testSkipsWhitespaceAndComments() {
        XCTAssertEqual(lexOne("\n\n    foo\n\n\n"), LexedToken(kind: .name, start: 6, end: 9, value: "foo"))
        XCTAssertEqual(lexOne("\t\tfoo\t\t"), LexedToken(kind: .name, start: 2, end: 5, value: "foo"))
        XCTAssertEqual(
            lexOne("\n    #comment\n    foo#comment\n"),
            LexedToken(kind: .name, start: 18, end: 21, value: "foo"))
        XCTAssertEqual(lexOne(",,,foo,,,"), LexedToken(kind: .name, start: 3, end: 6, value: "foo"))
    }

    func testErrorsRespectWhitespace() {
        assertLexError("\n\n ~\n", "Unexpected character: \"~\".", 3, 2)
        assertLexError("\n\n     ~\n", "Unexpected character: \"~\".", 3, 6)
    }

    func testLexesStrings() {
        XCTAssertEqual(lexOne("\"\""), LexedToken(kind: .string, start: 0, end: 2, value: ""))
        XCTAssertEqual(lexOne("\"simple\""), LexedToken(kind: .string, start: 0, end: 8, value: "simple"))
        XCTAssertEqual(
            lexOne("\" white space \""),
            LexedToken(kind: .string, start: 0, end: 15, value: " white space "))
        XCTAssertEqual(lexOne("\"quote \\\"\""), LexedToken(kind: .string, start: 0, end: 10, value: "quote \""))
        XCTAssertEqual(
            lexOne("\"escaped \\n\\r\\b\\t\\f\""),
            LexedToken(kind: .string, start: 0, end: 20, value: "escaped \n\r\u{8}\t\u{C}"))
        XCTAssertEqual(
            lexOne("\"slashes \\\\ \\/\""),
            LexedToken(kind: .string, start: 0, end: 15, value: "slashes \\ /"))
        // 32 ASCII bytes + U+1F600 (4 UTF-8 bytes; 2 UTF-16 units in graphql-js's offsets).
        XCTAssertEqual(
            lexOne("\"unescaped unicode outside BMP \u{1F600}\""),
            LexedToken(kind: .string, start: 0, end: 36, value: "unescaped unicode outside BMP \u{1F600}"))
        XCTAssertEqual(
            lexOne("\"unescaped maximal unicode outside BMP \u{10FFFF}\""),
            LexedToken(
                kind: .string, start: 0, end: 44,
                value: "unescaped maximal unicode outside BMP \u{10FFFF}"))
        XCTAssertEqual(
            lexOne("\"unicode \\u1234\\u5678\\u90AB\\uCDEF\""),
            LexedToken(kind: .string, start: 0, end: 34, value: "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"))
        XCTAssertEqual(
            lexOne("\"unicode \\u{1234}\\u{5678}\\u{90AB}\\u{CDEF}\""),
            LexedToken(kind: .string, start: 0, end: 42, value: "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"))
        XCTAssertEqual(
            lexOne("\"string with unicode escape outside BMP \\u{1F600}\""),
            LexedToken(
                kind: .string, start: 0, end: 50,
                value: "string with unicode escape outside BMP \u{1F600}"))
        XCTAssertEqual(
            lexOne("\"string with minimal unicode escape \\u{0}\""),
            LexedToken(kind: .string, start: 0, end: 42, value: "string with minimal unicode escape \u{0}"))
        XCTAssertEqual(
            lexOne("\"string with maximal unicode escape \\u{10FFFF}\""),
            LexedToken(
                kind: .string, start: 0, end: 47,
                value: "string with maximal unicode escape \u{10FFFF}"))
        XCTAssertEqual(
            lexOne("\"string with maximal minimal unicode escape \\u{00000000}\""),
            LexedToken(
                kind: .string, start: 0, end: 57,
                value: "string with maximal minimal unicode escape \u{0}"))
        XCTAssertEqual(
            lexOne("\"string with unicode surrogate pair escape \\uD83D\\uDE00\""),
            LexedToken(
                kind: .string, start: 0, end: 56,
                value: "string with unicode surrogate pair escape \u{1F600}"))
        XCTAssertEqual(
            lexOne("\"string with minimal surrogate pair escape \\uD800\\uDC00\""),
            LexedToken(
                kind: .string, start: 0, end: 56,
                value: "string with minimal surrogate pair escape \u{10000}"))
        XCTAssertEqual(
            lexOne("\"string with maximal surrogate pair escape \\uDBFF\\uDFFF\""),
            LexedToken(
                kind: .string, start: 0, end: 56,
                value: "string with maximal surrogate pair escape \u{10FFFF}"))
    }

    func testReportsUsefulStringErrors() {
        assertLexError("\"", "Unterminated string.", 1, 2)
        assertLexError("\"\"\"", "Unterminated string.", 1, 4)
        assertLexError("\"\"\"\"", "Unterminated string.", 1, 5)
        assertLexError("\"no end quote", "Unterminated string.", 1, 14)
        assertLexError(
            "'single quotes'",
            "Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 1)
        assertLexError("\"multi\nline\"", "Unterminated string.", 1, 7)
        assertLexError("\"multi\rline\"", "Unterminated string.", 1, 7)
        assertLexError("\"bad \\z esc\"", "Invalid character escape sequence: \"\\z\".", 1, 6)
        assertLexError("\"bad \\x esc\"", "Invalid character escape sequence: \"\\x\".", 1, 6)
        assertLexError("\"bad \\u1 esc\"", "Invalid Unicode escape sequence: \"\\u1 es\".", 1, 6)
        assertLexError("\"bad \\u0XX1 esc\"", "Invalid Unicode escape sequence: \"\\u0XX1\".", 1, 6)
        assertLexError("\"bad \\uXXXX esc\"", "Invalid Unicode escape sequence: \"\\uXXXX\".", 1, 6)
        assertLexError("\"bad \\uFXXX esc\"", "Invalid Unicode escape sequence: \"\\uFXXX\".", 1, 6)
        assertLexError("\"bad \\uXXXF esc\"", "Invalid Unicode escape sequence: \"\\uXXXF\".", 1, 6)
        assertLexError("\"bad \\u{} esc\"", "Invalid Unicode escape sequence: \"\\u{}\".", 1, 6)
        assertLexError("\"bad \\u{FXXX} esc\"", "Invalid Unicode escape sequence: \"\\u{FX\".", 1, 6)
        assertLexError("\"bad \\u{FFFF esc\"", "Invalid Unicode escape sequence: \"\\u{FFFF \".", 1, 6)
        assertLexError("\"bad \\u{FFFF\"", "Invalid Unicode escape sequence: \"\\u{FFFF\"\".", 1, 6)
        assertLexError("\"too high \\u{110000} esc\"", "Invalid Unicode escape sequence: \"\\u{110000}\".", 1, 11)
        assertLexError(
            "\"way too high \\u{12345678} esc\"",
            "Invalid Unicode escape sequence: \"\\u{12345678}\".", 1, 15)
        assertLexError(
            "\"too long \\u{000000000} esc\"",
            "Invalid Unicode escape sequence: \"\\u{000000000\".", 1, 11)
        assertLexError("\"bad surrogate \\uDEAD esc\"", "Invalid Unicode escape sequence: \"\\uDEAD\".", 1, 16)
        assertLexError("\"bad surrogate \\u{DEAD} esc\"", "Invalid Unicode escape sequence: \"\\u{DEAD}\".", 1, 16)
        assertLexError(
            "\"cannot use braces for surrogate pair \\u{D83D}\\u{DE00} esc\"",
            "Invalid Unicode escape sequence: \"\\u{D83D}\".", 1, 39)
        assertLexError(
            "\"bad high surrogate pair \\uDEAD\\uDEAD esc\"",
            "Invalid Unicode escape sequence: \"\\uDEAD\".", 1, 26)
        assertLexError(
            "\"bad low surrogate pair \\uD800\\uD800 esc\"",
            "Invalid Unicode escape sequence: \"\\uD800\".", 1, 25)
        assertLexError(
            "\"cannot escape half a pair \\uD83D\\u{DE00} esc\"",
            "Invalid Unicode escape sequence: \"\\uD83D\".", 1, 28)
        assertLexError("\"bad \\uD83D\\not an escape\"", "Invalid Unicode escape sequence: \"\\uD83D\".", 1, 6)
    }

    func testLexesBlockStrings() {
        XCTAssertEqual(lexOne("\"\"\"\"\"\""), LexedToken(kind: .blockString, start: 0, end: 6, value: ""))
        XCTAssertEqual(lexOne("\"\"\"simple\"\"\""), LexedToken(kind: .blockString, start: 0, end: 12, value: "simple"))
        XCTAssertEqual(
            lexOne("\"\"\" white space \"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 19, value: " white space "))
        XCTAssertEqual(
            lexOne("\"\"\"contains \" quote\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 22, value: "contains \" quote"))
        XCTAssertEqual(
            lexOne("\"\"\"contains \\\"\"\" triple quote\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 32, value: "contains \"\"\" triple quote"))
        XCTAssertEqual(
            lexOne("\"\"\"multi\nline\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 16, value: "multi\nline"))
        XCTAssertEqual(
            lexOne("\"\"\"multi\rline\r\nnormalized\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 28, value: "multi\nline\nnormalized"))
        XCTAssertEqual(
            lexOne("\"\"\"unescaped \\n\\r\\b\\t\\f\\u1234\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 32, value: "unescaped \\n\\r\\b\\t\\f\\u1234"))
        XCTAssertEqual(
            lexOne("\"\"\"unescaped unicode outside BMP \u{1F600}\"\"\""),
            LexedToken(
                kind: .blockString, start: 0, end: 40,
                value: "unescaped unicode outside BMP \u{1F600}"))
        XCTAssertEqual(
            lexOne("\"\"\"slashes \\\\ \\/\"\"\""),
            LexedToken(kind: .blockString, start: 0, end: 19, value: "slashes \\\\ \\/"))
        let spans = "\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\""
        XCTAssertEqual(lexOne(spans)?.value, "spans\n  multiple\n    lines")
    }

    func testAdvancesLineAfterMultilineBlockString() throws {
        let text = "\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \n \"\"\" second_token"
        let tokens = try lexAll(text)
        XCTAssertEqual(tokens[1].value, "second_token")
        XCTAssertEqual(Source(text).location(at: tokens[1].start), SourceLocation(line: 8, column: 6))

        let text2 = "\"\"\"\r\nspans\r\n  multiple\r\n    lines\r\n\r\n\"\"\"\r\n second_token"
        let tokens2 = try lexAll(text2)
        XCTAssertEqual(tokens2[0].value, "spans\n  multiple\n    lines")
        XCTAssertEqual(Source(text2).location(at: tokens2[1].start), SourceLocation(line: 7, column: 2))
    }

    func testReportsUsefulBlockStringErrors() {
        assertLexError("\"\"\"", "Unterminated string.", 1, 4)
        assertLexError("\"\"\"no end quote", "Unterminated string.", 1, 16)
    }

    func testLexesNumbers() {
        let cases: [(String, TokenKind)] = [
            ("4", .int), ("4.123", .float), ("-4", .int), ("9", .int), ("0", .int), ("-4.123", .float),
            ("0.123", .float), ("123e4", .float), ("123E4", .float), ("123e-4", .float), ("123e+4", .float),
            ("-1.123e4", .float), ("-1.123E4", .float), ("-1.123e-4", .float), ("-1.123e+4", .float),
            ("-1.123e4567", .float)
        ]
        for (text, kind) in cases {
            XCTAssertEqual(lexOne(text), LexedToken(kind: kind, start: 0, end: text.utf8.count, value: text), text)
        }
    }

    func testReportsUsefulNumberErrors() {
        assertLexError("00", "Invalid number, unexpected digit after 0: \"0\".", 1, 2)
        assertLexError("01", "Invalid number, unexpected digit after 0: \"1\".", 1, 2)
        assertLexError("01.23", "Invalid number, unexpected digit after 0: \"1\".", 1, 2)
        assertLexError("+1", "Unexpected character: \"+\".", 1, 1)
        assertLexError("1.", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        assertLexError("1e", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        assertLexError("1E", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        assertLexError("1.e1", "Invalid number, expected digit but got: \"e\".", 1, 3)
        assertLexError(".123", "Unexpected character: \".\".", 1, 1)
        assertLexError("1.A", "Invalid number, expected digit but got: \"A\".", 1, 3)
        assertLexError("-A", "Invalid number, expected digit but got: \"A\".", 1, 2)
        assertLexError("1.0e", "Invalid number, expected digit but got: <EOF>.", 1, 5)
        assertLexError("1.0eA", "Invalid number, expected digit but got: \"A\".", 1, 5)
        assertLexError("1.0e\"", "Invalid number, expected digit but got: '\"'.", 1, 5)
        assertLexError("1.2e3e", "Invalid number, expected digit but got: \"e\".", 1, 6)
        assertLexError("1.2e3.4", "Invalid number, expected digit but got: \".\".", 1, 6)
        assertLexError("1.23.4", "Invalid number, expected digit but got: \".\".", 1, 5)
    }

    func testDoesNotAllowNameStartAfterNumber() {
        assertLexError("0xF1", "Invalid number, expected digit but got: \"x\".", 1, 2)
        assertLexError("0b10", "Invalid number, expected digit but got: \"b\".", 1, 2)
        assertLexError("123abc", "Invalid number, expected digit but got: \"a\".", 1, 4)
        assertLexError("1_234", "Invalid number, expected digit but got: \"_\".", 1, 2)
        assertLexError("1\u{00DF}", "Unexpected character: U+00DF.", 1, 2)
        assertLexError("1.23f", "Invalid number, expected digit but got: \"f\".", 1, 5)
        assertLexError("1.234_5", "Invalid number, expected digit but got: \"_\".", 1, 6)
    }

    func testLexesPunctuation() {
        let cases: [(String, TokenKind)] = [
            ("!", .bang), ("$", .dollar), ("&", .amp), ("(", .parenL), (")", .parenR), ("...", .spread),
            (":", .colon), ("=", .equals), ("@", .at), ("[", .bracketL), ("]", .bracketR), ("{", .braceL),
            ("|", .pipe), ("}", .braceR)
        ]
        for (text, kind) in cases {
            XCTAssertEqual(lexOne(text), LexedToken(kind: kind, start: 0, end: text.utf8.count, value: nil), text)
        }
    }

    func testReportsUsefulUnknownCharacterErrors() {
        assertLexError("..", "Unexpected character: \".\".", 1, 1)
        assertLexError("~", "Unexpected character: \"~\".", 1, 1)
        assertLexError("\u{0}", "Unexpected character: U+0000.", 1, 1)
        assertLexError("\u{8}", "Unexpected character: U+0008.", 1, 1)
        assertLexError("\u{00AA}", "Unexpected character: U+00AA.", 1, 1)
        assertLexError("\u{0AAA}", "Unexpected character: U+0AAA.", 1, 1)
        assertLexError("\u{203B}", "Unexpected character: U+203B.", 1, 1)
        assertLexError("\u{1F600}", "Unexpected character: U+1F600.", 1, 1)
        assertLexError("\u{10000}", "Unexpected character: U+10000.", 1, 1)
        assertLexError("\u{10FFFF}", "Unexpected character: U+10FFFF.", 1, 1)
    }

    func testReportsDashesInNames() throws {
        assertLexError("a-b", "Invalid number, expected digit but got: \"b\".", 1, 3)
    }

    func testSkipsComments() throws {
        let tokens = try lexAll("\n  {\n    #comment\n    field\n  }\n")
        XCTAssertEqual(tokens.map(\.kind), [.braceL, .name, .braceR, .eof])
        XCTAssertEqual(tokens[1].value, "field")
    }

    /// Names and one-byte punctuators are read inline, everything else out of line (strings,
    /// numbers, `...`, comments, BOMs, errors): tokens of every kind side by side, and runs of
    /// comments and BOMs between them, skipped in a loop.
    func testEveryTokenKindBesideEveryOther() throws {
        let samples: [(String, TokenKind)] = [
            ("name", .name), ("_9", .name), ("!", .bang), ("$", .dollar), ("&", .amp), ("(", .parenL),
            (")", .parenR), ("...", .spread), (":", .colon), ("=", .equals), ("@", .at), ("[", .bracketL),
            ("]", .bracketR), ("{", .braceL), ("|", .pipe), ("}", .braceR), ("-12", .int), ("0.5e3", .float),
            ("\"s\"", .string), ("\"\"\"b\"\"\"", .blockString)
        ]
        for (first, firstKind) in samples {
            for (second, secondKind) in samples {
                for gap in [" ", "#c\n", "\u{FEFF}", "#a\n\u{FEFF}#b\r\n,"] {
                    let tokens = try lexAll(first + gap + second)
                    XCTAssertEqual(tokens.map(\.kind), [firstKind, secondKind, .eof], "\(first)\(gap)\(second)")
                    XCTAssertEqual(tokens.first?.start, 0)
                    XCTAssertEqual(tokens.dropFirst().first?.start, first.utf8.count + gap.utf8.count)
                }
            }
        }
        let comments = String(repeating: "# comment\n", count: 50_000)
        XCTAssertEqual(try lexAll(comments + "x").map(\.kind), [.name, .eof])
        XCTAssertEqual(try lexAll(comments).map(\.kind), [.eof])
        assertLexError("a ~", "Unexpected character: \"~\".", 1, 3)
        assertLexError(
            "a\n#c\n'", "Unexpected single quote character ('), did you mean to use a double quote (\")?", 3, 1)
    }

    func testColumnsCountUTF16Units() {
        // U+1F600 is two UTF-16 units, U+00E9 one: graphql-js's columns.
        assertSyntaxError("{ f(a: \"\u{1F600}\u{E9}\") ~ }", "Unexpected character: \"~\".", 1, 15)
        XCTAssertEqual(Source("\u{1F600}x").location(at: 4), SourceLocation(line: 1, column: 3))
    }

    func testTokenKindDescriptions() {
        XCTAssertEqual(TokenKind.braceL.descriptionInMessage, "\"{\"")
        XCTAssertEqual(TokenKind.eof.descriptionInMessage, "<EOF>")
        XCTAssertEqual(TokenKind.blockString.descriptionInMessage, "BlockString")
    }
}
