import GraphQL
import JSON
import XCTest

/// Paths of errors and of `ResolveInfo.path` below list items and nested
/// objects (the executor builds path nodes lazily).
final class ResponsePathTests: XCTestCase {
    private func schema(async: Bool) throws -> ExecutableSchema {
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in [0, 1] as [any Sendable] }
        resolvers.field("Item", "owner") { source, _, _, _ in source }
        resolvers.field("Person", "pet") { source, _, _, _ in source }
        let path: SyncFieldResolver = { _, _, _, info in info.path.map(\.description).joined(separator: "/") }
        resolvers.field("Person", "path", path)
        resolvers.field("Pet", "path", path)
        resolvers.field("Item", "tags") { _, _, _, _ in ["a", "b"] }
        if async {
            resolvers.asyncField("Pet", "fails") { source, _, _, _ in
                if (source as? Int) == 1 { throw TestError("boom") }
                return "ok"
            }
        } else {
            resolvers.field("Pet", "fails") { source, _, _, _ in
                if (source as? Int) == 1 { throw TestError("boom") }
                return "ok"
            }
        }
        return try makeSchema(
            """
            type Query { items: [Item!]! }
            type Item { owner: Person, tags: [String!]! }
            type Person { path: String, pet: Pet }
            type Pet { path: String, fails: String }
            """, resolvers)
    }

    func testPathsBelowListItemsAndNestedObjects() async throws {
        for async in [false, true] {
            let result = try await runQuery(
                try schema(async: async),
                "{ items { tags owner { path pet { path fails } } } }")
            assertResult(
                result,
                """
                {"errors":[{"message":"boom","locations":[{"line":1,"column":40}],"path":["items",1,"owner","pet","fails"]}],
                 "data":{"items":[
                   {"tags":["a","b"],"owner":{"path":"items/0/owner/path","pet":{"path":"items/0/owner/pet/path","fails":"ok"}}},
                   {"tags":["a","b"],"owner":{"path":"items/1/owner/path","pet":{"path":"items/1/owner/pet/path","fails":null}}}]}}
                """)
        }
    }
}
