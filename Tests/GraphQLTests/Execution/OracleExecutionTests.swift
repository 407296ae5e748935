import Foundation
import JSON
import XCTest
@testable import GraphQL

/// Cases run in graphql-js 16 by `Tests/Scripts/execution-oracle.js`: the same
/// SDL, document, variables and JSON root value must give the same result here.
final class OracleExecutionTests: XCTestCase {
    struct Case {
        var name: String
        var sdl: String
        var query: String
        var variables: JSONObject
        var operationName: String?
        var root: JSONValue
        var expected: JSONValue
    }

    func loadCases() throws -> [Case] {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixturePath("oracle-cases.json")))
        guard case .array(let items) = try JSONParser.parse([UInt8](data)) else { throw TestError("not a list") }
        return items.compactMap { item in
            guard let name = item["name"]?.stringValue, let sdl = item["sdl"]?.stringValue,
                let query = item["query"]?.stringValue, let expected = item["expected"]
            else { return nil }
            return Case(
                name: name, sdl: sdl, query: query, variables: item["variables"]?.objectValue ?? JSONObject(),
                operationName: item["operationName"]?.stringValue, root: item["root"] ?? .null,
                expected: expected)
        }
    }

    func testOracleCases() async throws {
        let cases = try loadCases()
        XCTAssertGreaterThanOrEqual(cases.count, 80)
        var passed = 0
        for testCase in cases {
            let schema = try makeSchema(testCase.sdl)
            var result = try await runQuery(
                schema, testCase.query, variables: testCase.variables, root: testCase.root,
                operationName: testCase.operationName)
            result.errors = result.errors.map {
                var error = $0; error.extensions = nil; return error
            }
            var actual = result.json
            if testCase.query.contains("IntrospectionQuery") || testCase.name.hasPrefix("introspection") {
                actual = Self.asGraphQLJS16(actual)
            }
            let expectedText = canonical(testCase.expected)
            let actualText = canonical(actual)
            if expectedText == actualText {
                passed += 1
            } else {
                XCTFail("\(testCase.name):\n expected \(expectedText)\n actual   \(actualText)")
                if let folder = ProcessInfo.processInfo.environment["ORACLE_DUMP"] {
                    let base =
                        folder + "/"
                        + testCase.name.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: ":", with: "")
                    try? Data(expectedText.utf8).write(to: URL(fileURLWithPath: base + ".expected.json"))
                    try? Data(actualText.utf8).write(to: URL(fileURLWithPath: base + ".actual.json"))
                }
            }
        }
        XCTAssertEqual(passed, cases.count)
    }

    /// An introspection result as graphql-js 16.6 gives it, for comparing: it predates `@oneOf`
    /// (the directive and `__Type.isOneOf` are dropped) and the September 2025 spec's non-null
    /// `includeDeprecated: Boolean!` and `@deprecated(reason: String!)` (shown nullable, as 16.6
    /// has them).
    static func asGraphQLJS16(_ value: JSONValue, inBuiltIn: Bool = false) -> JSONValue {
        switch value {
        case .object(let object):
            // The arguments of the introspection types' fields and of `@deprecated`.
            let name = object["name"]?.stringValue ?? ""
            let builtIn = inBuiltIn || name.hasPrefix("__") || name == "deprecated"
            var result = JSONObject()
            for entry in object.entries {
                if (entry.key == "directives" || entry.key == "fields"), case .array(let items) = entry.value {
                    let kept = items.filter {
                        $0["name"]?.stringValue != "oneOf" && $0["name"]?.stringValue != "isOneOf"
                    }
                    result.append(entry.key, .array(kept.map { asGraphQLJS16($0, inBuiltIn: builtIn) }))
                } else if entry.key == "type", builtIn, name == "includeDeprecated" || name == "reason",
                    case .object(let type) = entry.value, type["kind"]?.stringValue == "NON_NULL",
                    let scalar = type["ofType"]?["name"]
                {
                    // The nullable scalar, in the keys the query selected.
                    var nullable = JSONObject()
                    for key in type.entries.map(\.key) {
                        nullable.append(key, key == "kind" ? .string("SCALAR") : key == "name" ? scalar : .null)
                    }
                    result.append(entry.key, .object(nullable))
                } else {
                    result.append(entry.key, asGraphQLJS16(entry.value, inBuiltIn: builtIn))
                }
            }
            return .object(result)
        case .array(let items):
            return .array(items.map { asGraphQLJS16($0, inBuiltIn: inBuiltIn) })
        default:
            return value
        }
    }
}
