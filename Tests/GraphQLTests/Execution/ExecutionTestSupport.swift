import Foundation
import JSON
import XCTest
@testable import GraphQL

/// Builds an executable schema from SDL with resolvers.
func makeSchema(
    _ sdl: String, _ resolvers: ResolverMap = ResolverMap(),
    file: StaticString = #filePath, line: UInt = #line
) throws -> ExecutableSchema {
    let document = try parse(Source(sdl, name: "schema"), options: .unlimited)
    let schema = try buildASTSchema(document)
    return try ExecutableSchema(schema: schema, resolvers: resolvers)
}

/// Parses `query` and executes it (without validation, as graphql-js's execution tests do).
func runQuery(
    _ schema: ExecutableSchema, _ query: String, variables: JSONObject = JSONObject(),
    root: ResolvedValue = nil, context: ResolvedValue = nil, operationName: String? = nil,
    options: ExecutionOptions = ExecutionOptions(), tracker: (any WorkTracker)? = nil
) async throws -> ExecutionResult {
    let document = try parse(query)
    return await execute(
        schema: schema, document: document, operationName: operationName, variables: variables,
        rootValue: root, context: context, options: options, tracker: tracker)
}

/// Parses a JSON text (the expected results of tests).
func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    do {
        return try JSONParser.parse(text)
    } catch {
        XCTFail("bad JSON in test: \(error)", file: file, line: line)
        return .null
    }
}

/// The result with `errors` first and `data` second, as graphql-js serialises it.
func canonical(_ value: JSONValue) -> String {
    guard case .object(let object) = value else { return value.serialized() }
    var ordered = JSONObject()
    for key in ["errors", "data", "extensions"] {
        if let entry = object[key] { ordered.append(key, entry) }
    }
    for entry in object.entries where !["errors", "data", "extensions"].contains(entry.key) {
        ordered.append(entry.key, entry.value)
    }
    return JSONValue.object(ordered).serialized()
}

/// Asserts that a result serialises to the expected JSON (keys in order,
/// numbers as JavaScript writes them); `extensions` of errors are ignored
/// unless `keepExtensions`.
func assertResult(
    _ result: ExecutionResult, _ expected: String, keepExtensions: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    var actual = result
    if !keepExtensions {
        actual.errors = actual.errors.map {
            var error = $0; error.extensions = nil; return error
        }
    }
    XCTAssertEqual(canonical(actual.json), canonical(json(expected, file: file, line: line)), file: file, line: line)
}

/// The path of a fixture file in `Execution/Fixtures/` (excluded from the target's sources).
func fixturePath(_ name: String, file: String = #filePath) -> String {
    var components = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast()
    return components.joined(separator: "/") + "/Fixtures/" + name
}

/// The shared bench folder (`../shared/bench` of the checkout, or further up), if present.
func sharedBenchDirectory(file: String = #filePath) -> String? {
    var components = file.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(4) // up to the checkout
    while components.count > 1 {
        components.removeLast()
        let candidate = components.joined(separator: "/") + "/shared/bench"
        if FileManager.default.fileExists(atPath: candidate + "/list-schema.graphql") { return candidate }
    }
    return nil
}

/// A thrown error with a message.
struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
