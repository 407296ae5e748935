import Locking
import JSON
import XCTest
@testable import GraphQL

/// From graphql-js 16 `src/execution/__tests__/resolve-test.ts`.
final class ResolveTests: XCTestCase {
    func testDefaultFunctionAccessesProperties() async throws {
        let schema = try makeSchema("type Query { test: String }")
        assertResult(
            try await runQuery(schema, "{ test }", root: ["test": "testValue"] as [String: any Sendable]),
            #"{"data":{"test":"testValue"}}"#)
    }

    func testDefaultFunctionReadsProviders() async throws {
        struct Root: FieldValueProviding {
            subscript(field name: String) -> ResolvedValue { name == "test" ? "computed \(name)" : nil }
        }
        let schema = try makeSchema("type Query { test: String, other: String }")
        assertResult(
            try await runQuery(schema, "{ test other }", root: Root()),
            #"{"data":{"test":"computed test","other":null}}"#)
    }

    func testUsesProvidedResolveFunction() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "test") { source, args, _, _ in
            let root = (source as? String).map { "\"\($0)\"" } ?? "undefined"
            return "[\(root),\(JSONValue.object(args.values).serialized())]"
        }
        let schema = try makeSchema("type Query { test(aStr: String, aInt: Int): String }", resolvers)
        assertResult(try await runQuery(schema, "{ test }"), #"{"data":{"test":"[undefined,{}]"}}"#)
        assertResult(try await runQuery(schema, "{ test }", root: "Source!"), #"{"data":{"test":"[\"Source!\",{}]"}}"#)
        assertResult(
            try await runQuery(schema, #"{ test(aStr: "String!") }"#, root: "Source!"),
            #"{"data":{"test":"[\"Source!\",{\"aStr\":\"String!\"}]"}}"#)
        assertResult(
            try await runQuery(schema, #"{ test(aInt: -123, aStr: "String!") }"#, root: "Source!"),
            #"{"data":{"test":"[\"Source!\",{\"aStr\":\"String!\",\"aInt\":-123}]"}}"#)
    }

    func testArgumentDefaultsAndExplicitNull() async throws {
        let seen = Locked<[String]>([])
        var resolvers = ResolverMap()
        resolvers.field("Query", "f") { _, args, _, _ in
            seen.withLock { $0.append(JSONValue.object(args.values).serialized()) }
            return nil
        }
        let schema = try makeSchema(
            """
            input In { a: Int = 1, b: [Int] }
            type Query { f(x: Int = 5, y: String, z: In = {b: 2}): String }
            """, resolvers)
        _ = try await runQuery(schema, "{ a: f b: f(x: null, y: null) c: f(z: {}) }")
        _ = try await runQuery(schema, "query ($x: Int) { f(x: $x) }")
        _ = try await runQuery(schema, "query ($x: Int) { f(x: $x) }", variables: ["x": nil])
        XCTAssertEqual(
            seen.withLock { $0 },
            [
                #"{"x":5,"z":{"a":1,"b":[2]}}"#,
                #"{"x":null,"y":null,"z":{"a":1,"b":[2]}}"#,
                #"{"x":5,"z":{"a":1}}"#,
                #"{"x":5,"z":{"a":1,"b":[2]}}"#,
                #"{"x":null,"z":{"a":1,"b":[2]}}"#
            ])
    }

    func testAsyncResolverReceivesTheSameInputs() async throws {
        var resolvers = ResolverMap()
        resolvers.asyncField("Query", "f") { source, args, context, info in
            try await Task.sleep(nanoseconds: 1_000)
            return "\(source as? String ?? "-") \(args.int("n") ?? 0) \(context as? String ?? "-") \(info.path)"
        }
        let schema = try makeSchema("type Query { f(n: Int): String }", resolvers)
        assertResult(
            try await runQuery(schema, "{ alias: f(n: 3) }", root: "root", context: "ctx"),
            #"{"data":{"alias":"root 3 ctx [alias]"}}"#)
    }
}
