import JSON
import XCTest
@testable import GraphQL

/// From graphql-js 16 `nonnull-test.ts` and `lists-test.ts`: the same
/// outcomes whether resolvers are synchronous, asynchronous or throw.
final class NullabilityTests: XCTestCase {
    enum Mode: CaseIterable { case sync, async }

    /// A schema whose every field is resolved by `mode` resolvers reading a `[String: any Sendable]` source.
    func schema(_ mode: Mode, throwing: Set<String> = []) throws -> ExecutableSchema {
        let sdl = """
            type Query { nest: DataType, nonNullNest: DataType! }
            type DataType {
              sync: String
              syncNonNull: String!
              nest: DataType
              nonNullNest: DataType!
              list: [String]
              listOfNonNull: [String!]
              nonNullList: [String]!
              nonNullListOfNonNull: [String!]!
            }
            """
        var resolvers = ResolverMap()
        for type in ["Query", "DataType"] {
            let fields =
                type == "Query"
                ? ["nest", "nonNullNest"]
                : [
                    "sync", "syncNonNull", "nest", "nonNullNest", "list", "listOfNonNull", "nonNullList",
                    "nonNullListOfNonNull"
                ]
            for field in fields {
                let shouldThrow = throwing.contains(field)
                let read: @Sendable (ResolvedValue) throws -> ResolvedValue = { source in
                    if shouldThrow { throw TestError("\(field) failed") }
                    return (source as? [String: any Sendable])?[field]
                }
                switch mode {
                case .sync: resolvers.field(type, field) { source, _, _, _ in try read(source) }
                case .async:
                    resolvers.asyncField(type, field) { source, _, _, _ in
                        await Task.yield(); return try read(source)
                    }
                }
            }
        }
        return try makeSchema(sdl, resolvers)
    }

    static func data(depth: Int, _ overrides: [String: any Sendable] = [:]) -> [String: any Sendable] {
        var data: [String: any Sendable] = [
            "sync": "sync", "syncNonNull": "syncNonNull", "list": ["a", "b"],
            "listOfNonNull": ["a"], "nonNullList": ["x"], "nonNullListOfNonNull": ["y"]
        ]
        if depth > 0 {
            data["nest"] = Self.data(depth: depth - 1, overrides)
            data["nonNullNest"] = Self.data(depth: depth - 1, overrides)
        }
        for (key, value) in overrides { data[key] = value }
        return data
    }

    func testNullsANullableFieldThatThrows() async throws {
        for mode in Mode.allCases {
            let result = try await runQuery(
                try schema(mode, throwing: ["sync"]), "{ nest { sync } }",
                root: Self.data(depth: 2))
            assertResult(
                result,
                """
                {"errors":[{"message":"sync failed","locations":[{"line":1,"column":10}],"path":["nest","sync"]}],"data":{"nest":{"sync":null}}}
                """)
        }
    }

    func testNullsTheParentOfANonNullFieldThatThrows() async throws {
        for mode in Mode.allCases {
            let result = try await runQuery(
                try schema(mode, throwing: ["syncNonNull"]),
                "{ nest { nonNullNest { nonNullNest { syncNonNull } } } }",
                root: Self.data(depth: 4))
            assertResult(
                result,
                """
                {"errors":[{"message":"syncNonNull failed","locations":[{"line":1,"column":38}],
                  "path":["nest","nonNullNest","nonNullNest","syncNonNull"]}],"data":{"nest":null}}
                """)
        }
    }

    func testNullsTheTopLevelWhenANonNullRootFieldIsNull() async throws {
        for mode in Mode.allCases {
            let result = try await runQuery(
                try schema(mode), "{ nonNullNest { syncNonNull } }",
                root: ["nonNullNest": ["syncNonNull": nil as String?] as [String: any Sendable]]
                    as [String: any Sendable])
            assertResult(
                result,
                """
                {"errors":[{"message":"Cannot return null for non-nullable field DataType.syncNonNull.","locations":[{"line":1,"column":17}],
                  "path":["nonNullNest","syncNonNull"]}],"data":null}
                """)
        }
    }

    func testSiblingsOfANulledObjectStayIntact() async throws {
        for mode in Mode.allCases {
            let root = Self.data(depth: 2, ["syncNonNull": nil as String?])
            let result = try await runQuery(
                try schema(mode), "{ nest { sync nest { sync syncNonNull } list } }", root: root)
            // The inner `nest` is nullable: it absorbs the null; its siblings stay.
            XCTAssertEqual(result.data, json(#"{"nest":{"sync":"sync","nest":null,"list":["a","b"]}}"#), "\(mode)")
            let result2 = try await runQuery(try schema(mode), "{ nest { sync nest { sync } list } }", root: root)
            assertResult(result2, #"{"data":{"nest":{"sync":"sync","nest":{"sync":"sync"},"list":["a","b"]}}}"#)
        }
    }

    func testListsOfEveryNullability() async throws {
        let query = "{ nest { list listOfNonNull nonNullList nonNullListOfNonNull } }"
        let cases: [([String: any Sendable], String)] = [
            (
                [:],
                #"{"data":{"nest":{"list":["a","b"],"listOfNonNull":["a"],"nonNullList":["x"],"nonNullListOfNonNull":["y"]}}}"#
            ),
            (
                ["list": [nil, "b"] as [String?], "nonNullList": [nil] as [String?]],
                #"{"data":{"nest":{"list":[null,"b"],"listOfNonNull":["a"],"nonNullList":[null],"nonNullListOfNonNull":["y"]}}}"#
            ),
            (
                ["listOfNonNull": ["a", nil] as [String?]],
                """
                {"errors":[{"message":"Cannot return null for non-nullable field DataType.listOfNonNull.","locations":[{"line":1,"column":15}],"path":["nest","listOfNonNull",1]}],
                 "data":{"nest":{"list":["a","b"],"listOfNonNull":null,"nonNullList":["x"],"nonNullListOfNonNull":["y"]}}}
                """
            ),
            (
                ["nonNullListOfNonNull": [nil] as [String?]],
                """
                {"errors":[{"message":"Cannot return null for non-nullable field DataType.nonNullListOfNonNull.","locations":[{"line":1,"column":41}],"path":["nest","nonNullListOfNonNull",0]}],
                 "data":{"nest":null}}
                """
            ),
            (
                ["list": 7],
                """
                {"errors":[{"message":"Expected Iterable, but did not find one for field \\"DataType.list\\".","locations":[{"line":1,"column":10}],"path":["nest","list"]}],
                 "data":{"nest":{"list":null,"listOfNonNull":["a"],"nonNullList":["x"],"nonNullListOfNonNull":["y"]}}}
                """
            )
        ]
        for mode in Mode.allCases {
            for (overrides, expected) in cases {
                let result = try await runQuery(try schema(mode), query, root: Self.data(depth: 1, overrides))
                assertResult(result, expected)
            }
        }
    }

    func testAsyncListItemsResolveConcurrentlyInOrder() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in Array(0..<50) }
        resolvers.asyncField("Item", "value") { source, _, _, _ in
            let index = source as? Int ?? 0
            if index % 7 == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
            if index == 13 { throw TestError("thirteen") }
            return index * 2
        }
        let schema = try makeSchema("type Query { items: [Item!] } type Item { value: Int! }", resolvers)
        let result = try await runQuery(schema, "{ items { value } }")
        XCTAssertEqual(result.data, json(#"{"items":null}"#))
        XCTAssertEqual(result.errors.map(\.message), ["thirteen"])
        XCTAssertEqual(result.errors.first?.path, [.key("items"), .index(13), .key("value")])

        let nullable = try makeSchema("type Query { items: [Item] } type Item { value: Int }", resolvers)
        let result2 = try await runQuery(nullable, "{ items { value } }")
        let values = result2.data?["items"]?.arrayValue?.map { $0["value"] ?? .null }
        XCTAssertEqual(values?.count, 50)
        XCTAssertEqual(values?[3], 6)
        XCTAssertEqual(values?[13], .null)
        XCTAssertEqual(values?[49], 98)
    }
}
