import JSON
import XCTest
@testable import GraphQL

/// From graphql-js 16 `abstract-test.ts` and `union-interface-test.ts`:
/// interfaces and unions resolved by `resolveType`, by `isTypeOf`, and by `__typename`.
final class AbstractTypeTests: XCTestCase {
    struct Dog: Sendable { var name: String; var woofs: Bool }
    struct Cat: Sendable { var name: String; var meows: Bool }
    struct Human: Sendable { var name: String }

    let sdl = """
        interface Pet { name: String }
        type Dog implements Pet { name: String, woofs: Boolean }
        type Cat implements Pet { name: String, meows: Boolean }
        type Human { name: String }
        union CatOrDog = Cat | Dog
        type Query { pets: [Pet], catOrDogs: [CatOrDog] }
        """

    func resolvers() -> ResolverMap {
        var resolvers = ResolverMap()
        let pets: [any Sendable] = [Dog(name: "Odie", woofs: true), Cat(name: "Garfield", meows: false)]
        resolvers.field("Query", "pets") { _, _, _, _ in pets }
        resolvers.field("Query", "catOrDogs") { _, _, _, _ in pets }
        resolvers.field("Dog", "name") { source, _, _, _ in (source as? Dog)?.name }
        resolvers.field("Dog", "woofs") { source, _, _, _ in (source as? Dog)?.woofs }
        resolvers.field("Cat", "name") { source, _, _, _ in (source as? Cat)?.name }
        resolvers.field("Cat", "meows") { source, _, _, _ in (source as? Cat)?.meows }
        return resolvers
    }

    let query = """
        { pets { name ... on Dog { woofs } ... on Cat { meows } } catOrDogs { __typename ... on Pet { name } } }
        """
    let expected = """
        {"data":{"pets":[{"name":"Odie","woofs":true},{"name":"Garfield","meows":false}],
         "catOrDogs":[{"__typename":"Dog","name":"Odie"},{"__typename":"Cat","name":"Garfield"}]}}
        """

    func testResolveTypeHooks() async throws {
        var resolvers = resolvers()
        let byValue: TypeResolver = { value, _, _ in value is Dog ? "Dog" : value is Cat ? "Cat" : nil }
        resolvers.resolveType("Pet", byValue)
        resolvers.resolveType("CatOrDog", byValue)
        assertResult(try await runQuery(try makeSchema(sdl, resolvers), query), expected)
    }

    func testIsTypeOfChecks() async throws {
        var resolvers = resolvers()
        resolvers.isTypeOf("Dog") { value, _, _ in value is Dog }
        resolvers.isTypeOf("Cat") { value, _, _ in value is Cat }
        assertResult(try await runQuery(try makeSchema(sdl, resolvers), query), expected)
    }

    func testResolveTypeToAnImpossibleTypeIsAFieldError() async throws {
        var resolvers = resolvers()
        resolvers.resolveType("Pet") { _, _, _ in "Human" }
        resolvers.resolveType("CatOrDog") { _, _, _ in "Human" }
        let result = try await runQuery(try makeSchema(sdl, resolvers), "{ pets { name } }")
        assertResult(
            result,
            """
            {"errors":[{"message":"Runtime Object type \\"Human\\" is not a possible type for \\"Pet\\".","locations":[{"line":1,"column":3}],"path":["pets",0]},
                       {"message":"Runtime Object type \\"Human\\" is not a possible type for \\"Pet\\".","locations":[{"line":1,"column":3}],"path":["pets",1]}],
             "data":{"pets":[null,null]}}
            """)
    }

    func testResolveTypeThatThrows() async throws {
        var resolvers = resolvers()
        resolvers.resolveType("Pet") { _, _, _ in throw TestError("We are testing this error") }
        let result = try await runQuery(try makeSchema(sdl, resolvers), "{ pets { name } }")
        XCTAssertEqual(result.errors.map(\.message), ["We are testing this error", "We are testing this error"])
        XCTAssertEqual(result.data, json(#"{"pets":[null,null]}"#))
    }

    func testTypeNameProvidingValues() async throws {
        struct Named: GraphQLTypeNameProviding, FieldValueProviding {
            var graphQLTypeName: String
            subscript(field name: String) -> ResolvedValue { name == "name" ? "via \(graphQLTypeName)" : nil }
        }
        var resolvers = ResolverMap()
        resolvers.field("Query", "pets") { _, _, _, _ in [Named(graphQLTypeName: "Cat"), Named(graphQLTypeName: "Dog")]
        }
        let result = try await runQuery(try makeSchema(sdl, resolvers), "{ pets { __typename name } }")
        assertResult(
            result, #"{"data":{"pets":[{"__typename":"Cat","name":"via Cat"},{"__typename":"Dog","name":"via Dog"}]}}"#)
    }

    func testAbstractAsyncFields() async throws {
        var resolvers = resolvers()
        resolvers.asyncField("Query", "pets") { _, _, _, _ in
            await Task.yield()
            return [Dog(name: "Odie", woofs: true), Cat(name: "Garfield", meows: false)] as [any Sendable]
        }
        resolvers.resolveType("Pet") { value, _, _ in value is Dog ? "Dog" : "Cat" }
        resolvers.resolveType("CatOrDog") { value, _, _ in value is Dog ? "Dog" : "Cat" }
        assertResult(try await runQuery(try makeSchema(sdl, resolvers), query), expected)
    }
}
