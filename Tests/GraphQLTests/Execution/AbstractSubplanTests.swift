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

    /// Items of a union list that fail (a type name not in the schema, no type at all, a null
    /// where items are non-null): graphql-js 16's errors, paths and nulls (its output, checked
    /// with `graphqlSync` on the same schema and data). A nullable item becomes null alone; a
    /// non-null item makes the whole list null, and the items after it are not completed.
    func testFailingItemsOfAnAbstractList() async throws {
        let sdl = """
            type Query { items: [Item] strict: [Item!] nulls: [Item!] }
            union Item = A | B
            type A { a: Int }
            type B { b: Int }
            """
        var resolvers = ResolverMap()
        let data: [any Sendable] = [
            ["kind": "A", "a": 1] as [String: any Sendable], ["kind": "Nope"] as [String: any Sendable],
            Optional<Int>.none as any Sendable, [:] as [String: any Sendable],
            ["kind": "B", "b": 2] as [String: any Sendable]
        ]
        resolvers.field("Query", "items") { _, _, _, _ in data }
        resolvers.field("Query", "strict") { _, _, _, _ in data }
        resolvers.field("Query", "nulls") { _, _, _, _ in
            [["kind": "B", "b": 3] as [String: any Sendable], Optional<Int>.none as any Sendable] as [any Sendable]
        }
        resolvers.resolveType("Item") { value, _, _ in (value as? [String: any Sendable])?["kind"] as? String }
        let engine = try GraphQLEngine(schema: try buildASTSchema(try parse(sdl)), resolvers: resolvers)
        let result = await engine.execute(
            query: "{ items { ... on A { a } ... on B { b } } strict { __typename } nulls { __typename } }")
        let either =
            #"Either the \"Item\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function."#
        XCTAssertEqual(
            result.jsonString(),
            #"{"errors":[{"message":"Abstract type \"Item\" was resolved to a type \"Nope\" that does not exist inside the schema.","locations":[{"line":1,"column":3}],"path":["items",1]},"#
                + #"{"message":"Abstract type \"Item\" must resolve to an Object type at runtime for field \"Query.items\". "#
                + either + #"","locations":[{"line":1,"column":3}],"path":["items",3]},"#
                + #"{"message":"Abstract type \"Item\" was resolved to a type \"Nope\" that does not exist inside the schema.","locations":[{"line":1,"column":43}],"path":["strict",1]},"#
                + #"{"message":"Cannot return null for non-nullable field Query.nulls.","locations":[{"line":1,"column":65}],"path":["nulls",1]}],"#
                + #""data":{"items":[{"a":1},null,null,null,{"b":2}],"strict":null,"nulls":null}}"#)
    }

    func testATableHasASlotPerPossibleTypeOnly() throws {
        let schema = try buildASTSchema(try parse("type Query { a: A } type A { x: Int } type B { x: Int }"))
        guard case .object(let a)? = schema.type(named: "A"), case .object(let b)? = schema.type(named: "B") else {
            return XCTFail("no object types A and B")
        }
        let table = PossibleTypeSubplans(abstractType: .object(b), types: [a], typeResolver: nil)
        XCTAssertNotNil(table.slot(for: a))
        XCTAssertNil(table.slot(for: b))
        XCTAssertTrue(table.type(named: "A") === a)
        XCTAssertNil(table.type(named: "B"))
        XCTAssertNil(table.type(named: "a"))
    }
}
