import Foundation
import GraphQL
import XCTest

/// The lexer reads block strings in two passes over the source, without lines as values; this
/// checks it against the spec's dedent on lines (`BlockString.dedentLines`) over many random
/// strings built from the pieces that matter: indentation, line ends of all three kinds, blank
/// lines and escaped triple quotes.
final class BlockStringLexingTests: XCTestCase {
    func testLexedValueEqualsTheDedentOfItsLines() throws {
        let pieces = [" ", "  ", "\t", "a", "b c", "\n", "\r\n", "\r", "\\\"\"\"", "\""]
        var generator = SplitMix64(seed: 0x5EED)
        var checked = 0
        for round in 0..<5_000 {
            let raw = (0..<Int(generator.next() % 14)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
                .joined()
            // Unescaped quotes must not close the string early or join the closing quotes.
            let unescaped = raw.replacingOccurrences(of: "\\\"\"\"", with: "")
            guard !unescaped.contains("\"\""), !raw.hasSuffix("\"") || raw.hasSuffix("\\\"\"\"") else { continue }
            let tokens = try lexAll("\"\"\"" + raw + "\"\"\"")
            let value = raw.replacingOccurrences(of: "\\\"\"\"", with: "\"\"\"")
            let lines = value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let expected = BlockString.dedentLines(lines).joined(separator: "\n")
            XCTAssertEqual(tokens.first?.value, expected, "round \(round): \(raw.debugDescription)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2_500)
    }

    func testUniformlyIndentedLongString() throws {
        let raw = "\n" + String(repeating: "    x\n", count: 10_000) + "  "
        let tokens = try lexAll("\"\"\"" + raw + "\"\"\"")
        XCTAssertEqual(tokens.first?.value, Array(repeating: "x", count: 10_000).joined(separator: "\n"))
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
