import JSON
import XCTest
@testable import GraphQL

/// `ContextResolverMap`: each resolver gets the request's context typed (read in place for a
/// class, as typed sources are), and a request carrying another context, or none, gets the
/// internal-error field error rather than a trap.
final class ContextResolverMapTests: XCTestCase {
    final class Shelf: Sendable {
        let owner: String
        init(owner: String) { self.owner = owner }
    }

    final class Book: Sendable {
        let title: String
        init(title: String) { self.title = title }
    }

    /// A context of another class.
    final class Stranger: Sendable {}

    /// A context stored out of an existential's inline buffer.
    struct WideContext: Sendable {
        let a: Int, b: Int, c: Int, d: Int
    }

    static let sdl = """
        type Query { owner: String, books: [Book!]! }
        type Book { title: String!, shelvedBy: String }
        """

    func schema() throws -> ExecutableSchema {
        var map = ContextResolverMap<Shelf>()
        map.rootField("Query", "owner") { _, shelf, _ in .ready(shelf.owner) }
        // (A plain resolver: it reads no context.)
        map.resolvers.field("Query", "books") { _, _, _, _ in [Book(title: "Dune"), Book(title: "Emma")] }
        map.field("Book", "title", on: Book.self) { $0.title }
        map.field("Book", "shelvedBy", on: Book.self) { book, _, shelf, _ in .ready(shelf.owner + ": " + book.title) }
        return try makeSchema(Self.sdl, map.resolvers)
    }

    func run(_ query: String, context: ResolvedValue) async throws -> String {
        canonical(try await runQuery(try schema(), query, context: context).json)
    }

    func testEveryResolverGetsTheContextTyped() async throws {
        let result = try await run("{ owner books { title shelvedBy } }", context: Shelf(owner: "Ada"))
        XCTAssertEqual(
            result,
            #"{"data":{"owner":"Ada","books":[{"title":"Dune","shelvedBy":"Ada: Dune"},"#
                + #"{"title":"Emma","shelvedBy":"Ada: Emma"}]}}"#)
    }

    func testAnotherContextIsAFieldErrorInEveryResolverThatReadsIt() async throws {
        let expected =
            #"{"errors":[{"message":"Internal error: the request's context is not a Shelf.","#
            + #""locations":[{"line":1,"column":3}],"path":["owner"]}],"data":{"owner":null}}"#
        for context: ResolvedValue in [Stranger(), WideContext(a: 1, b: 2, c: 3, d: 4), "Ada", nil] {
            let result = try await run("{ owner }", context: context)
            XCTAssertEqual(result, expected, "context \(String(describing: context))")
        }
        let nested = try await run("{ books { shelvedBy } }", context: Stranger())
        XCTAssertEqual(
            nested,
            #"{"errors":[{"message":"Internal error: the request's context is not a Shelf.","#
                + #""locations":[{"line":1,"column":11}],"path":["books",0,"shelvedBy"]},"#
                + #"{"message":"Internal error: the request's context is not a Shelf.","#
                + #""locations":[{"line":1,"column":11}],"path":["books",1,"shelvedBy"]}],"#
                + #""data":{"books":[{"shelvedBy":null},{"shelvedBy":null}]}}"#)
    }
}
