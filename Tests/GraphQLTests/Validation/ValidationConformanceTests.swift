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
        var operationTypeErrors = 0
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
            // graphql-js 16.6 predates the September 2025 spec's "Operation Type Existence"
            // (`KnownOperationTypesRule`): its cases run mutations and subscriptions against
            // schemas without those root types and expect nothing of it, so that rule's errors
            // are counted apart (and checked below), the others compared as they are.
            let all = validate(schema: schema, document: document)
            let errors = all.filter { !Self.isKnownOperationTypesError($0) }
            operationTypeErrors += all.count - errors.count
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
        print("Validation conformance: \(operationTypeErrors) KnownOperationTypesRule errors set apart")
        for failure in failures { XCTFail(failure) }
        XCTAssertEqual(passed, total)
        // As many as graphql-core 3.3.2's KnownOperationTypesRule reports on these cases (8 cases).
        XCTAssertEqual(operationTypeErrors, 11)
    }

    /// An error of `KnownOperationTypesRule` ("The mutation operation is not supported by the schema.").
    static func isKnownOperationTypesError(_ error: GraphQLError) -> Bool {
        error.message.hasPrefix("The ") && error.message.hasSuffix(" operation is not supported by the schema.")
    }
}
