import XCTest
import JSON
@testable import GraphQL

/// Cases of graphql-js 16.x that its 16.6 oracle cannot answer (`@oneOf`), cases
/// that graphql-js writes with `extendSchema` (here: extensions in the same
/// document), and details of the built model.
final class HandWrittenSchemaTests: XCTestCase {
    // MARK: @oneOf (graphql-js 16.9+)

    func testOneOfInputObjectIsBuiltAndPrinted() throws {
        let sdl = """
            type Query {
              f(input: SomeInput): String
            }

            input SomeInput @oneOf {
              a: String
              b: Int
            }
            """
        let schema = try buildSchema(sdl)
        XCTAssertEqual(schema.type(named: "SomeInput")?.asInputObject?.isOneOf, true)
        XCTAssertEqual(describe(validateSchema(schema)), [])
        XCTAssertEqual(printSchema(schema), sdl)
    }

    func testOneOfFieldsMustBeNullable() throws {
        let schema = try buildSchema(
            """
            type Query {
              test(arg: SomeInputObject): String
            }

            input SomeInputObject @oneOf {
              a: String
              b: String!
            }
            """)
        XCTAssertEqual(
            describe(validateSchema(schema)), ["OneOf input field SomeInputObject.b must be nullable. @ 7:6"])
    }

    func testOneOfFieldsCannotHaveDefaults() throws {
        let schema = try buildSchema(
            """
            type Query {
              test(arg: SomeInputObject): String
            }

            input SomeInputObject @oneOf {
              a: String
              b: String = "foo"
            }
            """)
        XCTAssertEqual(
            describe(validateSchema(schema)),
            ["OneOf input field SomeInputObject.b cannot have a default value. @ 7:3"])
    }

    func testOneOfOnlyOnTheDefinitionCounts() throws {
        // graphql-js reads @oneOf from the definition only.
        let schema = try buildSchema(
            """
            type Query { f(i: I): String }
            input I { a: String }
            extend input I @oneOf
            """)
        XCTAssertEqual(schema.type(named: "I")?.asInputObject?.isOneOf, false)
    }

    func testOneOfDirectiveOnlyOnInputObjects() {
        expectBuildErrors(
            """
            type Query @oneOf { f: String }
            """, [#"Directive "@oneOf" may not be used on OBJECT. @ 1:12"#])
    }

    // MARK: Root types through extensions

    func testSchemaExtendedWithInvalidRootTypes() throws {
        let schema = try buildSchema(
            """
            input SomeInputObject {
              test: String
            }

            extend schema {
              query: SomeInputObject
            }

            extend schema {
              mutation: SomeInputObject
            }

            extend schema {
              subscription: SomeInputObject
            }
            """)
        XCTAssertEqual(
            describe(validateSchema(schema)),
            [
                "Query root type must be Object type, it cannot be SomeInputObject. @ 6:10",
                "Mutation root type must be Object type if provided, it cannot be SomeInputObject. @ 10:13",
                "Subscription root type must be Object type if provided, it cannot be SomeInputObject. @ 14:17"
            ])
    }

    func testExtendSchemaAddsRoots() throws {
        let schema = try buildSchema(
            """
            schema { query: Q }
            type Q { a: String }
            type M { b: String }
            extend schema { mutation: M }
            """)
        XCTAssertEqual(schema.mutationType?.name, "M")
        XCTAssertEqual(
            printSchema(schema),
            """
            schema {
              query: Q
              mutation: M
            }

            type Q {
              a: String
            }

            type M {
              b: String
            }
            """)
    }

    func testInterfaceExtensionMissingFieldInObject() throws {
        let schema = try buildSchema(
            """
            type Query {
              test: AnotherObject
            }

            interface AnotherInterface {
              field: String
            }

            type AnotherObject implements AnotherInterface {
              field: String
            }

            extend interface AnotherInterface {
              newField: String
            }
            """)
        XCTAssertEqual(
            describe(validateSchema(schema)),
            [
                "Interface field AnotherInterface.newField expected but AnotherObject does not provide it. @ 14:3, 9:1"
            ])
    }

    func testObjectImplementingSameInterfaceTwiceThroughExtension() throws {
        let schema = try buildSchema(
            """
            type Query {
              test: AnotherObject
            }

            interface AnotherInterface {
              field: String
            }

            type AnotherObject implements AnotherInterface {
              field: String
            }

            extend type AnotherObject implements AnotherInterface
            """)
        XCTAssertEqual(
            describe(validateSchema(schema)),
            [
                "Type AnotherObject can only implement AnotherInterface once. @ 9:31, 13:38"
            ])
    }

    // MARK: The built model

    func testDeprecationSpecifiedByAndDefaults() throws {
        let schema = try buildSchema(
            #"""
            type Query {
              old(arg: Int = 3 @deprecated(reason: "no"), ids: [ID] = "42"): String @deprecated
              other: String @deprecated(reason: "Use `old`.")
            }
            enum E { A B @deprecated }
            scalar Url @specifiedBy(url: "https://example.com/url")
            input In { x: Float = 1, e: E = B, list: [Int] = 7 }
            """#)
        let query = try XCTUnwrap(schema.queryType)
        let old = try XCTUnwrap(query.field(named: "old"))
        XCTAssertEqual(old.deprecationReason, "No longer supported")
        XCTAssertEqual(old.args[0].deprecationReason, "no")
        XCTAssertEqual(query.field(named: "other")?.deprecationReason, "Use `old`.")
        XCTAssertEqual(schema.type(named: "E")?.asEnum?.values.map(\.isDeprecated), [false, true])
        XCTAssertEqual(schema.type(named: "Url")?.asScalar?.specifiedByURL, "https://example.com/url")
        // Default values are kept as written and printed as graphql-js prints them (coerced).
        XCTAssertEqual(old.args[1].defaultValue, .string(StringValue(value: "42", loc: old.args[1].defaultValue?.loc)))
        XCTAssertEqual(printDefaultValue(old.args[1].defaultValue, type: old.args[1].type), "[42]")
        let input = try XCTUnwrap(schema.type(named: "In")?.asInputObject)
        XCTAssertEqual(input.fields.map { printDefaultValue($0.defaultValue, type: $0.type) }, ["1", "B", "[7]"])
        // ... and precomputed for the executor and introspection.
        XCTAssertEqual(input.fields.map(\.printedDefaultValue), ["1", "B", "[7]"])
        XCTAssertEqual(input.fields.map(\.coercedDefaultValue), [.double(1), .string("B"), .array([.int(7)])])
        XCTAssertEqual(old.args.map(\.printedDefaultValue), ["3", "[42]"])
        XCTAssertEqual(old.args[1].coercedDefaultValue, .array([.string("42")]))
        XCTAssertEqual(GraphQLDirective.deprecated.args[0].printedDefaultValue, #""No longer supported""#)
        XCTAssertEqual(Introspection.typeType.field(named: "fields")?.args[0].printedDefaultValue, "false")
        XCTAssertEqual(Introspection.typeType.field(named: "fields")?.args[0].coercedDefaultValue, .bool(false))
    }

    func testImplicitRootsAndDirectiveOrder() throws {
        let schema = try buildSchema(
            """
            directive @custom(a: Int) repeatable on FIELD | OBJECT
            type Query { a: String }
            type Mutation { a: String }
            type Subscription { a: String }
            """)
        XCTAssertEqual(schema.queryType?.name, "Query")
        XCTAssertEqual(schema.mutationType?.name, "Mutation")
        XCTAssertEqual(schema.subscriptionType?.name, "Subscription")
        XCTAssertEqual(
            schema.directives.map(\.name), ["custom", "include", "skip", "deprecated", "specifiedBy", "oneOf"])
        let custom = try XCTUnwrap(schema.directive(named: "custom"))
        XCTAssertTrue(custom.isRepeatable)
        XCTAssertEqual(custom.locations, [.field, .object])
    }

    func testSchemaDefinitionDisablesImplicitRoots() throws {
        let schema = try buildSchema(
            """
            schema { query: Q }
            type Q { a: String }
            type Mutation { a: String }
            """)
        XCTAssertNil(schema.mutationType)
    }

    func testAllErrorsAreReportedAndNoSchemaEscapes() {
        expectBuildErrors(
            """
            type Query { a: Foo, b: Bar @unknown }
            type Query { c: String }
            extend type Nope { d: String }
            """,
            [
                #"Unknown type "Foo". @ 1:17"#,
                #"Unknown type "Bar". @ 1:25"#,
                #"Unknown directive "@unknown". @ 1:29"#,
                #"There can be only one type named "Query". @ 1:6, 2:6"#,
                #"Cannot extend type "Nope" because it is not defined. @ 3:13"#
            ])
    }

    func testSyntaxErrorIsABuildError() {
        expectBuildErrors("type Query {", ["Syntax Error: Expected Name, found <EOF>. @ 1:13"])
    }

    func testValidateSchemaIsRemembered() throws {
        let schema = try buildSchema("type Mutation { a: String }")
        let first = validateSchema(schema)
        XCTAssertEqual(first.map(\.message), ["Query root type must be provided."])
        XCTAssertEqual(validateSchema(schema), first)
    }

    func testBuildValidSchemaThrowsValidationErrors() {
        XCTAssertThrowsError(try buildValidSchema("type Query { a: In } input In { b: Int }")) { error in
            XCTAssertEqual(
                (error as? SchemaBuildError)?.errors.map(\.message),
                ["The type of Query.a must be Output Type but got: In."])
        }
    }

    // MARK: From buildASTSchema-test (non-printing checks)

    func testSupportsDeprecatedEverywhere() throws {
        let schema = try buildSchema(
            #"""
            enum MyEnum { VALUE OLD_VALUE @deprecated OTHER_VALUE @deprecated(reason: "Terrible reasons") }
            input MyInput { oldInput: String @deprecated otherInput: String @deprecated(reason: "Use newInput") newInput: String }
            type Query {
              field1: String @deprecated
              field2: Int @deprecated(reason: "Because I said so")
              field3(oldArg: String @deprecated, arg: String): String
              field4(oldArg: String @deprecated(reason: "Why not?"), arg: String): String
              field5(arg: MyInput): String
            }
            """#)
        let myEnum = try XCTUnwrap(schema.type(named: "MyEnum")?.asEnum)
        XCTAssertEqual(myEnum.values.map(\.deprecationReason), [nil, "No longer supported", "Terrible reasons"])
        let input = try XCTUnwrap(schema.type(named: "MyInput")?.asInputObject)
        XCTAssertEqual(input.fields.map(\.deprecationReason), ["No longer supported", "Use newInput", nil])
        let query = try XCTUnwrap(schema.queryType)
        XCTAssertEqual(query.field(named: "field1")?.deprecationReason, "No longer supported")
        XCTAssertEqual(query.field(named: "field2")?.deprecationReason, "Because I said so")
        XCTAssertEqual(query.field(named: "field3")?.args.map(\.deprecationReason), ["No longer supported", nil])
        XCTAssertEqual(query.field(named: "field4")?.args.map(\.deprecationReason), ["Why not?", nil])
    }

    func testExtensionsKeepTheirASTNodes() throws {
        let schema = try buildSchema(
            """
            scalar SomeScalar
            extend scalar SomeScalar @foo
            extend scalar SomeScalar @bar
            directive @foo on SCALAR
            directive @bar on SCALAR
            type Query { a: Int }
            extend type Query { b: Int }
            extend type Query { c: Int }
            enum E { A }
            extend enum E { B }
            union U = Query
            extend union U = Query2
            type Query2 { x: Int }
            input I { a: Int }
            extend input I { b: Int }
            interface In { a: Int }
            extend interface In { b: Int }
            """)
        let scalar = try XCTUnwrap(schema.type(named: "SomeScalar")?.asScalar)
        XCTAssertTrue(("\n\n" + printSchema(schema) + "\n\n").contains("\n\nscalar SomeScalar\n\n"))
        XCTAssertEqual(scalar.astNode?.name.value, "SomeScalar")
        XCTAssertEqual(scalar.extensionASTNodes.map { $0.directives.map(\.name.value) }, [["foo"], ["bar"]])
        XCTAssertEqual(schema.queryType?.fields.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(schema.queryType?.extensionASTNodes.count, 2)
        XCTAssertEqual(schema.type(named: "E")?.asEnum?.values.map(\.name), ["A", "B"])
        XCTAssertEqual(schema.type(named: "U")?.asUnion?.types.map(\.name), ["Query", "Query2"])
        XCTAssertEqual(schema.type(named: "I")?.asInputObject?.fields.map(\.name), ["a", "b"])
        XCTAssertEqual(schema.type(named: "In")?.fields.map(\.name), ["a", "b"])
    }

    func testStandardTypesAreNotOverridden() throws {
        let schema = try buildSchema("scalar ID\nscalar __Schema\ntype Query { a: ID }")
        XCTAssertTrue(schema.type(named: "ID")?.asScalar === GraphQLScalarType.id)
        XCTAssertTrue(schema.type(named: "__Schema")?.asObject === Introspection.schemaType)
    }

    func testIntrospectionTypesCanBeReferenced() throws {
        let schema = try buildSchema("type Query { introspectionField: __EnumValue }")
        XCTAssertTrue(
            schema.queryType?.field(named: "introspectionField")?.type.namedType.asObject
                === Introspection.enumValueType)
    }

    func testUnknownTypesWithoutSDLValidation() throws {
        let document = try parse("type Query { unknown: UnknownType }")
        XCTAssertThrowsError(try buildASTSchema(document, assumeValidSDL: true)) { error in
            XCTAssertEqual((error as? SchemaBuildError)?.errors.map(\.message), [#"Unknown type: "UnknownType"."#])
        }
        XCTAssertNoThrow(try buildASTSchema(parse("type Query { foo: String @unknown }"), assumeValidSDL: true))
    }

    func testEmptyDocumentHasTheDefaultTypesAndDirectives() throws {
        let schema = try buildASTSchema(Document(definitions: [], source: Source("")))
        // As graphql-js's `new GraphQLSchema({})` orders them.
        XCTAssertEqual(
            schema.types.map(\.name),
            [
                "Boolean", "String", "__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue",
                "__Directive", "__DirectiveLocation"
            ])
        XCTAssertEqual(schema.directives.map(\.name), ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
    }

    func testIgnoresExecutableDefinitions() throws {
        let schema = try buildSchema(
            """
            type Query { str: String }
            query { str }
            fragment F on Query { str }
            """)
        XCTAssertEqual(printSchema(schema), "type Query {\n  str: String\n}")
    }

    func testCyclicInputDefaultsDoNotRecurseForever() throws {
        let schema = try buildSchema(
            """
            type Query { f(a: A = {}): String }
            input A { b: B = {}, c: B = {} }
            input B { a: A = {}, d: A = {} }
            """)
        // graphql-js overflows its stack here; the defaults are simply invalid.
        XCTAssertNotNil(schema.queryType?.field(named: "f"))
        XCTAssertEqual(printSchema(schema).contains("type Query"), true)
    }

    // MARK: Schemas assembled in code (validation-test's programmatic cases)

    func testDirectiveWithoutLocationsAndReservedNames() {
        let query = GraphQLObjectType(
            name: "Query",
            fields: [
                GraphQLField(
                    name: "__badName", type: .named(.scalar(.string)),
                    args: [GraphQLArgument(name: "__badArg", type: .named(.scalar(.string)))])
            ])
        let bad = GraphQLDirective(name: "BadDirective", locations: [])
        let schema = GraphQLSchema(query: query, directives: [bad])
        XCTAssertEqual(
            validateSchema(schema).map(\.message),
            [
                "Directive @BadDirective must include 1 or more locations.",
                #"Name "__badName" must not begin with "__", which is reserved by GraphQL introspection."#,
                #"Name "__badArg" must not begin with "__", which is reserved by GraphQL introspection."#
            ])
    }

    func testObjectWithoutFieldsAndEmptyEnumUnionInput() {
        let empty = GraphQLObjectType(name: "Empty")
        let query = GraphQLObjectType(name: "Query", fields: [GraphQLField(name: "e", type: .named(.object(empty)))])
        let schema = GraphQLSchema(
            query: query,
            types: [
                .enum(GraphQLEnumType(name: "E")), .union(GraphQLUnionType(name: "U")),
                .inputObject(GraphQLInputObjectType(name: "I"))
            ])
        XCTAssertEqual(
            validateSchema(schema).map(\.message),
            [
                "Enum type E must define one or more values.",
                "Union type U must define one or more member types.",
                "Input Object type I must define one or more fields.",
                "Type Empty must define one or more fields."
            ])
    }

    func testDuplicateTypeNamesInCode() {
        let query = GraphQLObjectType(name: "Query", fields: [GraphQLField(name: "a", type: .named(.scalar(.string)))])
        let schema = GraphQLSchema(query: query, types: [.scalar(GraphQLScalarType(name: "String"))])
        XCTAssertEqual(
            validateSchema(schema).map(\.message),
            [
                #"Schema must contain uniquely named types but contains multiple types named "String"."#
            ])
    }

    // MARK: Hostile input

    func testLongChainsOfTypesDoNotOverflowTheStack() throws {
        let count = 30_000
        var sdl = "type Query { t0: T0, i(arg: I0): Int }\n"
        for n in 0..<count {
            sdl += "type T\(n) { next: T\(n + 1) }\ninput I\(n) { next: I\(n + 1)! }\n"
        }
        sdl += "type T\(count) { end: Int }\ninput I\(count) { end: Int, back: I0! }\n"
        let schema = try buildSchema(sdl)
        // T*, I*, Query, Int, Boolean, String, introspection
        XCTAssertEqual(schema.types.count, 2 * (count + 1) + 1 + 3 + 8)
        let errors = validateSchema(schema)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.message.hasPrefix(#"Cannot reference Input Object "I0" within itself"#) ?? false)
    }

    func testThousandsOfRepeatsStayCheap() throws {
        let count = 20_000
        let union = try buildSchema(
            "type Query { a: Int }\ntype A { a: Int }\nunion U = "
                + Array(repeating: "A", count: count).joined(separator: " | "))
        let unionErrors = validateSchema(union)
        // graphql-js reports each repeat; past ten per name they are left out.
        XCTAssertEqual(unionErrors.count, 10)
        XCTAssertEqual(unionErrors.first?.message, "Union type U can only include type A once.")
        XCTAssertEqual(unionErrors.first?.locations.count, count)
        XCTAssertEqual(unionErrors.first?.locations.last, SourceLocation(line: 3, column: 11 + 4 * (count - 1)))
        let implements = try buildSchema(
            "type Query { a: Int }\ninterface I { a: Int }\ntype T implements "
                + Array(repeating: "I", count: count).joined(separator: " & ") + " { a: Int }")
        XCTAssertEqual(
            validateSchema(implements).map(\.message),
            Array(repeating: "Type T can only implement I once.", count: 10))
    }

    func testRecursiveTypesAreReleasedWithTheirSchema() throws {
        weak var query: GraphQLObjectType?
        weak var input: GraphQLInputObjectType?
        do {
            let schema = try buildSchema(
                """
                type Query { me: Query, f(i: In): Int }
                input In { next: In, list: [In!] }
                """)
            query = schema.queryType
            input = schema.type(named: "In")?.asInputObject
            XCTAssertNotNil(query)
            XCTAssertNotNil(input)
        }
        XCTAssertNil(query)
        XCTAssertNil(input)
    }
}

extension GraphQLNamedType {
    fileprivate var asUnion: GraphQLUnionType? { if case .union(let t) = self { return t }; return nil }
    fileprivate var asEnum: GraphQLEnumType? { if case .enum(let t) = self { return t }; return nil }
    fileprivate var asInputObject: GraphQLInputObjectType? {
        if case .inputObject(let t) = self { return t }; return nil
    }

    /// September 2025 spec (IsValidImplementation): an implementation may deprecate only a field its
    /// interface deprecates. Messages and locations (the `@deprecated`, then the field's type) are
    /// graphql-core 3.3.2's (graphql-js 17's).
    func testImplementationDeprecatesOnlyWhatItsInterfaceDeprecates() {
        expectSchema(
            """
            type Query { a: I }
            interface I { f: Int, g: Int @deprecated, h(x: Int): Int }
            type T implements I {
              f: Int @deprecated(reason: "old")
              g: Int @deprecated
              h(x: Int): Int @deprecated
            }
            """,
            errors: [
                "Interface field I.f is not deprecated, so implementation field T.f must not be deprecated. @ 4:10, 4:6",
                "Interface field I.h is not deprecated, so implementation field T.h must not be deprecated. @ 6:18, 6:14"
            ],
            printed: nil)
    }

}
