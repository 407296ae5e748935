import Foundation
import XCTest
import JSON
@testable import GraphQL

/// Every type-system document of `../shared/conformance/print/cases.jsonl`
/// builds with exactly the errors graphql-js 16.6 gives (SDL validation, then
/// `validateSchema`), recorded in `Expected/conformance-sdl-errors.json` by
/// `Tests/Scripts/typesystem/conformance-sdl.js`; and what builds prints stably.
/// The conformance schemas of `../shared/conformance/validation/schemas` build
/// and are valid.
final class ConformanceSDLTests: XCTestCase {
    func testPrintConformanceDocumentsBuildAsGraphQLJS() throws {
        guard let cases = SchemaFixtures.shared("conformance/print/cases.jsonl") else {
            throw MissingSharedData("../shared/conformance is not beside the checkout")
        }
        let expectedText = try XCTUnwrap(SchemaFixtures.expected("conformance-sdl-errors.json"))
        let expected = try XCTUnwrap(JSONParser.parse(expectedText).objectValue)
        var checked = 0
        for line in cases.split(separator: "\n") {
            let testCase = try JSONParser.parse(String(line))
            guard let id = testCase["id"]?.stringValue, let errors = expected[id]?.arrayValue,
                let document = testCase["document"]?.stringValue
            else { continue }
            checked += 1
            let expectedErrors = errors.compactMap(\.stringValue)
            do {
                let schema = try buildSchema(document)
                XCTAssertEqual(describe(validateSchema(schema)), expectedErrors, "case \(id)")
                let printed = printSchema(schema)
                if !printed.isEmpty { XCTAssertEqual(try printSchema(buildSchema(printed)), printed, "case \(id)") }
            } catch {
                XCTAssertEqual(describe(error.errors), expectedErrors, "case \(id)")
            }
        }
        XCTAssertEqual(checked, expected.count)
    }

    func testValidationConformanceSchemasAreValid() throws {
        let names = [
            "harness", "FieldsOnCorrectTypeRule-1", "KnownDirectivesRule-1", "KnownTypeNamesRule-1",
            "OverlappingFieldsCanBeMergedRule-1", "PossibleFragmentSpreadsRule-1",
            "SingleFieldSubscriptionsRule-1", "UniqueDirectivesPerLocationRule-printed-1",
            "ValuesOfCorrectTypeRule-printed-1"
        ]
        guard SchemaFixtures.shared("conformance/validation/schemas/harness.graphql") != nil else {
            throw MissingSharedData("../shared/conformance is not beside the checkout")
        }
        for name in names {
            let sdl = try XCTUnwrap(SchemaFixtures.shared("conformance/validation/schemas/\(name).graphql"), name)
            let schema = try buildSchema(sdl)
            XCTAssertEqual(describe(validateSchema(schema)), [], name)
        }
    }
}
