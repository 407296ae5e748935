import JSON
import XCTest
@testable import GraphQL

/// `ExecutionOptions.suggestions` and `ExecutionOptions.maxErrors`: variable coercion without
/// "Did you mean", and at most N errors in one result (field, variable and validation errors).
final class ErrorReportingOptionsTests: XCTestCase {
    static let sdl = """
        enum Color { RED GREEN }
        input Filter { color: Color, name: String }
        type Item { bad: String, good: Int }
        type Query { pick(color: Color, filter: Filter): String, items(count: Int): [Item] }
        """

    func engine(
        _ options: ExecutionOptions,
        validation: (@Sendable (GraphQLSchema, Document) -> [GraphQLError])? = nil
    ) throws -> GraphQLEngine {
        var resolvers = ResolverMap()
        resolvers.field("Query", "pick") { _, _, _, _ in "picked" }
        resolvers.field("Query", "items") { _, args, _, _ in
            (0..<(args.int("count") ?? 0)).map { ["good": $0] as [String: any Sendable] }
        }
        resolvers.field("Item", "bad") { _, _, _, _ in throw GraphQLError(message: "boom") }
        let schema = try buildASTSchema(try parse(Self.sdl))
        return GraphQLEngine(
            executable: try ExecutableSchema(schema: schema, resolvers: resolvers), options: options,
            validation: validation)
    }

    func testVariableCoercionWithoutSuggestions() async throws {
        let query = "query ($c: Color, $f: Filter) { pick(color: $c, filter: $f) }"
        let variables: JSONObject = ["c": "REDD", "f": ["nam": "x"]]
        let suggesting = try await engine(ExecutionOptions()).execute(query: query, variables: variables)
        XCTAssertEqual(
            suggesting.errors.map(\.message),
            [
                #"Variable "$c" got invalid value "REDD"; Value "REDD" does not exist in "Color" enum. Did you mean the enum value "RED"?"#,
                #"Variable "$f" got invalid value { nam: "x" }; Field "nam" is not defined by type "Filter". Did you mean "name"?"#
            ])
        let quiet = try await engine(ExecutionOptions(suggestions: false)).execute(query: query, variables: variables)
        XCTAssertNil(quiet.data)
        XCTAssertEqual(
            quiet.errors.map(\.message),
            [
                #"Variable "$c" got invalid value "REDD"; Value "REDD" does not exist in "Color" enum."#,
                #"Variable "$f" got invalid value { nam: "x" }; Field "nam" is not defined by type "Filter"."#
            ])
        XCTAssertEqual(quiet.errors.map { $0.extensions?["code"] }, ["BAD_USER_INPUT", "BAD_USER_INPUT"])
    }

    func testFieldErrorsAreCutAtMaxErrors() async throws {
        let query = "{ items(count: 30) { bad good } }"
        let unlimited = try await engine(ExecutionOptions()).execute(query: query)
        XCTAssertEqual(unlimited.errors.count, 30)
        let limited = try await engine(ExecutionOptions(maxErrors: 20)).execute(query: query)
        // The data is whole; the errors are the first 19 and the notice.
        XCTAssertEqual(limited.data, unlimited.data)
        XCTAssertEqual(limited.errors.count, 20)
        XCTAssertEqual(Array(limited.errors.prefix(19)), Array(unlimited.errors.prefix(19)))
        XCTAssertEqual(limited.errors[18].path, [.key("items"), .index(18), .key("bad")])
        XCTAssertEqual(
            limited.errors[19].json,
            .object(
                JSONObject([
                    (key: "message", value: "Too many errors, error limit reached. Further errors omitted.")
                ])))
        // At the limit exactly: nothing is cut.
        let twenty = try await engine(ExecutionOptions(maxErrors: 20)).execute(query: "{ items(count: 20) { bad } }")
        XCTAssertEqual(twenty.errors.map(\.message), Array(repeating: "boom", count: 20))
    }

    func testValidationErrorsAreCutAtMaxErrors() async throws {
        // A validation (like the cost limits) that is not itself limited.
        let many: @Sendable (GraphQLSchema, Document) -> [GraphQLError] = { _, _ in
            (0..<25).map { GraphQLError(message: "problem \($0)") }
        }
        let result = try await engine(ExecutionOptions(maxErrors: 20), validation: many).execute(query: "{ pick }")
        XCTAssertNil(result.data)
        XCTAssertEqual(result.errors.count, 20)
        XCTAssertEqual(result.errors[18].message, "problem 18")
        XCTAssertEqual(result.errors[19].message, "Too many errors, error limit reached. Further errors omitted.")
        XCTAssertEqual(
            result.errors.map { $0.extensions?["code"] }, Array(repeating: "GRAPHQL_VALIDATION_FAILED", count: 20))
    }

    func testLimitedIsStableAndClamped() {
        let errors = (0..<30).map { GraphQLError(message: "e\($0)") }
        let cut = errors.limited(to: 20)
        XCTAssertEqual(cut.limited(to: 20), cut)
        // Cut, extended by later errors (as an app appending its own), cut again: the same shape.
        XCTAssertEqual((cut + [GraphQLError(message: "late")]).limited(to: 20), cut)
        XCTAssertEqual(errors.limited(to: nil), errors)
        XCTAssertEqual(
            errors.limited(to: 0).map(\.message), ["Too many errors, error limit reached. Further errors omitted."])
        XCTAssertEqual(Array(errors.prefix(3)).limited(to: 3), Array(errors.prefix(3)))
    }
}
