import JSON
import XCTest
@testable import GraphQL

/// Operations without variables are planned once and the plan is shared by every request that
/// runs them (``OperationPlanCache``); operations with variables are planned per request. The
/// answers are the same either way.
final class OperationPlanCacheTests: XCTestCase {
    func engine() throws -> GraphQLEngine {
        var resolvers = ResolverMap()
        resolvers.field("Query", "hello") { _, args, _, _ in "Hello, \(args.string("name") ?? "world")" }
        resolvers.field("Query", "pets") { _, _, _, _ in
            [["name": "Rex", "age": 3], ["name": "Tom", "age": 5]] as [[String: any Sendable]]
        }
        let schema = try buildASTSchema(
            try parse(
                """
                type Query { hello(name: String): String pets: [Pet] }
                type Pet { name: String age: Int }
                """))
        return try GraphQLEngine(schema: schema, resolvers: resolvers)
    }

    func testAnOperationWithoutVariablesIsPlannedOnce() async throws {
        let engine = try engine()
        let query = #"{ hello(name: "Ann") pets { name age } again: pets { name } }"#
        let first = await engine.execute(query: query)
        XCTAssertEqual(
            first.jsonString(),
            #"{"data":{"hello":"Hello, Ann","pets":[{"name":"Rex","age":3},{"name":"Tom","age":5}],"again":[{"name":"Rex"},{"name":"Tom"}]}}"#
        )
        XCTAssertEqual(engine.executable.operationPlans.count, 1)
        for _ in 0..<3 {
            let again = await engine.execute(query: query)
            XCTAssertEqual(again, first)
        }
        XCTAssertEqual(engine.executable.operationPlans.count, 1, "the same document reuses its plan")

        // Each operation of a document has its own plan.
        let two = "query A { hello } query B { pets { name } }"
        let a = await engine.execute(query: two, operationName: "A")
        let b = await engine.execute(query: two, operationName: "B")
        XCTAssertEqual(a.jsonString(), #"{"data":{"hello":"Hello, world"}}"#)
        XCTAssertEqual(b.jsonString(), #"{"data":{"pets":[{"name":"Rex"},{"name":"Tom"}]}}"#)
        XCTAssertEqual(engine.executable.operationPlans.count, 3)
    }

    func testOperationsWithVariablesArePlannedPerRequest() async throws {
        let engine = try engine()
        let query = "query Q($n: String, $skip: Boolean!) { hello(name: $n) pets @skip(if: $skip) { name } }"
        let rex = await engine.execute(query: query, variables: ["n": "Rex", "skip": false])
        let tom = await engine.execute(query: query, variables: ["n": "Tom", "skip": true])
        XCTAssertEqual(rex.jsonString(), #"{"data":{"hello":"Hello, Rex","pets":[{"name":"Rex"},{"name":"Tom"}]}}"#)
        XCTAssertEqual(tom.jsonString(), #"{"data":{"hello":"Hello, Tom"}}"#)
        XCTAssertEqual(engine.executable.operationPlans.count, 0)
    }

    func testAnArgumentErrorIsTheSameFromAKeptPlan() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "count") { _, args, _, _ in args.int("n") ?? 0 }
        let schema = try buildASTSchema(try parse("type Query { count(n: Int): Int }"))
        let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
        // 2^31 does not coerce to Int: a field error at execution (the document skips validation here).
        let document = try parse("{ count(n: 2147483648) }")
        let first = await execute(schema: executable, document: document)
        let second = await execute(schema: executable, document: document)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.errors.count, 1)
        XCTAssertEqual(executable.operationPlans.count, 1)
    }

    func testTheCacheIsBounded() async throws {
        let engine = try engine()
        for index in 0..<(OperationPlanCache.capacity + 10) {
            // A document of its own each time (the document cache would hand out the same one).
            let document = try parse("{ hello(name: \"\(index)\") }")
            let result = await engine.execute(document: document)
            XCTAssertEqual(result.jsonString(), #"{"data":{"hello":"Hello, \#(index)"}}"#)
        }
        XCTAssertLessThanOrEqual(engine.executable.operationPlans.count, OperationPlanCache.capacity)
        // A large document is planned per request.
        let large = try parse("{ hello " + String(repeating: " ", count: OperationPlanCache.maxSourceBytes) + "}")
        let before = engine.executable.operationPlans.count
        _ = await engine.execute(document: large)
        XCTAssertEqual(engine.executable.operationPlans.count, before)
    }
}
