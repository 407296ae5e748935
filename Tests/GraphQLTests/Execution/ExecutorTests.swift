import Locking
import JSON
import XCTest
@testable import GraphQL

/// From graphql-js 16 `src/execution/__tests__/executor-test.ts` (non-subscription cases),
/// with schemas written as SDL and resolvers bound by name.
final class ExecutorTests: XCTestCase {
    func testExecutesArbitraryCodeSyncAndAsync() async throws {
        let sdl = """
            type Query { a: String, b: String, c: String, d: String, e: String, f: String, pic(size: Int): String,
                         deep: DeepData, promise: Data }
            type Data { a: String }
            type DeepData { a: String, b: String, c: [String], deeper: [Data] }
            """
        var resolvers = ResolverMap()
        resolvers.field("Query", "a") { _, _, _, _ in "Apple" }
        resolvers.field("Query", "b") { _, _, _, _ in "Banana" }
        resolvers.field("Query", "c") { _, _, _, _ in "Cookie" }
        resolvers.field("Query", "d") { _, _, _, _ in "Donut" }
        resolvers.field("Query", "e") { _, _, _, _ in "Egg" }
        resolvers.asyncField("Query", "f") { _, _, _, _ in
            await Task.yield(); return "Fish"
        }
        resolvers.field("Query", "pic") { _, args, _, _ in "Pic of size: \(args.int("size") ?? 50)" }
        resolvers.field("Query", "deep") { _, _, _, _ in
            [
                "a": "Already Been Done", "b": "Boring", "c": ["Contrived", nil, "Confusing"] as [String?],
                "deeper": [["a": "x"], nil, ["a": "z"]] as [[String: String]?]
            ] as [String: any Sendable]
        }
        resolvers.asyncField("Query", "promise") { _, _, _, _ in ["a": "Apple"] as [String: any Sendable] }
        let schema = try makeSchema(sdl, resolvers)
        let query = """
            query ($size: Int) {
              a, b, x: c
              ...c
              f
              ... on Query { pic(size: $size) promise { a } }
              deep { a b c deeper { a } }
            }
            fragment c on Query { d e }
            """
        let result = try await runQuery(schema, query, variables: ["size": 100])
        assertResult(
            result,
            """
            {"data":{"a":"Apple","b":"Banana","x":"Cookie","d":"Donut","e":"Egg","f":"Fish","pic":"Pic of size: 100",
             "promise":{"a":"Apple"},"deep":{"a":"Already Been Done","b":"Boring","c":["Contrived",null,"Confusing"],
             "deeper":[{"a":"x"},null,{"a":"z"}]}}}
            """)
    }

    func testProvidesInfoAboutCurrentExecutionState() async throws {
        let captured = Locked<[String]>([])
        var resolvers = ResolverMap()
        resolvers.field("Test", "test") { _, _, _, info in
            captured.withLock {
                $0 = [
                    info.fieldName, info.returnType.description, info.parentType.name,
                    info.path.map(\.description).joined(separator: "/"), String(info.fieldNodes.count),
                    info.operation.name?.value ?? "", (info.rootValue as? String) ?? "",
                    info.responseKey,
                    String(info.fragments.count), info.schema.queryType?.name ?? ""
                ]
            }
            return nil
        }
        let schema = try makeSchema("schema { query: Test } type Test { test: String }", resolvers)
        _ = try await runQuery(
            schema, "query ($var: String) { result: test }", variables: ["var": "abc"],
            root: "root")
        XCTAssertEqual(
            captured.withLock { $0 },
            [
                "test", "String", "Test", "result", "1", "", "root",
                "result", "0", "Test"
            ])
    }

    func testThreadsRootValueAndContext() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "a") { source, _, context, _ in
            "\(source as? String ?? "?")-\(context as? String ?? "?")"
        }
        let schema = try makeSchema("type Query { a: String }", resolvers)
        let result = try await runQuery(schema, "{ a }", root: "root", context: "ctx")
        assertResult(result, #"{"data":{"a":"root-ctx"}}"#)
    }

    func testCorrectlyThreadsArguments() async throws {
        let seen = Locked<FieldArguments?>(nil)
        var resolvers = ResolverMap()
        resolvers.field("Query", "b") { _, args, _, _ in
            seen.withLock { $0 = args }; return nil
        }
        let schema = try makeSchema(
            "type Query { b(numArg: Int, stringArg: String, missing: Int, nullArg: Int): String }", resolvers)
        _ = try await runQuery(schema, #"{ b(numArg: 123, stringArg: "foo", nullArg: null) }"#)
        let args = try XCTUnwrap(seen.withLock { $0 })
        XCTAssertEqual(args.values, ["numArg": 123, "stringArg": "foo", "nullArg": nil])
        XCTAssertFalse(args.contains("missing"))
        XCTAssertTrue(args.contains("nullArg"))
    }

    func testNullsOutErrorSubtrees() async throws {
        let sdl = """
            type Query { sync: String, syncError: String, syncRawError: String, syncReturnError: String,
              syncReturnErrorList: [String], async: String, asyncReject: String, asyncRawReject: String,
              asyncError: String, asyncReturnError: String }
            """
        var resolvers = ResolverMap()
        resolvers.field("Query", "sync") { _, _, _, _ in "sync" }
        resolvers.field("Query", "syncError") { _, _, _, _ in throw GraphQLError(message: "Error getting syncError") }
        resolvers.field("Query", "syncRawError") { _, _, _, _ in throw TestError("Error getting syncRawError") }
        resolvers.field("Query", "syncReturnError") { _, _, _, _ in throw TestError("Error getting syncReturnError") }
        resolvers.field("Query", "syncReturnErrorList") { _, _, _, _ in ["sync0", "sync1"] }
        resolvers.asyncField("Query", "async") { _, _, _, _ in "async" }
        resolvers.asyncField("Query", "asyncReject") { _, _, _, _ in
            throw GraphQLError(message: "Error getting asyncReject")
        }
        resolvers.asyncField("Query", "asyncRawReject") { _, _, _, _ in throw TestError("Error getting asyncRawReject")
        }
        resolvers.asyncField("Query", "asyncError") { _, _, _, _ in
            await Task.yield(); throw TestError("Error getting asyncError")
        }
        resolvers.asyncField("Query", "asyncReturnError") { _, _, _, _ in
            throw TestError("Error getting asyncReturnError")
        }
        let schema = try makeSchema(sdl, resolvers)
        let result = try await runQuery(
            schema,
            """
            {
              sync
              syncError
              syncRawError
              syncReturnError
              syncReturnErrorList
              async
              asyncReject
              asyncRawReject
              asyncError
              asyncReturnError
            }
            """)
        XCTAssertEqual(
            result.data,
            json(
                """
                {"sync":"sync","syncError":null,"syncRawError":null,"syncReturnError":null,"syncReturnErrorList":["sync0","sync1"],
                 "async":"async","asyncReject":null,"asyncRawReject":null,"asyncError":null,"asyncReturnError":null}
                """))
        let errors = Set(result.errors.map { "\($0.message)|\($0.locations.map(\.description))|\($0.path ?? [])" })
        XCTAssertEqual(
            errors,
            [
                "Error getting syncError|[\"3:3\"]|[syncError]",
                "Error getting syncRawError|[\"4:3\"]|[syncRawError]",
                "Error getting syncReturnError|[\"5:3\"]|[syncReturnError]",
                "Error getting asyncReject|[\"8:3\"]|[asyncReject]",
                "Error getting asyncRawReject|[\"9:3\"]|[asyncRawReject]",
                "Error getting asyncError|[\"10:3\"]|[asyncError]",
                "Error getting asyncReturnError|[\"11:3\"]|[asyncReturnError]"
            ])
    }

    func testFullResponsePathForNonNullableFields() async throws {
        let sdl = """
            type Query { nullableA: A }
            type A { aliasedA: A, nonNullA: A!, throws: String! }
            """
        var resolvers = ResolverMap()
        resolvers.field("A", "nonNullA") { _, _, _, _ in [String: any Sendable]() }
        resolvers.field("A", "throws") { _, _, _, _ in throw TestError("Catch me if you can") }
        resolvers.field("A", "aliasedA") { _, _, _, _ in [String: any Sendable]() }
        resolvers.field("Query", "nullableA") { _, _, _, _ in [String: any Sendable]() }
        let schema = try makeSchema(sdl, resolvers)
        let result = try await runQuery(
            schema,
            """
            query {
              nullableA {
                aliasedA: nullableA {
                  nonNullA {
                    anotherA: nonNullA {
                      throws
                    }
                  }
                }
              }
            }
            """)
        _ = result
        // `A.nullableA` does not exist: the aliased field is skipped, as graphql-js skips unknown fields.
        assertResult(result, #"{"data":{"nullableA":{}}}"#)

        let result2 = try await runQuery(
            schema,
            """
            query {
              nullableA {
                aliasedA {
                  nonNullA {
                    anotherA: nonNullA {
                      throws
                    }
                  }
                }
              }
            }
            """)
        assertResult(
            result2,
            """
            {"errors":[{"message":"Catch me if you can","locations":[{"line":6,"column":11}],
              "path":["nullableA","aliasedA","nonNullA","anotherA","throws"]}],
             "data":{"nullableA":{"aliasedA":null}}}
            """)
    }

    func testUsesMutationSchemaAndRunsMutationsSerially() async throws {
        let order = Locked<[String]>([])
        var resolvers = ResolverMap()
        resolvers.asyncField("Mutation", "first") { _, _, _, _ in
            order.withLock { $0.append("first start") }
            try await Task.sleep(nanoseconds: 20_000_000)
            order.withLock { $0.append("first end") }
            return 1
        }
        resolvers.asyncField("Mutation", "second") { _, _, _, _ in
            order.withLock { $0.append("second start") }
            await Task.yield()
            order.withLock { $0.append("second end") }
            return 2
        }
        resolvers.field("Mutation", "third") { _, _, _, _ in
            order.withLock { $0.append("third") }
            return 3
        }
        let schema = try makeSchema(
            "type Query { a: Int } type Mutation { first: Int, second: Int, third: Int }", resolvers)
        let result = try await runQuery(schema, "mutation { second: first first: second third }")
        assertResult(result, #"{"data":{"second":1,"first":2,"third":3}}"#)
        XCTAssertEqual(order.withLock { $0 }, ["first start", "first end", "second start", "second end", "third"])
    }

    func testQuerySiblingsRunConcurrently() async throws {
        // Two async siblings each wait for the other to have started: only
        // concurrent execution finishes.
        let started = Locked<Int>(0)
        let resolve: AsyncFieldResolver = { _, _, _, _ in
            started.withLock { $0 += 1 }
            for _ in 0..<10_000 {
                if started.withLock({ $0 }) >= 2 { return "ok" }
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            return "timeout"
        }
        var resolvers = ResolverMap()
        resolvers.asyncField("Query", "a", resolve)
        resolvers.asyncField("Query", "b", resolve)
        let schema = try makeSchema("type Query { a: String, b: String }", resolvers)
        let result = try await runQuery(schema, "{ a b }")
        assertResult(result, #"{"data":{"a":"ok","b":"ok"}}"#)
    }

    func testMutationNonNullRootErrorNullsData() async throws {
        var resolvers = ResolverMap()
        resolvers.asyncField("Mutation", "a") { _, _, _, _ in throw TestError("boom") }
        resolvers.field("Mutation", "b") { _, _, _, _ in
            XCTFail("must not run"); return 1
        }
        let schema = try makeSchema("type Query { x: Int } type Mutation { a: Int!, b: Int }", resolvers)
        let result = try await runQuery(schema, "mutation { a b }")
        assertResult(
            result, #"{"errors":[{"message":"boom","locations":[{"line":1,"column":12}],"path":["a"]}],"data":null}"#)
    }

    func testAvoidsRecursionThroughFragments() async throws {
        let schema = try makeSchema("type Query { a: String }")
        let result = try await runQuery(
            schema,
            """
            { a, ...Frag, ...Frag }
            fragment Frag on Query { a, ...Frag }
            """, root: JSONValue.object(["a": "b"]))
        assertResult(result, #"{"data":{"a":"b"}}"#)
    }

    func testFailsWhenIsTypeOfCheckIsNotMet() async throws {
        struct Special: Sendable { var value: String }
        var resolvers = ResolverMap()
        resolvers.field("Query", "specials") { _, _, _, _ in [Special(value: "foo"), "bar"] as [any Sendable] }
        resolvers.isTypeOf("SpecialType") { value, _, _ in value is Special }
        resolvers.field("SpecialType", "value") { source, _, _, _ in (source as? Special)?.value }
        let schema = try makeSchema(
            "type Query { specials: [SpecialType] } type SpecialType { value: String }", resolvers)
        let result = try await runQuery(schema, "{ specials { value } }")
        assertResult(
            result,
            """
            {"errors":[{"message":"Expected value of type \\"SpecialType\\" but got: \\"bar\\".","locations":[{"line":1,"column":3}],"path":["specials",1]}],
             "data":{"specials":[{"value":"foo"},null]}}
            """)
    }

    func testCustomScalarSerializeWithoutValue() async throws {
        var resolvers = ResolverMap()
        resolvers.scalar("CustomScalar", ScalarCoercion(serialize: { _ in .null }))
        resolvers.field("Query", "customScalar") { _, _, _, _ in "CUSTOM_VALUE" }
        let schema = try makeSchema("scalar CustomScalar type Query { customScalar: CustomScalar }", resolvers)
        let result = try await runQuery(schema, "{ customScalar }")
        assertResult(
            result,
            """
            {"errors":[{"message":"Expected `CustomScalar.serialize(\\"CUSTOM_VALUE\\")` to return non-nullable value, returned: null",
              "locations":[{"line":1,"column":3}],"path":["customScalar"]}],"data":{"customScalar":null}}
            """)
    }

    func testCustomScalarParsesInputsAndSerializesOutputs() async throws {
        var resolvers = ResolverMap()
        resolvers.scalar(
            "Upper",
            ScalarCoercion(
                serialize: { value in .string(((value as? String) ?? "").uppercased()) },
                parseValue: { value in
                    guard case .string(let text) = value else { throw TestError("Upper needs a string") }
                    return .string(text.lowercased())
                }))
        resolvers.field("Query", "echo") { _, args, _, _ in args.string("value") }
        let schema = try makeSchema("scalar Upper type Query { echo(value: Upper): Upper }", resolvers)
        assertResult(try await runQuery(schema, #"{ echo(value: "MiXeD") }"#), #"{"data":{"echo":"MIXED"}}"#)
        assertResult(
            try await runQuery(schema, "query ($v: Upper) { echo(value: $v) }", variables: ["v": "AbC"]),
            #"{"data":{"echo":"ABC"}}"#)
        assertResult(
            try await runQuery(schema, "query ($v: Upper) { echo(value: $v) }", variables: ["v": 3]),
            """
            {"errors":[{"message":"Variable \\"$v\\" got invalid value 3; Expected type \\"Upper\\". Upper needs a string","locations":[{"line":1,"column":8}]}]}
            """)
    }

    func testDefaultResolverReadsProvidersDictionariesAndJSON() async throws {
        struct Pet: FieldValueProviding {
            var name: String
            subscript(field name: String) -> ResolvedValue { name == "name" ? self.name : nil }
        }
        var resolvers = ResolverMap()
        resolvers.field("Query", "pets") { _, _, _, _ in
            [
                Pet(name: "a"), ["name": "b"] as [String: any Sendable], JSONValue.object(["name": "c"]),
                ["name": "d"] as JSONObject, ["name": nil] as [String: (any Sendable)?]
            ] as [any Sendable]
        }
        let schema = try makeSchema("type Query { pets: [Pet] } type Pet { name: String }", resolvers)
        assertResult(
            try await runQuery(schema, "{ pets { name } }"),
            #"{"data":{"pets":[{"name":"a"},{"name":"b"},{"name":"c"},{"name":"d"},{"name":null}]}}"#)
    }

    func testIntegralFloatsSerialiseAsJavaScriptDoes() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "floats") { _, _, _, _ in [3.0, 1.5, 1e21, -0.0, 1e-7] }
        let schema = try makeSchema("type Query { floats: [Float] }", resolvers)
        let result = try await runQuery(schema, "{ floats }")
        XCTAssertEqual(result.jsonString(), #"{"data":{"floats":[3,1.5,1e+21,0,1e-7]}}"#)
    }

    func testNonFiniteFloatIsAFieldError() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "f") { _, _, _, _ in Double.nan }
        let schema = try makeSchema("type Query { f: Float }", resolvers)
        assertResult(
            try await runQuery(schema, "{ f }"),
            """
            {"errors":[{"message":"Float cannot represent non numeric value: NaN","locations":[{"line":1,"column":3}],"path":["f"]}],"data":{"f":null}}
            """)
    }

    func testEnumsFromSwiftValues() async throws {
        enum Color: String, Sendable { case red = "RED", green = "GREEN" }
        var resolvers = ResolverMap()
        resolvers.field("Query", "colors") { _, _, _, _ in
            [Color.red, "GREEN", JSONValue.string("BLUE")] as [any Sendable]
        }
        resolvers.field("Query", "pick") { _, args, _, _ in args.string("c") }
        let schema = try makeSchema(
            "enum Color { RED GREEN BLUE } type Query { colors: [Color] pick(c: Color): Color }", resolvers)
        assertResult(
            try await runQuery(schema, "{ colors pick(c: GREEN) }"),
            #"{"data":{"colors":["RED","GREEN","BLUE"],"pick":"GREEN"}}"#)
    }

    func testErrorExtensionsAndResponseFormat() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "a") { _, _, _, _ in
            var error = GraphQLError(message: "Upstream down")
            error.extensions = ["code": "UPSTREAM_UNAVAILABLE", "upstream": "dog-ceo"]
            throw error
        }
        let schema = try makeSchema("type Query { a: [String] }", resolvers)
        let result = try await runQuery(schema, "{ a }")
        XCTAssertEqual(
            result.jsonString(),
            """
            {"errors":[{"message":"Upstream down","locations":[{"line":1,"column":3}],"path":["a"],"extensions":{"code":"UPSTREAM_UNAVAILABLE","upstream":"dog-ceo"}}],"data":{"a":null}}
            """)
    }

    func testBindingErrors() throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "nope") { _, _, _, _ in nil }
        resolvers.field("Nope", "a") { _, _, _, _ in nil }
        resolvers.resolveType("Query") { _, _, _ in nil }
        let schema = try buildASTSchema(try parse("type Query { a: Int }"))
        XCTAssertThrowsError(try ExecutableSchema(schema: schema, resolvers: resolvers)) { error in
            XCTAssertEqual((error as? SchemaBindingError)?.problems.count, 3)
        }
    }

    func testInterfaceResolverAppliesToImplementations() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Named", "name") { _, _, _, _ in "from interface" }
        resolvers.field("B", "name") { _, _, _, _ in "own" }
        resolvers.field("Query", "a") { _, _, _, _ in [String: any Sendable]() }
        resolvers.field("Query", "b") { _, _, _, _ in [String: any Sendable]() }
        let schema = try makeSchema(
            "interface Named { name: String } type A implements Named { name: String } type B implements Named { name: String } type Query { a: A, b: B }",
            resolvers)
        assertResult(
            try await runQuery(schema, "{ a { name } b { name } }"),
            #"{"data":{"a":{"name":"from interface"},"b":{"name":"own"}}}"#)
    }
}
