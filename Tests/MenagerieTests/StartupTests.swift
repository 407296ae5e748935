import GraphQL
@testable import Menagerie
import MenagerieUpstreams
import Upstreams
import XCTest

/// Start-up binds every field of the served schema, or fails with a clear list.
final class StartupTests: XCTestCase {
    func testEveryFieldOfTheServedSchemaHasAResolver() throws {
        let schema = try buildASTSchema(parse(Resources.schemaSDL))
        XCTAssertEqual(MenagerieResolvers.unresolvedFields(schema: schema, resolvers: MenagerieResolvers.all()), [])
        XCTAssertNoThrow(try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded)))
    }

    func testAFieldWithoutResolverIsListed() throws {
        let sdl =
            Resources.schemaSDL
            + "\nextend type Breed { nickname: String }\ntype Extra { a: Int b: Int }\nextend type Query { extra: Extra }\n"
        let schema = try buildASTSchema(parse(sdl))
        XCTAssertEqual(
            MenagerieResolvers.unresolvedFields(schema: schema, resolvers: MenagerieResolvers.all()),
            ["Breed.nickname", "Extra.a", "Extra.b", "Query.extra"])
    }

    func testAResolverWithoutFieldIsRefused() throws {
        var resolvers = MenagerieResolvers.all()
        resolvers.field("Breed", "colour") { _, _, _, _ in nil }
        let schema = try buildASTSchema(parse(Resources.schemaSDL))
        XCTAssertThrowsError(try ExecutableSchema(schema: schema, resolvers: resolvers)) { error in
            XCTAssertTrue(String(describing: error).contains("Breed.colour"))
        }
    }
}
