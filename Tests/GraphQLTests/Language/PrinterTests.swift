import GraphQL
import XCTest

/// The cases of graphql-js's `printer-test.ts` and `schema-printer-test.ts`, the
/// kitchen-sink round trip and the GitHub schema, in Swift.
final class PrinterTests: XCTestCase {
    func testPrintsMinimalAST() {
        XCTAssertEqual(printAST(Selection.field(Field(name: Name(value: "foo")))), "foo")
    }

    func testPrintsNonQueryOperationsWithoutName() {
        assertPrints("query { id, name }", "{\n  id\n  name\n}")
        assertPrints("mutation { id, name }", "mutation {\n  id\n  name\n}")
        assertPrints(
            "query ($foo: TestType) @testDirective { id, name }",
            "query ($foo: TestType) @testDirective {\n  id\n  name\n}")
        assertPrints(
            "mutation ($foo: TestType) @testDirective { id, name }",
            "mutation ($foo: TestType) @testDirective {\n  id\n  name\n}")
    }

    /// Descriptions on operations, fragments and variable definitions print above what they
    /// describe; variable definitions go one a line when any has a description (each expected text
    /// is graphql-core 3.3.2's `print_ast`, graphql-js 17's printer).
    func testPrintsExecutableDescriptions() {
        assertPrints(
            "\"Fetch it\"\nquery Q(\"the id\" $id: ID, \"\"\"\nmulti\nline\n\"\"\" $b: Int = 1) { a }",
            "\"Fetch it\"\nquery Q(\n\"the id\"\n$id: ID\n\"\"\"\nmulti\nline\n\"\"\"\n$b: Int = 1\n) {\n  a\n}")
        assertPrints("\"d\"\nfragment F on T { a }", "\"d\"\nfragment F on T {\n  a\n}")
        assertPrints(
            "\"\"\"Block\ndescription\"\"\"\nmutation M @dir { a }",
            "\"\"\"\nBlock\ndescription\n\"\"\"\nmutation M @dir {\n  a\n}")
        // A described anonymous query keeps its keyword.
        assertPrints("\"d\" query { a }", "\"d\"\nquery {\n  a\n}")
        assertPrints(
            "query Q($a: Int, \"two\" $b: [Int!]! = [1, 2] @x(y: 1)) { a }",
            "query Q(\n$a: Int\n\"two\"\n$b: [Int!]! = [1, 2] @x(y: 1)\n) {\n  a\n}")
        // A default value printed on several lines puts the definitions one a line too.
        assertPrints(
            "query ($a: String = \"\"\"x\ny\"\"\") { a }", "query (\n$a: String = \"\"\"\nx\ny\n\"\"\"\n) {\n  a\n}")
        assertPrints(
            "\"op\" query Q { ...F }\n\n\"frag\" fragment F on Q @d { a }\n\n{ b }",
            "\"op\"\nquery Q {\n  ...F\n}\n\n\"frag\"\nfragment F on Q @d {\n  a\n}\n\n{\n  b\n}")
    }

    func testPrintsQueryWithVariableDirectives() {
        assertPrints(
            "query ($foo: TestType = {a: 123} @testDirective(if: true) @test) { id }",
            "query ($foo: TestType = {a: 123} @testDirective(if: true) @test) {\n  id\n}")
    }

    func testKeepsArgumentsOnOneLineIfShort() {
        assertPrints(
            "{trip(wheelchair:false arriveBy:false){dateTime}}",
            "{\n  trip(wheelchair: false, arriveBy: false) {\n    dateTime\n  }\n}")
    }

    func testPutsArgumentsOnMultipleLinesIfLong() {
        assertPrints(
            """
            {trip(wheelchair:false arriveBy:false includePlannedCancellations:true transitDistanceReluctance:2000){dateTime}}
            """,
            """
            {
              trip(
                wheelchair: false
                arriveBy: false
                includePlannedCancellations: true
                transitDistanceReluctance: 2000
              ) {
                dateTime
              }
            }
            """)
    }

    func testPrintsKitchenSinkWithoutAlteringAST() throws {
        guard let text = sharedText("bench/kitchen-sink.graphql"),
            let expected = expectedOutput("kitchen-sink.printed.graphql")
        else { return }
        let document = try parse(text, options: ParseOptions(noLocation: true))
        let printed = printAST(document)
        XCTAssertEqual(printed, expected)
        // Printing is a fixed point and keeps the AST.
        let reparsed = try parse(printed, options: ParseOptions(noLocation: true))
        XCTAssertEqual(reparsed.definitions, document.definitions)
        XCTAssertEqual(printAST(reparsed), printed)
    }

    func testPrintsIntrospectionQuery() throws {
        guard let text = sharedText("bench/introspection-query.graphql"),
            let expected = expectedOutput("introspection-query.printed.graphql")
        else { return }
        XCTAssertEqual(printAST(try parse(text)), expected)
    }

    func testPrintsGitHubSchemaAsGraphQLJS() throws {
        guard let text = sharedText("bench/github-schema.graphql"),
            let expected = expectedOutput("github-schema.printed.graphql")
        else { return }
        // The default token limit is for requests; SDL lifts it.
        XCTAssertThrowsError(try parse(text))
        let document = try parse(text, options: .unlimited)
        let printed = printAST(document)
        XCTAssertEqual(printed.utf8.count, expected.utf8.count)
        XCTAssertTrue(printed == expected, "the printed GitHub schema differs from graphql-js's")
        if printed != expected {
            let a = printed.split(separator: "\n", omittingEmptySubsequences: false)
            let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = Array(zip(a, b)).firstIndex(where: { $0 != $1 }) {
                XCTFail("first difference at line \(index + 1): \(a[index]) vs \(b[index])")
            }
        }
    }

    func testPrintsValuesAndTypes() throws {
        XCTAssertEqual(
            printAST(try parseValue("{a: [1, 2.5, \"x\"], b: ENUM, c: null, d: $v, e: true}")),
            "{a: [1, 2.5, \"x\"], b: ENUM, c: null, d: $v, e: true}")
        XCTAssertEqual(try parseValue("\"\"\"  block\n  string\"\"\"").printed, "\"\"\"\n  block\nstring\n\"\"\"")
        XCTAssertEqual(try parseType("[ [ Int ! ] ] !").printed, "[[Int!]]!")
        XCTAssertEqual(
            printString("a\"b\\c\n\u{1}\u{7F}\u{9F}\u{A0}é"), "\"a\\\"b\\\\c\\n\\u0001\\u007F\\u009F\u{A0}é\"")
    }

    func testPrintsSDLKitchenSink() {
        let sdl = """
            "desc" schema @onSchema { query: QueryType mutation: MutationType }
            \"\"\"
            This is a description
            of the `Foo` type.
            \"\"\"
            type Foo implements Bar & Baz & Two {
              "Description of the `one` field."
              one: Type
              \"\"\"This is a description of the `two` field.\"\"\"
              two(
                \"\"\"This is a description of the `argument` argument.\"\"\"
                argument: InputType!
              ): Type
              three(argument: InputType, other: String): Int
              four(argument: String = "string"): String
              seven(argument: Int = null): Type
            }
            extend type Foo @onType
            union Feed = | Story | Article
            enum Site { "desc" DESKTOP MOBILE }
            input InputType { key: String! answer: Int = 42 }
            directive @myRepeatableDir(name: String!) repeatable on | OBJECT | INTERFACE
            extend schema @onSchema { subscription: SubscriptionType }
            """
        assertPrints(
            sdl,
            """
            "desc"
            schema @onSchema {
              query: QueryType
              mutation: MutationType
            }

            \"\"\"
            This is a description
            of the `Foo` type.
            \"\"\"
            type Foo implements Bar & Baz & Two {
              "Description of the `one` field."
              one: Type
              \"\"\"This is a description of the `two` field.\"\"\"
              two(
                \"\"\"This is a description of the `argument` argument.\"\"\"
                argument: InputType!
              ): Type
              three(argument: InputType, other: String): Int
              four(argument: String = "string"): String
              seven(argument: Int = null): Type
            }

            extend type Foo @onType

            union Feed = Story | Article

            enum Site {
              "desc"
              DESKTOP
              MOBILE
            }

            input InputType {
              key: String!
              answer: Int = 42
            }

            directive @myRepeatableDir(name: String!) repeatable on OBJECT | INTERFACE

            extend schema @onSchema {
              subscription: SubscriptionType
            }
            """)
    }

    /// A committed expected output (produced once with graphql-js 16.6 `print(parse(...))`).
    private func expectedOutput(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let folder = String(
            #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/"))
        guard let data = FileManager.default.contents(atPath: folder + "/Expected/" + name) else {
            XCTFail("missing Expected/\(name)", file: file, line: line)
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }
}
