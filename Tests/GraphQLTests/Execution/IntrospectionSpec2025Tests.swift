import JSON
import XCTest
@testable import GraphQL

/// Introspection as the September 2025 spec writes it where it differs from graphql-js 16:
/// `includeDeprecated: Boolean! = false` and `@deprecated(reason: String! = "No longer supported")`
/// (each expected result is graphql-core 3.3.2's, graphql-js 17's).
final class IntrospectionSpec2025Tests: XCTestCase {
    func schema() throws -> ExecutableSchema {
        try makeSchema(#"type Query { a: Int @deprecated(reason: "old"), b: Int }"#, ResolverMap())
    }

    func testIncludeDeprecatedIsANonNullBoolean() async throws {
        let result = try await runQuery(
            try schema(),
            """
            { __type(name: "__Type") { fields(includeDeprecated: true) {
              name args { name type { kind ofType { name } } defaultValue } } } }
            """)
        let fields = result.data?["__type"]?["fields"]?.arrayValue ?? []
        let withArguments = fields.filter { !($0["args"]?.arrayValue ?? []).isEmpty }
        XCTAssertEqual(
            JSONValue.array(withArguments),
            json(
                """
                [{"name":"fields","args":[{"name":"includeDeprecated","type":{"kind":"NON_NULL","ofType":{"name":"Boolean"}},"defaultValue":"false"}]},
                 {"name":"enumValues","args":[{"name":"includeDeprecated","type":{"kind":"NON_NULL","ofType":{"name":"Boolean"}},"defaultValue":"false"}]},
                 {"name":"inputFields","args":[{"name":"includeDeprecated","type":{"kind":"NON_NULL","ofType":{"name":"Boolean"}},"defaultValue":"false"}]}]
                """))
    }

    func testDeprecatedReasonIsANonNullString() async throws {
        let result = try await runQuery(
            try schema(),
            "{ __schema { directives { name args { name type { kind ofType { name } } defaultValue } } } }")
        let directives = result.data?["__schema"]?["directives"]?.arrayValue ?? []
        XCTAssertEqual(
            directives.first { $0["name"]?.stringValue == "deprecated" },
            json(
                #"{"name":"deprecated","args":[{"name":"reason","type":{"kind":"NON_NULL","ofType":{"name":"String"}},"defaultValue":"\"No longer supported\""}]}"#
            ))
    }

    /// `includeDeprecated: null` is no longer valid (graphql-js 16.6's message for a null in a
    /// non-null position); omitted, it is false.
    func testIncludeDeprecatedMayNotBeNull() async throws {
        let schema = try schema()
        let errors = validate(
            schema: schema.schema,
            document: try parse(#"{ __type(name: "Query") { fields(includeDeprecated: null) { name } } }"#))
        XCTAssertEqual(errors.map(\.message), [#"Expected value of type "Boolean!", found null."#])
        let result = try await runQuery(schema, #"{ __type(name: "Query") { fields { name } } }"#)
        assertResult(result, #"{"data":{"__type":{"fields":[{"name":"b"}]}}}"#)
    }
}
