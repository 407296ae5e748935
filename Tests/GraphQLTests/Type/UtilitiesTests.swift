import XCTest
import JSON
@testable import GraphQL

/// valueFromAST, astFromValue, typeFromAST, type comparators and suggestions,
/// from graphql-js 16's `valueFromAST-test`, `astFromValue-test`,
/// `typeComparators-test` and `suggestionList-test` / `didYouMean-test`.
final class UtilitiesTests: XCTestCase {
    static let schema: GraphQLSchema = {
        do {
            return try buildSchema(
                """
                type Query { f(a: TestInput, b: TestOneOfInput, c: Color): String, node: Node, u: U }
                input TestInput { int: Int = 42, bool: Boolean, requiredBool: Boolean! }
                input TestOneOfInput @oneOf { a: String, b: String }
                enum Color { RED GREEN BLUE }
                scalar JSON
                interface Node { id: ID }
                interface Named implements Node { id: ID, name: String }
                type Dog implements Node & Named { id: ID, name: String }
                type Cat implements Node { id: ID }
                type Rock { id: ID }
                union U = Dog | Rock
                """)
        } catch {
            XCTFail("\(error)")
            return GraphQLSchema(query: nil)
        }
    }()

    func named(_ name: String) -> GraphQLType {
        guard let type = Self.schema.type(named: name) else {
            XCTFail("no type \(name)")
            return .named(.scalar(.string))
        }
        return .named(type)
    }

    let bool: GraphQLType = .named(.scalar(.boolean))
    let int: GraphQLType = .named(.scalar(.int))
    let float: GraphQLType = .named(.scalar(.float))
    let string: GraphQLType = .named(.scalar(.string))
    let id: GraphQLType = .named(.scalar(.id))

    func value(
        _ text: String, _ type: GraphQLType, _ variables: [String: JSONValue]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> JSONValue? {
        do {
            return valueFromAST(try parseValue(text), type: type, variables: variables)
        } catch {
            XCTFail(error.message, file: file, line: line)
            return nil
        }
    }

    // MARK: valueFromAST

    func testConvertsAccordingToInputCoercionRules() {
        XCTAssertEqual(value("true", bool), .bool(true))
        XCTAssertEqual(value("false", bool), .bool(false))
        XCTAssertEqual(value("123", int), .int(123))
        XCTAssertEqual(value("123", float), .double(123))
        XCTAssertEqual(value("123.456", float), .double(123.456))
        XCTAssertEqual(value("\"abc123\"", string), .string("abc123"))
        XCTAssertEqual(value("123456", id), .string("123456"))
        XCTAssertEqual(value("\"123456\"", id), .string("123456"))
    }

    func testRejectsValuesThatInputCoercionRejects() {
        XCTAssertNil(value("123", bool))
        XCTAssertNil(value("123.456", int))
        XCTAssertNil(value("true", int))
        XCTAssertNil(value("\"123\"", int))
        XCTAssertNil(value("\"123\"", float))
        XCTAssertNil(value("123", string))
        XCTAssertNil(value("true", string))
        XCTAssertNil(value("123.456", string))
        XCTAssertNil(value("2147483648", int))
        XCTAssertEqual(value("-2147483648", int), .int(-2_147_483_648))
    }

    func testCustomScalarsKeepTheLiteral() {
        XCTAssertEqual(
            value("{a: [1, 2.5, \"x\", null, B]}", named("JSON")),
            .object(["a": .array([.int(1), .double(2.5), .string("x"), .null, .string("B")])]))
        XCTAssertEqual(value("$v", named("JSON"), ["v": .string("x")]), .string("x"))
    }

    func testEnumValues() {
        let color = named("Color")
        XCTAssertEqual(value("RED", color), .string("RED"))
        XCTAssertEqual(value("BLUE", color), .string("BLUE"))
        XCTAssertNil(value("3", color))
        XCTAssertNil(value("\"BLUE\"", color))
        XCTAssertNil(value("PURPLE", color))
        XCTAssertEqual(value("null", color), .null)
        XCTAssertNil(value("null", .nonNull(color)))
    }

    func testLists() {
        let listOfBool: GraphQLType = .list(bool)
        XCTAssertEqual(value("true", listOfBool), .array([.bool(true)]))
        XCTAssertNil(value("123", listOfBool))
        XCTAssertEqual(value("null", listOfBool), .null)
        XCTAssertEqual(value("[true, false]", listOfBool), .array([.bool(true), .bool(false)]))
        XCTAssertNil(value("[true, 123]", listOfBool))
        XCTAssertEqual(value("[true, null]", listOfBool), .array([.bool(true), .null]))
        XCTAssertNil(value("{ true: true }", listOfBool))
        XCTAssertNil(value("null", .nonNull(listOfBool)))
        XCTAssertNil(value("[true, null]", .list(.nonNull(bool))))
        XCTAssertEqual(value("[true]", .nonNull(.list(.nonNull(bool)))), .array([.bool(true)]))
    }

    func testInputObjects() {
        let input = named("TestInput")
        XCTAssertEqual(value("null", input), .null)
        XCTAssertNil(value("123", input))
        XCTAssertNil(value("[]", input))
        XCTAssertEqual(
            value("{ int: 123, requiredBool: false }", input),
            .object(["int": .int(123), "requiredBool": .bool(false)]))
        XCTAssertEqual(
            value("{ bool: true, requiredBool: false }", input),
            .object(["int": .int(42), "bool": .bool(true), "requiredBool": .bool(false)]))
        XCTAssertNil(value("{ int: true, requiredBool: true }", input))
        XCTAssertNil(value("{ requiredBool: null }", input))
        XCTAssertNil(value("{ bool: true }", input))
    }

    func testOneOfInputObjects() {
        let oneOf = named("TestOneOfInput")
        XCTAssertEqual(value("{ a: \"abc\" }", oneOf), .object(["a": .string("abc")]))
        XCTAssertEqual(value("{ b: \"def\" }", oneOf), .object(["b": .string("def")]))
        XCTAssertNil(value("{ a: \"abc\", b: null }", oneOf))
        XCTAssertNil(value("{ a: null }", oneOf))
        XCTAssertNil(value("{ a: 1 }", oneOf))
        XCTAssertNil(value("{ a: \"abc\", b: \"def\" }", oneOf))
        XCTAssertNil(value("{}", oneOf))
        XCTAssertNil(value("{ c: \"abc\" }", oneOf))
    }

    func testVariables() {
        XCTAssertNil(value("$var", bool, [:]))
        XCTAssertEqual(value("$var", bool, ["var": .bool(true)]), .bool(true))
        XCTAssertEqual(value("$var", bool, ["var": .null]), .null)
        XCTAssertNil(value("$var", .nonNull(bool), ["var": .null]))
        XCTAssertEqual(value("[ $foo ]", .list(bool), [:]), .array([.null]))
        XCTAssertNil(value("[ $foo ]", .list(.nonNull(bool)), [:]))
        XCTAssertEqual(value("[ $foo ]", .list(.nonNull(bool)), ["foo": .bool(true)]), .array([.bool(true)]))
        XCTAssertEqual(value("$foo", .list(.nonNull(bool)), ["foo": .bool(true)]), .bool(true))
        let input = named("TestInput")
        XCTAssertEqual(
            value("{ int: $foo, bool: $foo, requiredBool: true }", input, [:]),
            .object(["int": .int(42), "requiredBool": .bool(true)]))
        XCTAssertNil(value("{ requiredBool: $foo }", input, [:]))
        XCTAssertEqual(
            value("{ requiredBool: $foo }", input, ["foo": .bool(true)]),
            .object(["int": .int(42), "requiredBool": .bool(true)]))
    }

    // MARK: astFromValue

    func ast(_ value: JSONValue, _ type: GraphQLType) -> String? {
        astFromValue(value, type: type).map(\.printed)
    }

    func testAstFromValue() {
        XCTAssertEqual(ast(.bool(true), bool), "true")
        XCTAssertEqual(ast(.int(0), bool), "false")
        XCTAssertEqual(ast(.null, bool), "null")
        XCTAssertNil(ast(.null, .nonNull(bool)))
        XCTAssertEqual(ast(.int(-1), int), "-1")
        XCTAssertEqual(ast(.double(123.0), int), "123")
        XCTAssertEqual(ast(.double(1e4), int), "10000")
        XCTAssertNil(ast(.double(123.5), int))
        XCTAssertNil(ast(.double(1e40), int))
        XCTAssertEqual(ast(.double(123.5), float), "123.5")
        XCTAssertEqual(ast(.double(1e40), float), "1e+40")
        XCTAssertEqual(ast(.string("hello"), string), "\"hello\"")
        XCTAssertEqual(ast(.string("VALUE"), string), "\"VALUE\"")
        XCTAssertEqual(ast(.string("VA\nLUE"), string), "\"VA\\nLUE\"")
        XCTAssertEqual(ast(.int(123), string), "\"123\"")
        XCTAssertEqual(ast(.bool(false), string), "\"false\"")
        XCTAssertEqual(ast(.string("hello"), id), "\"hello\"")
        XCTAssertEqual(ast(.string("123"), id), "123")
        XCTAssertEqual(ast(.string("01"), id), "\"01\"")
        XCTAssertEqual(ast(.string("RED"), named("Color")), "RED")
        XCTAssertNil(ast(.string("PURPLE"), named("Color")))
        XCTAssertEqual(ast(.array([.string("RED"), .string("GREEN")]), .list(named("Color"))), "[RED, GREEN]")
        XCTAssertEqual(ast(.string("GREEN"), .list(named("Color"))), "GREEN")
        XCTAssertEqual(
            ast(.object(["requiredBool": .bool(true), "int": .int(3)]), named("TestInput")),
            "{int: 3, requiredBool: true}")
        XCTAssertEqual(ast(.object(["bool": .null]), named("TestInput")), "{bool: null}")
    }

    // MARK: typeFromAST, comparators

    func testTypeFromAST() throws {
        XCTAssertEqual(typeFromAST(Self.schema, try parseType("[Color!]!"))?.description, "[Color!]!")
        XCTAssertNil(typeFromAST(Self.schema, try parseType("[Unknown]")))
    }

    func testTypeComparators() {
        let schema = Self.schema
        XCTAssertTrue(isEqualType(.list(int), .list(int)))
        XCTAssertFalse(isEqualType(.list(int), int))
        XCTAssertFalse(isEqualType(.nonNull(int), int))
        XCTAssertTrue(isTypeSubTypeOf(schema, int, int))
        XCTAssertTrue(isTypeSubTypeOf(schema, .nonNull(int), int))
        XCTAssertFalse(isTypeSubTypeOf(schema, int, .nonNull(int)))
        XCTAssertFalse(isTypeSubTypeOf(schema, int, float))
        XCTAssertTrue(isTypeSubTypeOf(schema, .list(.nonNull(named("Dog"))), .list(named("Node"))))
        XCTAssertTrue(isTypeSubTypeOf(schema, named("Named"), named("Node")))
        XCTAssertFalse(isTypeSubTypeOf(schema, named("Node"), named("Dog")))
        XCTAssertTrue(isTypeSubTypeOf(schema, named("Dog"), named("U")))
        XCTAssertFalse(isTypeSubTypeOf(schema, named("Cat"), named("U")))
        XCTAssertFalse(isTypeSubTypeOf(schema, .list(named("Dog")), named("Node")))

        func t(_ name: String) -> GraphQLNamedType { named(name).namedType }
        XCTAssertTrue(doTypesOverlap(schema, t("Dog"), t("Dog")))
        XCTAssertTrue(doTypesOverlap(schema, t("Node"), t("Dog")))
        XCTAssertTrue(doTypesOverlap(schema, t("U"), t("Node")))
        XCTAssertFalse(doTypesOverlap(schema, t("U"), t("Cat")))
        XCTAssertFalse(doTypesOverlap(schema, t("Dog"), t("Cat")))
        XCTAssertEqual(schema.possibleTypes(of: t("Node")).map(\.name), ["Dog", "Cat"])
        XCTAssertTrue(schema.isSubType(t("Node"), t("Named")))
    }

    // MARK: Suggestions

    /// Expected lists checked against graphql-js 16.6 `suggestionList`.
    func testSuggestionList() {
        XCTAssertEqual(suggestionList("", ["a"]), ["a"])
        XCTAssertEqual(suggestionList("a", [String]()), [])
        XCTAssertEqual(suggestionList("greenish", ["green"]), ["green"])
        XCTAssertEqual(suggestionList("green", ["greenish"]), ["greenish"])
        XCTAssertEqual(suggestionList("verylongstring", ["VERYLONGSTRING"]), ["VERYLONGSTRING"])
        XCTAssertEqual(suggestionList("VERYLONGSTRING", ["verylongstring"]), ["verylongstring"])
        XCTAssertEqual(suggestionList("VERYLONGSTRING", ["VeryLongString"]), ["VeryLongString"])
        XCTAssertEqual(
            suggestionList("GraphQl", ["graphics", "SQL", "GraphQL", "quarks", "mark"]), ["GraphQL", "graphics"])
        XCTAssertEqual(suggestionList("abc", ["ab", "a", "bc"]), ["ab", "bc", "a"])
        XCTAssertEqual(suggestionList("ab", ["ca"]), [])
        XCTAssertEqual(suggestionList("ab", ["ab", "a"]), ["ab", "a"])
        XCTAssertEqual(suggestionList("ab", ["a", "b", "c"]), ["a", "b"])
        XCTAssertEqual(suggestionList("ab", ["abc", "ba"]), ["abc", "ba"])
        XCTAssertEqual(suggestionList("GraphQL", ["GraphQL"]), ["GraphQL"])
        XCTAssertEqual(suggestionList("abc", ["a", "ab", "abc"]), ["abc", "ab", "a"])
        XCTAssertEqual(suggestionList("ab", ["a", "ab"]), ["ab", "a"])
        XCTAssertEqual(suggestionList("t", ["rt", "st", "ta"]), ["rt", "st", "ta"])
        XCTAssertEqual(suggestionList("a", ["a10", "a2", "a1"]), ["a1", "a2"])
        XCTAssertEqual(suggestionList("a", ["a1", "a10", "a2", "a1x"]), ["a1", "a2"])
        XCTAssertEqual(suggestionList("test", ["test10", "test2", "test1"]), ["test1", "test2", "test10"])
    }

    func testDidYouMean() {
        XCTAssertEqual(didYouMean([]), "")
        XCTAssertEqual(didYouMean(["A"]), " Did you mean \"A\"?")
        XCTAssertEqual(didYouMean(["A", "B"]), " Did you mean \"A\" or \"B\"?")
        XCTAssertEqual(didYouMean(["A", "B", "C"]), " Did you mean \"A\", \"B\", or \"C\"?")
        XCTAssertEqual(
            didYouMean(["A", "B", "C", "D", "E", "F"]), " Did you mean \"A\", \"B\", \"C\", \"D\", or \"E\"?")
        XCTAssertEqual(didYouMean("the enum value", ["A"]), " Did you mean the enum value \"A\"?")
    }

    func testUnknownTypeSuggestions() {
        expectBuildErrors(
            "type Query { a: Strin, b: Colour } enum Color { RED }",
            [
                #"Unknown type "Strin". Did you mean "String"? @ 1:17"#,
                #"Unknown type "Colour". Did you mean "Color"? @ 1:27"#
            ])
    }

    func testSourceLocatorAgreesWithSource() {
        let source = Source("a\r\nbc\rd\n\u{e9}t\u{e9} \u{1F600}x\n\n  end")
        let locator = SourceLocator(source)
        for offset in 0...source.body.utf8.count + 2 {
            XCTAssertEqual(locator.location(at: offset), source.scannedLocation(at: offset), "offset \(offset)")
            XCTAssertEqual(source.location(at: offset), source.scannedLocation(at: offset), "offset \(offset)")
        }
        // Out of order too (the locator caches its last position on a non-ASCII line).
        for offset in stride(from: source.body.utf8.count + 2, through: 0, by: -1) {
            XCTAssertEqual(source.location(at: offset), source.scannedLocation(at: offset), "offset \(offset)")
        }
    }
}
