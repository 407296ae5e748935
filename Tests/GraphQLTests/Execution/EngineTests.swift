import JSON
import XCTest
@testable import GraphQL

final class EngineTests: XCTestCase {
    func engine(options: ExecutionOptions = ExecutionOptions()) throws -> GraphQLEngine {
        var resolvers = ResolverMap()
        resolvers.field("Query", "hello") { _, args, _, _ in "Hello, \(args.string("name") ?? "world")" }
        let schema = try buildASTSchema(try parse("type Query { hello(name: String): String }"))
        return try GraphQLEngine(schema: schema, resolvers: resolvers, options: options, cacheCapacity: 2)
    }

    func testExecutesAndCachesDocuments() async throws {
        let engine = try engine()
        let first = await engine.execute(query: "{ hello }")
        XCTAssertEqual(first.jsonString(), #"{"data":{"hello":"Hello, world"}}"#)
        let second = await engine.execute(query: "{ hello }")
        XCTAssertEqual(second, first)
        XCTAssertEqual(engine.cache.hits, 1)
        XCTAssertEqual(engine.cache.misses, 1)
        let named = await engine.execute(query: "query Q($n: String) { hello(name: $n) }", variables: ["n": "Rex"])
        XCTAssertEqual(named.jsonString(), #"{"data":{"hello":"Hello, Rex"}}"#)
    }

    func testCacheIsBoundedLRU() throws {
        let cache = DocumentCache(capacity: 2)
        let a = try parse("{ a }"), b = try parse("{ b }"), c = try parse("{ c }")
        cache.insert(a, for: "a")
        cache.insert(b, for: "b")
        XCTAssertNotNil(cache.document(for: "a")) // a is now the newest
        cache.insert(c, for: "c") // evicts b
        XCTAssertNil(cache.document(for: "b"))
        XCTAssertNotNil(cache.document(for: "a"))
        XCTAssertNotNil(cache.document(for: "c"))
        XCTAssertEqual(cache.count, 2)
    }

    func testCacheIsBoundedByBytes() throws {
        let text = "{ " + String(repeating: "a ", count: 500) + "}" // 1,003 bytes
        let cost = DocumentCache.cost(of: text + "0")
        let cache = DocumentCache(capacity: 1_000, maxBytes: cost * 3)
        let document = try parse("{ a }")
        for index in 0..<10 { cache.insert(document, for: text + String(index)) }
        XCTAssertEqual(cache.count, 3, "the byte budget holds three")
        XCTAssertLessThanOrEqual(cache.bytes, cost * 3)
        XCTAssertNotNil(cache.document(for: text + "9"))
        XCTAssertNil(cache.document(for: text + "6"))
        // A document costing more than the whole budget is not cached (nothing is evicted for it).
        cache.insert(document, for: String(repeating: " ", count: cost * 3))
        XCTAssertEqual(cache.count, 3)
        cache.removeAll()
        XCTAssertEqual(cache.bytes, 0)
    }

    func testSyntaxErrorIsARequestError() async throws {
        let result = try await engine().execute(query: "{ hello")
        XCTAssertNil(result.data)
        XCTAssertEqual(
            result.jsonString(),
            """
            {"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":8}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}
            """)
    }

    func testVariableErrorsAreRequestErrors() async throws {
        let result = try await engine().execute(query: "query ($n: String!) { hello(name: $n) }")
        XCTAssertEqual(
            result.jsonString(),
            """
            {"errors":[{"message":"Variable \\"$n\\" of required type \\"String!\\" was not provided.","locations":[{"line":1,"column":8}],"extensions":{"code":"BAD_USER_INPUT"}}]}
            """)
    }

    func testOperationSelectionErrors() async throws {
        let engine = try engine()
        let ambiguous = await engine.execute(query: "query A { hello } query B { hello }")
        XCTAssertEqual(
            ambiguous.errors.map(\.message), ["Must provide operation name if query contains multiple operations."])
        XCTAssertEqual(ambiguous.errors.first?.extensions?["code"], "OPERATION_RESOLUTION_FAILURE")
        let unknown = await engine.execute(query: "query A { hello }", operationName: "C")
        XCTAssertEqual(unknown.errors.map(\.message), ["Unknown operation named \"C\"."])
        XCTAssertNil(unknown.data)
        let chosen = await engine.execute(query: "query A { a: hello } query B { b: hello }", operationName: "B")
        XCTAssertEqual(chosen.jsonString(), #"{"data":{"b":"Hello, world"}}"#)
    }

    func testIntrospectionCanBeDisabled() async throws {
        let engine = try engine(options: ExecutionOptions(introspection: false))
        let result = await engine.execute(query: "{ hello ...F } fragment F on Query { __schema { types { name } } }")
        XCTAssertNil(result.data)
        XCTAssertEqual(
            result.errors.map(\.message),
            [
                "GraphQL introspection has been disabled, but the requested query contained the field \"__schema\"."
            ])
        XCTAssertEqual(result.errors.first?.locations, [SourceLocation(line: 1, column: 38)])
        let typename = await engine.execute(query: "{ __typename }")
        XCTAssertEqual(typename.jsonString(), #"{"data":{"__typename":"Query"}}"#)
        let enabled = try await self.engine().execute(query: #"{ __type(name: "Query") { name } }"#)
        XCTAssertEqual(enabled.jsonString(), #"{"data":{"__type":{"name":"Query"}}}"#)
    }

    func testPrettyJSON() async throws {
        let result = try await engine().execute(query: "{ hello }")
        XCTAssertEqual(
            result.jsonString(pretty: true),
            """
            {
              "data": {
                "hello": "Hello, world"
              }
            }
            """)
    }
}
