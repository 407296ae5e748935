import GraphQL
import JSON
import XCTest

/// Every case of `shared/conformance/print/cases.jsonl` (graphql-js 16.6's
/// `print(parse(document))` or its syntax error), run in process.
final class PrintConformanceTests: XCTestCase {
    func testAllPrintCasesPass() throws {
        guard let text = sharedText("conformance/print/cases.jsonl") else { return }
        var total = 0
        var passed = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            let value = try JSONParser.parse(String(line))
            guard let id = value["id"]?.stringValue, let document = value["document"]?.stringValue else {
                XCTFail("malformed case: \(line.prefix(80))")
                continue
            }
            total += 1
            let outcome: String?
            do {
                let printed = printAST(try parse(document, options: .unlimited))
                if let expected = value["expected_print"]?.stringValue {
                    outcome = printed == expected ? nil : "printed \(printed.debugDescription)"
                } else {
                    outcome = "parsed, expected an error"
                }
            } catch {
                if let expected = value["expected_error"],
                    let message = expected["message"]?.stringValue,
                    let line = expected["line"]?.intValue, let column = expected["column"]?.intValue
                {
                    outcome =
                        error.message == message && error.locations == [SourceLocation(line: line, column: column)]
                        ? nil : "error \(error.message) at \(error.locations)"
                } else {
                    outcome = "unexpected error \(error.message)"
                }
            }
            if let outcome {
                failures.append("\(id): \(outcome)")
            } else {
                passed += 1
            }
        }
        print("print conformance: \(passed)/\(total) cases pass")
        XCTAssertEqual(total, 1083)
        XCTAssertEqual(passed, total, failures.prefix(20).joined(separator: "\n"))
    }
}
