import XCTest
@testable import GraphQL

/// The GitHub schema and the Menagerie contract schema build, validate, and print as graphql-js prints them.
final class SharedSchemaTests: XCTestCase {
    func testGitHubSchemaBuildsValidatesAndPrintsAsGraphQLJS() throws {
        guard let sdl = SchemaFixtures.shared("bench/github-schema.graphql") else {
            throw MissingSharedData("../shared/bench/github-schema.graphql is not beside the checkout")
        }
        let expected = try XCTUnwrap(SchemaFixtures.expected("github-schema.printed.graphql"))
        let schema = try XCTUnwrap(buildOrFail(sdl))
        XCTAssertEqual(describe(validateSchema(schema)), [])
        let printed = printSchema(schema)
        if printed != expected {
            let a = printed.split(separator: "\n", omittingEmptySubsequences: false)
            let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            XCTFail(
                "printSchema differs from graphql-js at line \(index + 1): got \(index < a.count ? String(a[index]) : "<end>") expected \(index < b.count ? String(b[index]) : "<end>")"
            )
        }
        XCTAssertNotNil(schema.queryType)
        XCTAssertGreaterThan(schema.types.count, 500)
        // Printing the printed schema again is stable.
        XCTAssertEqual(try printSchema(buildSchema(printed)), printed)
    }

    func testContractSchemaBuildsAndValidates() throws {
        guard let sdl = SchemaFixtures.shared("design/schema.graphql") else {
            throw MissingSharedData("../shared/design/schema.graphql is not beside the checkout")
        }
        let schema = try XCTUnwrap(buildOrFail(sdl))
        XCTAssertEqual(describe(validateSchema(schema)), [])
        XCTAssertEqual(schema.queryType?.name, "Query")
        XCTAssertNotNil(schema.type(named: "Creature")?.asInterface)
        XCTAssertFalse(schema.possibleTypes(of: try XCTUnwrap(schema.type(named: "Creature"))).isEmpty)
    }
}
