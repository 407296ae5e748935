import JSON
import XCTest
@testable import GraphQL

/// Typed resolvers (`resolvers.field(_:_:on:_:)`): unboxed leaves, objects,
/// lists, and the same serialisation rules and errors as general resolvers.
final class TypedResolverTests: XCTestCase {
    final class Thing: Sendable {
        let name: String, count: Int, ratio: Double, flag: Bool, note: String?, tags: [String]
        let big: Int, color: String, child: Thing?
        init(
            name: String, count: Int = 1, ratio: Double = 0.5, flag: Bool = true, note: String? = nil,
            tags: [String] = ["x"], big: Int = 0, color: String = "RED", child: Thing? = nil
        ) {
            self.name = name; self.count = count; self.ratio = ratio; self.flag = flag; self.note = note
            self.tags = tags; self.big = big; self.color = color; self.child = child
        }
    }

    final class SpecialThing: Sendable {
        let name = "special"
    }

    /// A struct too large for an existential's inline buffer.
    struct Wide: Sendable {
        let a: Int, b: Int, c: Int, d: Int
    }

    static let sdl = """
        type Query { thing: Thing, things: [Thing!]!, wrong: Thing, wide: Wide, throwing: Thing }
        enum Color { RED GREEN }
        type Thing {
          name: String!, count: Int, ratio: Float, flag: Boolean, note: String, tags: [String!]!
          big: Int, color: Color, child: Thing, countAsString: String, nameAsInt: Int, id: ID
          nan: Float, failing: String, failingNonNull: String!
          kids: [Thing!]!, counts: [Int], nested: [[String!]!]!, anyKids: [Thing!]!
        }
        type Wide { sum: Int }
        """

    func schema(root: @escaping @Sendable () -> ResolvedValue = { nil }) throws -> ExecutableSchema {
        var resolvers = ResolverMap()
        resolvers.field("Query", "thing") { _, _, _, _ in
            Thing(
                name: "a", count: 2, ratio: 1.5, flag: false, note: nil, tags: ["p", "q"], big: 1 << 40,
                color: "GREEN", child: Thing(name: "b"))
        }
        resolvers.field("Query", "things") { _, _, _, _ in [Thing(name: "x"), Thing(name: "y", note: "n")] }
        resolvers.field("Query", "wrong") { _, _, _, _ in SpecialThing() }
        resolvers.field("Query", "wide") { _, _, _, _ in Wide(a: 1, b: 2, c: 3, d: 4) }
        resolvers.field("Query", "throwing") { _, _, _, _ in Thing(name: "t") }
        resolvers.field("Thing", "name", on: Thing.self) { $0.name }
        resolvers.field("Thing", "count", on: Thing.self) { $0.count }
        resolvers.field("Thing", "ratio", on: Thing.self) { $0.ratio }
        resolvers.field("Thing", "flag", on: Thing.self) { $0.flag }
        resolvers.field("Thing", "note", on: Thing.self) { $0.note }
        resolvers.field("Thing", "tags", on: Thing.self) { $0.tags }
        resolvers.field("Thing", "big", on: Thing.self) { $0.big }
        resolvers.field("Thing", "color", on: Thing.self) { $0.color }
        resolvers.field("Thing", "child", on: Thing.self) { $0.child }
        resolvers.field("Thing", "countAsString", on: Thing.self) { $0.count }
        resolvers.field("Thing", "nameAsInt", on: Thing.self) { $0.name }
        resolvers.field("Thing", "id", on: Thing.self) { $0.count }
        resolvers.field("Thing", "nan", on: Thing.self) { _ in Double.nan }
        resolvers.field("Thing", "failing", on: Thing.self) { _ -> String in
            throw GraphQLError(message: "no luck")
        }
        resolvers.field("Thing", "failingNonNull", on: Thing.self) { _ -> String in
            throw GraphQLError(message: "no luck either")
        }
        resolvers.field("Wide", "sum", on: Wide.self) { $0.a + $0.b + $0.c + $0.d }
        // Typed lists (the `[Item]` overload): objects, optional items, lists of lists, and a list
        // already of `[any Sendable]`.
        resolvers.field("Thing", "kids", on: Thing.self) { [Thing(name: $0.name + "1"), Thing(name: $0.name + "2")] }
        resolvers.field("Thing", "counts", on: Thing.self) { [$0.count, nil, 7] as [Int?] }
        resolvers.field("Thing", "nested", on: Thing.self) { [$0.tags, [], ["z"]] }
        resolvers.field("Thing", "anyKids", on: Thing.self) { [Thing(name: $0.name + "!") as any Sendable] }
        return try makeSchema(Self.sdl, resolvers)
    }

    func run(_ query: String) async throws -> String {
        canonical(try await runQuery(try schema(), query).json)
    }

    func testLeavesObjectsAndListsResolveUnboxed() async throws {
        let result = try await run(
            """
            { thing { name count ratio flag note tags big color child { name child { name } } countAsString id } }
            """)
        XCTAssertEqual(
            result,
            """
            {"errors":[{"message":"Int cannot represent non 32-bit signed integer value: 1099511627776",\
            "locations":[{"line":1,"column":43}],"path":["thing","big"]}],\
            "data":{"thing":{"name":"a","count":2,"ratio":1.5,"flag":false,"note":null,"tags":["p","q"],\
            "big":null,"color":"GREEN","child":{"name":"b","child":null},"countAsString":"2","id":"2"}}}
            """)
    }

    func testListOfTypedObjects() async throws {
        let result = try await run("{ things { name note } }")
        XCTAssertEqual(result, #"{"data":{"things":[{"name":"x","note":null},{"name":"y","note":"n"}]}}"#)
    }

    func testTypedListsOfEveryKind() async throws {
        let result = try await run("{ thing { kids { name kids { name } } counts nested anyKids { name } } }")
        XCTAssertEqual(
            result,
            """
            {"data":{"thing":{"kids":[{"name":"a1","kids":[{"name":"a11"},{"name":"a12"}]},\
            {"name":"a2","kids":[{"name":"a21"},{"name":"a22"}]}],"counts":[2,null,7],\
            "nested":[["p","q"],[],["z"]],"anyKids":[{"name":"a!"}]}}}
            """)
    }

    /// A typed resolver returning an array binds the `[Item]` overload: the engine gets the items
    /// as `[any Sendable]` (read in place), except `[String]`, which stays an unboxed leaf.
    func testTypedListsReachTheEngineBoxedOnce() throws {
        var resolvers = ResolverMap()
        resolvers.field("Thing", "kids", on: Thing.self) { [Thing(name: $0.name + "1")] }
        resolvers.field("Thing", "counts", on: Thing.self) { [$0.count, nil] as [Int?] }
        resolvers.field("Thing", "tags", on: Thing.self) { $0.tags }
        let source: ResolvedValue = Thing(name: "a", count: 3, tags: ["t"])
        func call(_ field: String) throws -> (TypedLeaf, ResolvedValue) {
            guard case .typed(let resolver)? = resolvers["Thing", field] else {
                XCTFail("\(field) is not a typed resolver")
                return (.null, nil)
            }
            var other: ResolvedValue = nil
            let leaf = try resolver.call(source, &other)
            return (leaf, other)
        }
        let (kidsLeaf, kids) = try call("kids")
        guard case .other = kidsLeaf, let kids else { return XCTFail("kids: \(kidsLeaf)") }
        XCTAssertTrue(type(of: kids) == [any Sendable].self, "kids: \(type(of: kids))")
        XCTAssertEqual((kids as? [any Sendable])?.compactMap { ($0 as? Thing)?.name }, ["a1"])
        let (_, counts) = try call("counts")
        XCTAssertTrue(type(of: counts!) == [any Sendable].self, "counts: \(type(of: counts!))")
        XCTAssertEqual((counts as? [any Sendable])?.map { $0 as? Int? }, [3, .some(nil)])
        let (tagsLeaf, tags) = try call("tags")
        guard case .stringList(let strings) = tagsLeaf else { return XCTFail("tags: \(tagsLeaf)") }
        XCTAssertEqual(strings, ["t"])
        XCTAssertNil(tags)
    }

    func testSerialisationErrorsMatchGeneralResolvers() async throws {
        let result = try await run("{ thing { nameAsInt nan } }")
        XCTAssertEqual(
            result,
            """
            {"errors":[{"message":"Int cannot represent non-integer value: \\"a\\"","locations":[{"line":1,"column":11}],\
            "path":["thing","nameAsInt"]},{"message":"Float cannot represent non numeric value: NaN",\
            "locations":[{"line":1,"column":21}],"path":["thing","nan"]}],"data":{"thing":{"nameAsInt":null,"nan":null}}}
            """)
    }

    func testThrownErrorsBecomeFieldErrorsAndNullsPropagate() async throws {
        let result = try await run("{ throwing { failing } thing { name failingNonNull } }")
        XCTAssertEqual(
            result,
            """
            {"errors":[{"message":"no luck","locations":[{"line":1,"column":14}],"path":["throwing","failing"]},\
            {"message":"no luck either","locations":[{"line":1,"column":37}],"path":["thing","failingNonNull"]}],\
            "data":{"throwing":{"failing":null},"thing":null}}
            """)
    }

    func testSourceOfAnotherTypeIsAFieldError() async throws {
        let result = try await run("{ wrong { name } }")
        XCTAssertTrue(result.contains(#""message":"Expected a source value of type Thing"#), result)
        XCTAssertTrue(result.hasSuffix(#""path":["wrong","name"]}],"data":{"wrong":null}}"#), result)
    }

    func testStructSourceStoredOutOfLine() async throws {
        let result = try await run("{ wide { sum } }")
        XCTAssertEqual(result, #"{"data":{"wide":{"sum":10}}}"#)
    }

    /// `typedSource(_:as:)` in asynchronous and general resolvers: a class, a struct stored inline
    /// and one stored out of line read as their type; a source of another type is the typed
    /// resolvers' field error.
    func testTypedSourceInAsyncResolvers() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "thing") { _, _, _, _ in Thing(name: "a", count: 3) }
        resolvers.field("Query", "wrong") { _, _, _, _ in SpecialThing() }
        resolvers.field("Query", "wide") { _, _, _, _ in Wide(a: 1, b: 2, c: 3, d: 4) }
        resolvers.field("Query", "small") { _, _, _, _ in 7 }
        resolvers.asyncField("Thing", "name") { source, _, _, _ in
            await Task.yield()
            return try typedSource(source, as: Thing.self).name
        }
        resolvers.asyncField("Thing", "count") { source, _, _, _ in try typedSource(source, as: Thing.self).count }
        resolvers.asyncField("Wide", "sum") { source, _, _, _ in
            let wide = try typedSource(source, as: Wide.self)
            return wide.a + wide.b + wide.c + wide.d
        }
        resolvers.field("Small", "double") { source, _, _, _ in try typedSource(source, as: Int.self) * 2 }
        let schema = try makeSchema(
            """
            type Query { thing: Thing, wrong: Thing, wide: Wide, small: Small }
            type Thing { name: String!, count: Int } type Wide { sum: Int } type Small { double: Int }
            """, resolvers)
        let result = canonical(
            try await runQuery(schema, "{ thing { name count } wide { sum } small { double } wrong { count } }").json)
        XCTAssertTrue(
            result.contains(
                #""data":{"thing":{"name":"a","count":3},"wide":{"sum":10},"small":{"double":14},"wrong":{"count":null}}"#
            ), result)
        XCTAssertTrue(result.contains(#""message":"Expected a source value of type Thing, got: "#), result)
        XCTAssertTrue(result.contains(#""path":["wrong","count"]"#), result)
    }
}

/// The default resolver's source access: providers of every storage kind,
/// JSON objects, dictionaries, and sources of changing types under one plan.
final class SourceAccessTests: XCTestCase {
    class Base: FieldValueProviding, @unchecked Sendable {
        subscript(field name: String) -> ResolvedValue { name == "name" ? "base" : nil }
    }

    final class Derived: Base, @unchecked Sendable {
        override subscript(field name: String) -> ResolvedValue { name == "name" ? "derived" : nil }
    }

    struct SmallProvider: FieldValueProviding {
        let name: String
        subscript(field name: String) -> ResolvedValue { name == "name" ? self.name : nil }
    }

    struct WideProvider: FieldValueProviding {
        let name: String, a: Int, b: Int, c: Int
        subscript(field name: String) -> ResolvedValue { name == "name" ? "\(self.name)\(a + b + c)" : nil }
    }

    func testEverySourceKindUnderOnePlan() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in
            let items: [any Sendable] = [
                SmallProvider(name: "small"), WideProvider(name: "wide", a: 1, b: 2, c: 3), Derived(), Base(),
                JSONValue.object(["name": "json value"]), ["name": "json object"] as JSONObject,
                ["name": "dictionary"] as [String: any Sendable], ["name": nil] as [String: ResolvedValue],
                SmallProvider(name: "small again"), 42
            ]
            let base: Base = Derived()
            return items + [base]
        }
        let schema = try makeSchema("type Query { items: [Item] } type Item { name: String }", resolvers)
        let result = try await runQuery(schema, "{ items { name } }")
        XCTAssertEqual(
            canonical(result.json),
            """
            {"data":{"items":[{"name":"small"},{"name":"wide6"},{"name":"derived"},{"name":"base"},\
            {"name":"json value"},{"name":"json object"},{"name":"dictionary"},{"name":null},\
            {"name":"small again"},{"name":null},{"name":"derived"}]}}
            """)
    }

    /// A plan knows the access of the source it was built for; other types, and a plan built
    /// for no source, are classified as they come.
    func testCacheKnowsTheSampleType() {
        let known = SourceAccessCache(sample: SmallProvider(name: "first"))
        guard case .provider(let type)? = known.kind(for: SmallProvider(name: "next")) else {
            return XCTFail("not a provider")
        }
        XCTAssertTrue(type == SmallProvider.self)
        guard case .jsonObject? = known.kind(for: ["name": "j"] as JSONObject) else { return XCTFail("not JSON") }
        guard case .provider? = known.kind(for: SmallProvider(name: "again")) else { return XCTFail("not a provider") }
        XCTAssertNil(known.kind(for: nil))
        let unknown = SourceAccessCache(sample: nil)
        guard case .dictionary? = unknown.kind(for: ["name": "d"] as [String: any Sendable]) else {
            return XCTFail("not a dictionary")
        }
        guard case .provider? = unknown.kind(for: WideProvider(name: "w", a: 0, b: 0, c: 0)) else {
            return XCTFail("not a provider")
        }
    }

    /// A plan built for a null first item (no sample) and for an item of another type than the
    /// rest reads every later source by its own type.
    func testPlanBuiltForANullOrOddFirstSource() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "withNull") { _, _, _, _ in
            [nil, SmallProvider(name: "a"), SmallProvider(name: "b")] as [SmallProvider?]
        }
        resolvers.field("Query", "odd") { _, _, _, _ in
            [["name": "first"] as JSONObject, SmallProvider(name: "a"), SmallProvider(name: "b")] as [any Sendable]
        }
        let schema = try makeSchema(
            "type Query { withNull: [Item], odd: [Item] } type Item { name: String }", resolvers)
        for _ in 0..<2 {
            let result = try await runQuery(schema, "{ withNull { name } odd { name } }")
            XCTAssertEqual(
                canonical(result.json),
                """
                {"data":{"withNull":[null,{"name":"a"},{"name":"b"}],\
                "odd":[{"name":"first"},{"name":"a"},{"name":"b"}]}}
                """)
        }
    }

    /// Objects held in optionals inside `any Sendable` (items of a `[Provider?]`, a typed
    /// resolver returning `Provider?`) are read through the optional, as casts do.
    func testSourcesInsideOptionals() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in
            [SmallProvider(name: "a"), nil, SmallProvider(name: "c")] as [SmallProvider?]
        }
        resolvers.field("Query", "one", on: Int.self) { _ -> SmallProvider? in SmallProvider(name: "one") }
        resolvers.field("Query", "none", on: Int.self) { _ -> SmallProvider? in nil }
        let schema = try makeSchema(
            """
            type Query { items: [Item], one: Item, none: Item } type Item { name: String }
            """, resolvers)
        let result = try await runQuery(schema, "{ items { name } one { name } none { name } }", root: 0)
        XCTAssertEqual(
            canonical(result.json),
            """
            {"data":{"items":[{"name":"a"},null,{"name":"c"}],"one":{"name":"one"},"none":null}}
            """)
    }

    /// Sources of alternating types read concurrently under one plan (async
    /// parents run their children in several tasks): the per-plan cache is
    /// replaced while read; every field must still come from its own source.
    func testConcurrentSourcesOfChangingTypes() async throws {
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, _, _, _ in Array(0..<300) }
        resolvers.asyncField("Item", "detail") { source, _, _, _ in
            await Task.yield()
            guard let index = source as? Int else { return nil }
            if index % 3 == 0 { return SmallProvider(name: "p\(index)") }
            if index % 3 == 1 { return ["name": .string("j\(index)")] as JSONObject }
            return WideProvider(name: "w\(index)", a: 0, b: 0, c: 0)
        }
        resolvers.field("Item", "index") { source, _, _, _ in source }
        let schema = try makeSchema(
            """
            type Query { items: [Item!]! } type Item { index: Int!, detail: Detail } type Detail { name: String }
            """, resolvers)
        for _ in 0..<5 {
            let result = try await runQuery(schema, "{ items { index detail { name } } }")
            XCTAssertTrue(result.errors.isEmpty)
            guard let items = result.data?["items"]?.arrayValue else { return XCTFail("no items") }
            XCTAssertEqual(items.count, 300)
            for (index, item) in items.enumerated() {
                let expected = index % 3 == 0 ? "p\(index)" : index % 3 == 1 ? "j\(index)" : "w\(index)0"
                XCTAssertEqual(item["detail"]?["name"]?.stringValue, expected)
            }
        }
    }
}
