import JSON
import XCTest
@testable import GraphQL

/// Runs every case of `shared/conformance/validation/cases.jsonl` (graphql-js
/// 16.6's validation tests with their exact outputs) through `validate` with
/// all specified rules, comparing messages and locations exactly.
final class ValidationConformanceTests: XCTestCase {
    func testAllConformanceCases() throws {
        let folder = ValidationTestSupport.sharedDirectory + "/conformance/validation"
        guard let text = ValidationTestSupport.readFile(folder + "/cases.jsonl") else {
            throw MissingSharedData("no conformance data at \(folder)")
        }
        var schemas: [String: GraphQLSchema] = [:]
        var passed = 0
        var total = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            let json = try JSONParser.parse(String(line))
            total += 1
            let id = json["id"]?.stringValue ?? "?"
            guard let schemaFile = json["schema_file"]?.stringValue, let documentText = json["document"]?.stringValue,
                let expected = json["expected_errors"]?.arrayValue
            else {
                failures.append("\(id): malformed case")
                continue
            }
            let schema: GraphQLSchema
            if let cached = schemas[schemaFile] {
                schema = cached
            } else {
                guard let sdl = ValidationTestSupport.readFile(folder + "/" + schemaFile),
                    let built = ValidationTestSupport.schema(sdl)
                else {
                    failures.append("\(id): schema \(schemaFile) does not build")
                    continue
                }
                schemas[schemaFile] = built
                schema = built
            }
            let document: Document
            do {
                document = try parse(documentText)
            } catch {
                failures.append("\(id): does not parse: \(error)")
                continue
            }
            let errors = validate(schema: schema, document: document)
            let actual = ValidationTestSupport.describe(errors)
            let wanted = expected.map { error -> String in
                let message = error["message"]?.stringValue ?? ""
                let locations = (error["locations"]?.arrayValue ?? []).map { location in
                    "\(location["line"]?.intValue ?? 0):\(location["column"]?.intValue ?? 0)"
                }
                return message + " @" + locations.joined(separator: ",")
            }.joined(separator: "\n")
            if actual == wanted {
                passed += 1
            } else {
                failures.append(
                    "\(id) [\(json["test"]?.stringValue ?? "")]\n  expected:\n\(wanted)\n  actual:\n\(actual)")
            }
        }
        print("Validation conformance: \(passed)/\(total) cases pass")
        for failure in failures { XCTFail(failure) }
        XCTAssertEqual(passed, total)
    }
}
