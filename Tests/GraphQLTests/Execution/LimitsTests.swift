import JSON
import XCTest
@testable import GraphQL

/// Hostile input: deep documents execute without exhausting the stack.
final class LimitsTests: XCTestCase {
    func testDeeplyNestedSelectionsOnARecursiveType() async throws {
        struct Node: FieldValueProviding {
            subscript(field name: String) -> ResolvedValue { name == "n" ? Node() : 1 }
        }
        var resolvers = ResolverMap()
        resolvers.asyncField("Query", "a") { _, _, _, _ in Node() }
        let schema = try makeSchema("type Query { n: Query, v: Int, a: Query }", resolvers)
        let depth = 480
        let query =
            "{ a { " + String(repeating: "n { ", count: depth) + "v" + String(repeating: " }", count: depth) + " } }"
        let result = try await runQuery(schema, query, root: Node())
        XCTAssertTrue(result.errors.isEmpty)
        var value = result.data?["a"]
        for _ in 0..<depth { value = value?["n"] }
        XCTAssertEqual(value?["v"], 1)
    }
}
