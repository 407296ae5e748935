@testable import GraphQL
import XCTest

/// A lexed token as the tests compare it.
struct LexedToken: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var start: Int
    var end: Int
    var value: String?

    var description: String { "\(kind.text) \(start)..<\(end) \(value.map { "\"\($0)\"" } ?? "nil")" }
}

/// The tokens of `text` after the start-of-file token, up to and including `<EOF>`.
func lexAll(_ text: String) throws(GraphQLError) -> [LexedToken] {
    let source = Source(text)
    var body = text
    let result: Result<[LexedToken], GraphQLError> = body.withUTF8 { bytes in
        var lexer = Lexer(source: source, bytes: bytes)
        var tokens: [LexedToken] = []
        do throws(GraphQLError) {
            repeat {
                try lexer.advance()
                let token = lexer.token
                let value: String?
                switch token.kind {
                case .name, .int, .float: value = lexer.text(token.start, token.end)
                case .string, .blockString: value = lexer.tokenString
                default: value = nil
                }
                tokens.append(LexedToken(kind: token.kind, start: token.start, end: token.end, value: value))
            } while lexer.token.kind != .eof
            return .success(tokens)
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// The first token of `text`.
func lexOne(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LexedToken? {
    do {
        return try lexAll(text).first
    } catch {
        XCTFail("unexpected error: \(error.message)", file: file, line: line)
        return nil
    }
}

/// Asserts that lexing `text` fails with `message` (without "Syntax Error: ") at `line`:`column`.
func assertLexError(
    _ text: String, _ message: String, _ errorLine: Int, _ column: Int,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let tokens = try lexAll(text)
        XCTFail("expected an error, got \(tokens)", file: file, line: line)
    } catch {
        XCTAssertEqual(error.message, "Syntax Error: " + message, file: file, line: line)
        XCTAssertEqual(error.locations, [SourceLocation(line: errorLine, column: column)], file: file, line: line)
    }
}

/// Asserts that parsing `text` fails with `message` (without "Syntax Error: ") at `line`:`column`.
func assertSyntaxError(
    _ text: String, _ message: String, _ errorLine: Int, _ column: Int,
    options: ParseOptions = ParseOptions(),
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try parse(text, options: options)
        XCTFail("expected a syntax error for \(text.debugDescription)", file: file, line: line)
    } catch {
        XCTAssertEqual(error.message, "Syntax Error: " + message, file: file, line: line)
        XCTAssertEqual(error.locations, [SourceLocation(line: errorLine, column: column)], file: file, line: line)
    }
}

/// Parses `text`, failing the test on a syntax error.
func parseOrFail(
    _ text: String, options: ParseOptions = ParseOptions(),
    file: StaticString = #filePath, line: UInt = #line
) -> Document? {
    do {
        return try parse(text, options: options)
    } catch {
        XCTFail("unexpected syntax error: \(error.message) at \(error.locations)", file: file, line: line)
        return nil
    }
}

/// Asserts that `text` prints as `expected` (graphql-js's print(parse(text))).
func assertPrints(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let document = parseOrFail(text, options: .unlimited, file: file, line: line) else { return }
    XCTAssertEqual(printAST(document), expected, file: file, line: line)
}

/// Removes the common indentation of a multi-line literal and its first and last blank
/// lines, like graphql-js's `dedent` test helper.
func dedent(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
    let indent =
        lines.filter { !$0.allSatisfy { $0 == " " } }
        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
}

/// The folder that holds `shared/` (the checkout's parent, or further up for a worktree).
func sharedDirectory(file: String = #filePath) -> String? {
    var components = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    while components.count > 1 {
        components.removeLast()
        let candidate = components.joined(separator: "/") + "/shared"
        if FileManager.default.fileExists(atPath: candidate + "/bench/kitchen-sink.graphql") { return candidate }
    }
    return nil
}

/// The text of a file under `shared/`, or nil (with a test failure) when missing.
func sharedText(_ relativePath: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    guard let shared = sharedDirectory() else {
        XCTFail("cannot find the shared/ folder above \(#filePath)", file: file, line: line)
        return nil
    }
    guard let data = FileManager.default.contents(atPath: shared + "/" + relativePath) else {
        XCTFail("cannot read shared/\(relativePath)", file: file, line: line)
        return nil
    }
    return String(decoding: data, as: UTF8.self)
}
