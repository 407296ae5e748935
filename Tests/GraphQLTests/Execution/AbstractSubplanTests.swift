import JSON
import XCTest
@testable import GraphQL

/// The items of an interface or union list are planned once per possible type and found
/// without a lock (``PossibleTypeSubplans``); past ``PossibleTypeSubplans/maxTypes`` possible
/// types, the locked table. The answers are the same either way, repeated or not.
final class AbstractSubplanTests: XCTestCase {
    /// A union of `count` types `T0`…, each with a field `v<i>`, and a list with one item of each.
    func engine(types count: Int) throws -> GraphQLEngine {
        var sdl =
            "type Query { items: [Item] }\nunion Item = " + (0..<count).map { "T\($0)" }.joined(separator: " | ") + "\n"
        for index in 0..<count { sdl += "type T\(index) { v\(index): Int name: String }\n" }
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in
            (0..<count).map { ["kind": "T\($0)", "v\($0)": $0, "name": "item \($0)"] as [String: any Sendable] }
        }
        resolvers.resolveType("Item") { value, _, _ in (value as? [String: any Sendable])?["kind"] as? String }
        return try GraphQLEngine(schema: try buildASTSchema(try parse(sdl)), resolvers: resolvers)
    }

    func query(types count: Int) -> String {
        "{ items { __typename " + (0..<count).map { "... on T\($0) { v\($0) name }" }.joined(separator: " ") + " } }"
    }

    func expected(types count: Int) -> String {
        #"{"data":{"items":["#
            + (0..<count).map { #"{"__typename":"T\#($0)","v\#($0)":\#($0),"name":"item \#($0)"}"# }
            .joined(separator: ",") + "]}}"
    }

    func testFewPossibleTypes() async throws {
        let engine = try engine(types: 3)
        for _ in 0..<3 {
            let result = await engine.execute(query: query(types: 3))
            XCTAssertEqual(result.jsonString(), expected(types: 3))
        }
    }

    func testManyPossibleTypesUseTheLockedTable() async throws {
        let count = PossibleTypeSubplans.maxTypes + 2
        let engine = try engine(types: count)
        for _ in 0..<3 {
            let result = await engine.execute(query: query(types: count))
            XCTAssertEqual(result.jsonString(), expected(types: count))
        }
    }

    func testATableHasASlotPerPossibleTypeOnly() throws {
        let schema = try buildASTSchema(try parse("type Query { a: A } type A { x: Int } type B { x: Int }"))
        guard case .object(let a)? = schema.type(named: "A"), case .object(let b)? = schema.type(named: "B") else {
            return XCTFail("no object types A and B")
        }
        let table = PossibleTypeSubplans(abstractTypeName: "U", types: [a])
        XCTAssertNotNil(table.slot(for: a))
        XCTAssertNil(table.slot(for: b))
        XCTAssertTrue(table.type(named: "A") === a)
        XCTAssertNil(table.type(named: "B"))
        XCTAssertNil(table.type(named: "a"))
    }
}
