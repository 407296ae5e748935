import JSON
import XCTest
@testable import GraphQL

/// `ResolveInfo.subfields(on:)`: the executor's CollectFields of a field's selection for one
/// object type, kept with the field's plan (made once per plan), so the request's variables
/// still decide `@skip`/`@include` when the operation has variables.
final class ResolveInfoSubfieldsTests: XCTestCase {
    /// A schema where `search` returns an interface, so that fragments on types apply.
    func interfaceEngine() throws -> GraphQLEngine {
        var resolvers = ResolverMap()
        resolvers.field("Query", "search") { _, _, _, info in
            [
                "dog": info.subfields(on: "Dog").map(\.responseKey).joined(separator: ","),
                "cat": info.subfields(on: "Cat").map(\.responseKey).joined(separator: ",")
            ] as [String: any Sendable]
        }
        resolvers.resolveType("Named") { _, _, _ in "Seen" }
        let schema = try buildASTSchema(
            try parse(
                """
                type Query { search: Named }
                interface Named { name: String }
                type Dog implements Named { name: String barks: Boolean }
                type Cat implements Named { name: String meows: Boolean }
                type Seen implements Named { name: String dog: String cat: String }
                """))
        return try GraphQLEngine(schema: schema, resolvers: resolvers)
    }

    func testFragmentsApplyByType() async throws {
        let engine = try interfaceEngine()
        let query =
            "{ search { name ... on Dog { barks } ... on Cat { meows } ...D ... on Seen { dog cat } } } fragment D on Dog { name barks }"
        let result = await engine.execute(query: query)
        XCTAssertEqual(
            result.jsonString(), #"{"data":{"search":{"name":null,"dog":"name,name,barks,barks","cat":"name,meows"}}}"#)
        // The second request gets the same lists (from the plan kept for the operation).
        let again = await engine.execute(query: query)
        XCTAssertEqual(again, result)
    }

    func testVariablesOfEachRequestDecide() async throws {
        let engine = try interfaceEngine()
        let query =
            "query Q($skip: Boolean!) { search { name ... on Dog { barks @skip(if: $skip) } ... on Seen { dog cat } } }"
        let shown = await engine.execute(query: query, variables: ["skip": false])
        let skipped = await engine.execute(query: query, variables: ["skip": true])
        let shownAgain = await engine.execute(query: query, variables: ["skip": false])
        XCTAssertEqual(shown.jsonString(), #"{"data":{"search":{"name":null,"dog":"name,barks","cat":"name"}}}"#)
        XCTAssertEqual(skipped.jsonString(), #"{"data":{"search":{"name":null,"dog":"name","cat":"name"}}}"#)
        XCTAssertEqual(shownAgain, shown)
    }

    func testAnUnknownTypeHasNoSubfields() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "count") { _, _, _, info in info.subfields(on: "Nothing").count }
        let schema = try buildASTSchema(try parse("type Query { count: Int }"))
        let result = await (try GraphQLEngine(schema: schema, resolvers: resolvers)).execute(query: "{ count }")
        XCTAssertEqual(result.jsonString(), #"{"data":{"count":0}}"#)
    }
}
