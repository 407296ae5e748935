import JSON
import XCTest
@testable import GraphQL

/// From graphql-js 16 `src/execution/__tests__/oneof-test.ts`.
final class OneOfTests: XCTestCase {
    func schema() throws -> ExecutableSchema {
        var resolvers = ResolverMap()
        resolvers.field("Query", "test") { _, args, _, _ in args["input"] }
        return try makeSchema(
            """
            type Query { test(input: TestInputObject!): TestObject }
            input TestInputObject @oneOf { a: String, b: Int }
            type TestObject { a: String, b: Int }
            """, resolvers)
    }

    func testAcceptsAGoodDefaultValue() async throws {
        let result = try await runQuery(
            try schema(),
            """
            query ($input: TestInputObject! = {a: "abc"}) {
              test(input: $input) { a b }
            }
            """)
        assertResult(result, #"{"data":{"test":{"a":"abc","b":null}}}"#)
    }

    func testRejectsABadDefaultValue() async throws {
        let result = try await runQuery(
            try schema(),
            """
            query ($input: TestInputObject! = {a: "abc", b: 123}) {
              test(input: $input) { a b }
            }
            """)
        assertResult(
            result,
            """
            {"errors":[{"message":"Argument \\"input\\" of non-null type \\"TestInputObject!\\" must not be null.",
              "locations":[{"line":2,"column":15}],"path":["test"]}],"data":{"test":null}}
            """)
    }

    func testAcceptsAGoodVariable() async throws {
        let result = try await runQuery(
            try schema(), "query ($input: TestInputObject!) { test(input: $input) { a b } }",
            variables: ["input": ["a": "abc"]])
        assertResult(result, #"{"data":{"test":{"a":"abc","b":null}}}"#)
    }

    func testRejectsAVariableWithMultipleKeys() async throws {
        for input: JSONValue in [["a": "abc", "b": 123], ["a": "abc", "b": nil]] {
            let result = try await runQuery(
                try schema(), "query ($input: TestInputObject!) { test(input: $input) { a b } }",
                variables: ["input": input])
            assertResult(
                result,
                """
                {"errors":[{"message":"Variable \\"$input\\" got invalid value \(Inspect.json(input).replacingOccurrences(of: "\"", with: "\\\""));\
                 Exactly one key must be specified for OneOf type \\"TestInputObject\\".","locations":[{"line":1,"column":8}]}]}
                """)
        }
    }

    func testRejectsAVariableWithANullValue() async throws {
        let result = try await runQuery(
            try schema(), "query ($input: TestInputObject!) { test(input: $input) { a b } }",
            variables: ["input": ["a": nil]])
        assertResult(
            result,
            """
            {"errors":[{"message":"Variable \\"$input\\" got invalid value { a: null }; Field \\"a\\" must be non-null.","locations":[{"line":1,"column":8}]}]}
            """)
    }

    func testLiterals() async throws {
        assertResult(
            try await runQuery(try schema(), #"{ test(input: {b: 123}) { a b } }"#),
            #"{"data":{"test":{"a":null,"b":123}}}"#)
        assertResult(
            try await runQuery(try schema(), #"{ test(input: {a: "abc", b: 123}) { a b } }"#),
            """
            {"errors":[{"message":"Argument \\"input\\" has invalid value {a: \\"abc\\", b: 123}.","locations":[{"line":1,"column":15}],"path":["test"]}],"data":{"test":null}}
            """)
        assertResult(
            try await runQuery(try schema(), #"{ test(input: {a: null}) { a b } }"#),
            """
            {"errors":[{"message":"Argument \\"input\\" has invalid value {a: null}.","locations":[{"line":1,"column":15}],"path":["test"]}],"data":{"test":null}}
            """)
        assertResult(
            try await runQuery(
                try schema(), #"query ($a: String) { test(input: {a: $a}) { a b } }"#, variables: ["a": nil]),
            """
            {"errors":[{"message":"Argument \\"input\\" has invalid value {a: $a}.","locations":[{"line":1,"column":34}],"path":["test"]}],"data":{"test":null}}
            """)
        assertResult(
            try await runQuery(
                try schema(), #"query ($a: String) { test(input: {a: $a}) { a b } }"#, variables: ["a": "x"]),
            #"{"data":{"test":{"a":"x","b":null}}}"#)
    }

    func testIntrospectionReportsIsOneOf() async throws {
        let result = try await runQuery(
            try schema(),
            """
            { t: __type(name: "TestInputObject") { isOneOf } o: __type(name: "TestObject") { isOneOf } }
            """)
        assertResult(result, #"{"data":{"t":{"isOneOf":true},"o":{"isOneOf":null}}}"#)
    }
}
