import GraphQL
import XCTest

private func nameNode(_ value: String, _ start: Int, _ end: Int) -> Name {
    Name(value: value, loc: Location(start: start, end: end))
}

private func loc(_ start: Int, _ end: Int) -> Location { Location(start: start, end: end) }

private func typeNode(_ name: String, _ start: Int, _ end: Int) -> NamedType {
    NamedType(name: nameNode(name, start, end), loc: loc(start, end))
}

/// The cases of graphql-js's `schema-parser-test.ts`, in Swift.
final class SchemaParserTests: XCTestCase {
    private func definitions(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Definition] {
        parseOrFail(text, file: file, line: line)?.definitions ?? []
    }

    func testSimpleType() {
        let definitions = definitions("type Hello {\n  world: String\n}")
        XCTAssertEqual(
            definitions,
            [
                .objectType(
                    ObjectTypeDefinition(
                        name: nameNode("Hello", 5, 10),
                        fields: [
                            FieldDefinition(
                                name: nameNode("world", 15, 20), type: .named(typeNode("String", 22, 28)),
                                loc: loc(15, 28))
                        ],
                        loc: loc(0, 30)))
            ])
    }

    func testTypeWithDescriptionString() {
        guard case .objectType(let type)? = definitions("\"Description\"\ntype Hello {\n  world: String\n}").first
        else {
            return XCTFail("not an object type")
        }
        XCTAssertEqual(type.description, StringValue(value: "Description", block: false, loc: loc(0, 13)))
        XCTAssertEqual(type.loc, loc(0, 44))
    }

    func testTypeWithDescriptionMultiLineString() {
        let text = "\"\"\"\nDescription\n\"\"\"\n# Even with comments between them\ntype Hello {\n  world: String\n}"
        guard case .objectType(let type)? = definitions(text).first else { return XCTFail("not an object type") }
        XCTAssertEqual(type.description, StringValue(value: "Description", block: true, loc: loc(0, 19)))
        XCTAssertEqual(type.loc, loc(0, 84))
    }

    func testSchemaWithDescriptionString() {
        let text = "\"Description\"\nschema {\n  query: Foo\n}"
        XCTAssertEqual(
            definitions(text),
            [
                .schema(
                    SchemaDefinition(
                        description: StringValue(value: "Description", block: false, loc: loc(0, 13)),
                        operationTypes: [
                            OperationTypeDefinition(
                                operation: .query, type: typeNode("Foo", 32, 35),
                                loc: loc(25, 35))
                        ],
                        loc: loc(0, 37)))
            ])
    }

    func testDescriptionFollowedByNonTypeSystemDefinitionThrows() {
        assertSyntaxError("\"Description\" 1", "Unexpected Int \"1\".", 1, 15)
    }

    func testSimpleExtension() {
        XCTAssertEqual(
            definitions("extend type Hello {\n  world: String\n}\n"),
            [
                .objectTypeExtension(
                    ObjectTypeDefinition(
                        name: nameNode("Hello", 12, 17),
                        fields: [
                            FieldDefinition(
                                name: nameNode("world", 22, 27), type: .named(typeNode("String", 29, 35)),
                                loc: loc(22, 35))
                        ],
                        loc: loc(0, 37)))
            ])
    }

    func testObjectAndInterfaceExtensionsWithoutFields() {
        XCTAssertEqual(
            definitions("extend type Hello implements Greeting"),
            [
                .objectTypeExtension(
                    ObjectTypeDefinition(
                        name: nameNode("Hello", 12, 17), interfaces: [typeNode("Greeting", 29, 37)],
                        loc: loc(0, 37)))
            ])
        XCTAssertEqual(
            definitions("extend interface Hello implements Greeting"),
            [
                .interfaceTypeExtension(
                    InterfaceTypeDefinition(
                        name: nameNode("Hello", 17, 22), interfaces: [typeNode("Greeting", 34, 42)],
                        loc: loc(0, 42)))
            ])
    }

    func testExtensionsWithoutFieldsFollowedByExtensions() {
        let text =
            "\n      extend type Hello implements Greeting\n      extend type Hello implements SecondGreeting\n    "
        XCTAssertEqual(
            definitions(text),
            [
                .objectTypeExtension(
                    ObjectTypeDefinition(
                        name: nameNode("Hello", 19, 24),
                        interfaces: [typeNode("Greeting", 36, 44)], loc: loc(7, 44))),
                .objectTypeExtension(
                    ObjectTypeDefinition(
                        name: nameNode("Hello", 63, 68),
                        interfaces: [typeNode("SecondGreeting", 80, 94)],
                        loc: loc(51, 94)))
            ])
        let text2 =
            "\n      extend interface Hello implements Greeting\n      extend interface Hello implements SecondGreeting\n    "
        XCTAssertEqual(definitions(text2).map(\.loc), [loc(7, 49), loc(56, 104)])
    }

    func testExtensionWithoutAnythingThrows() {
        assertSyntaxError("extend scalar Hello", "Unexpected <EOF>.", 1, 20)
        assertSyntaxError("extend type Hello", "Unexpected <EOF>.", 1, 18)
        assertSyntaxError("extend interface Hello", "Unexpected <EOF>.", 1, 23)
        assertSyntaxError("extend union Hello", "Unexpected <EOF>.", 1, 19)
        assertSyntaxError("extend enum Hello", "Unexpected <EOF>.", 1, 18)
        assertSyntaxError("extend input Hello", "Unexpected <EOF>.", 1, 19)
    }

    func testExtensionsDoNotIncludeDescriptions() {
        assertSyntaxError(
            "\n      \"Description\"\n      extend type Hello {\n        world: String\n      }",
            "Unexpected description, descriptions are supported only on type definitions.", 2, 7)
        assertSyntaxError(
            "\n      extend \"Description\" type Hello {\n        world: String\n      }",
            "Unexpected String \"Description\".", 2, 14)
        assertSyntaxError(
            "\n      \"Description\"\n      extend interface Hello {\n        world: String\n      }",
            "Unexpected description, descriptions are supported only on type definitions.", 2, 7)
        assertSyntaxError(
            "\n      extend \"Description\" interface Hello {\n        world: String\n      }",
            "Unexpected String \"Description\".", 2, 14)
    }

    func testSchemaExtension() {
        let text = "\n      extend schema {\n        mutation: Mutation\n      }"
        XCTAssertEqual(
            definitions(text),
            [
                .schemaExtension(
                    SchemaExtension(
                        operationTypes: [
                            OperationTypeDefinition(
                                operation: .mutation, type: typeNode("Mutation", 41, 49),
                                loc: loc(31, 49))
                        ],
                        loc: loc(7, 57)))
            ])
    }

    func testSchemaExtensionWithOnlyDirectives() {
        XCTAssertEqual(
            definitions("extend schema @directive"),
            [
                .schemaExtension(
                    SchemaExtension(
                        directives: [Directive(name: nameNode("directive", 15, 24), loc: loc(14, 24))],
                        loc: loc(0, 24)))
            ])
    }

    func testSchemaExtensionErrors() {
        assertSyntaxError("extend schema", "Unexpected <EOF>.", 1, 14)
        assertSyntaxError("extend schema { unknown: SomeType }", "Unexpected Name \"unknown\".", 1, 17)
    }

    func testSimpleNonNullType() {
        guard case .objectType(let type)? = definitions("type Hello {\n  world: String!\n}").first else {
            return XCTFail("not an object type")
        }
        XCTAssertEqual(
            type.fields.first?.type,
            .nonNull(
                NonNullType(
                    type: .named(typeNode("String", 22, 28)),
                    loc: loc(22, 29))))
    }

    func testImplementsInterfaces() {
        guard case .interfaceType(let a)? = definitions("interface Hello implements World { field: String }").first,
            case .objectType(let b)? = definitions("type Hello implements World { field: String }").first,
            case .objectType(let c)? = definitions("type Hello implements Wo & rld { field: String }").first,
            case .interfaceType(let d)? = definitions("interface Hello implements Wo & rld { field: String }").first,
            case .objectType(let e)? = definitions("type Hello implements & Wo & rld { field: String }").first,
            case .interfaceType(let f)? = definitions("interface Hello implements & Wo & rld { field: String }")
                .first
        else {
            return XCTFail("unexpected definitions")
        }
        XCTAssertEqual(a.interfaces, [typeNode("World", 27, 32)])
        XCTAssertEqual(b.interfaces, [typeNode("World", 22, 27)])
        XCTAssertEqual(c.interfaces, [typeNode("Wo", 22, 24), typeNode("rld", 27, 30)])
        XCTAssertEqual(d.interfaces, [typeNode("Wo", 27, 29), typeNode("rld", 32, 35)])
        XCTAssertEqual(e.interfaces, [typeNode("Wo", 24, 26), typeNode("rld", 29, 32)])
        XCTAssertEqual(f.interfaces, [typeNode("Wo", 29, 31), typeNode("rld", 34, 37)])
        XCTAssertEqual(e.fields.first?.type, .named(typeNode("String", 42, 48)))
    }

    func testEnums() {
        XCTAssertEqual(
            definitions("enum Hello { WORLD }"),
            [
                .enumType(
                    EnumTypeDefinition(
                        name: nameNode("Hello", 5, 10),
                        values: [EnumValueDefinition(name: nameNode("WORLD", 13, 18), loc: loc(13, 18))],
                        loc: loc(0, 20)))
            ])
        guard case .enumType(let type)? = definitions("enum Hello { WO, RLD }").first else { return XCTFail() }
        XCTAssertEqual(type.values.map(\.name), [nameNode("WO", 13, 15), nameNode("RLD", 17, 20)])
    }

    func testSimpleInterface() {
        XCTAssertEqual(
            definitions("interface Hello {\n  world: String\n}"),
            [
                .interfaceType(
                    InterfaceTypeDefinition(
                        name: nameNode("Hello", 10, 15),
                        fields: [
                            FieldDefinition(
                                name: nameNode("world", 20, 25), type: .named(typeNode("String", 27, 33)),
                                loc: loc(20, 33))
                        ],
                        loc: loc(0, 35)))
            ])
    }

    func testFieldsWithArguments() {
        guard case .objectType(let a)? = definitions("type Hello {\n  world(flag: Boolean): String\n}").first,
            case .objectType(let b)? = definitions("type Hello {\n  world(flag: Boolean = true): String\n}").first,
            case .objectType(let c)? = definitions("type Hello {\n  world(things: [String]): String\n}").first,
            case .objectType(let d)? = definitions("type Hello {\n  world(argOne: Boolean, argTwo: Int): String\n}")
                .first
        else {
            return XCTFail("unexpected definitions")
        }
        XCTAssertEqual(
            a.fields.first?.arguments,
            [
                InputValueDefinition(
                    name: nameNode("flag", 21, 25), type: .named(typeNode("Boolean", 27, 34)), loc: loc(21, 34))
            ])
        XCTAssertEqual(a.fields.first?.type, .named(typeNode("String", 37, 43)))
        XCTAssertEqual(
            b.fields.first?.arguments,
            [
                InputValueDefinition(
                    name: nameNode("flag", 21, 25), type: .named(typeNode("Boolean", 27, 34)),
                    defaultValue: .boolean(BooleanValue(value: true, loc: loc(37, 41))), loc: loc(21, 41))
            ])
        XCTAssertEqual(
            c.fields.first?.arguments,
            [
                InputValueDefinition(
                    name: nameNode("things", 21, 27),
                    type: .list(ListType(type: .named(typeNode("String", 30, 36)), loc: loc(29, 37))), loc: loc(21, 37))
            ])
        XCTAssertEqual(d.fields.first?.arguments.map(\.loc), [loc(21, 36), loc(38, 49)])
        XCTAssertEqual(d.fields.first?.type, .named(typeNode("String", 52, 58)))
    }

    func testUnions() {
        XCTAssertEqual(
            definitions("union Hello = World"),
            [
                .unionType(
                    UnionTypeDefinition(
                        name: nameNode("Hello", 6, 11), types: [typeNode("World", 14, 19)], loc: loc(0, 19)))
            ])
        guard case .unionType(let two)? = definitions("union Hello = Wo | Rld").first,
            case .unionType(let leading)? = definitions("union Hello = | Wo | Rld").first
        else { return XCTFail() }
        XCTAssertEqual(two.types, [typeNode("Wo", 14, 16), typeNode("Rld", 19, 22)])
        XCTAssertEqual(leading.types, [typeNode("Wo", 16, 18), typeNode("Rld", 21, 24)])
    }

    func testUnionErrors() {
        assertSyntaxError("union Hello = |", "Expected Name, found <EOF>.", 1, 16)
        assertSyntaxError("union Hello = || Wo | Rld", "Expected Name, found \"|\".", 1, 16)
        assertSyntaxError("union Hello = Wo || Rld", "Expected Name, found \"|\".", 1, 19)
        assertSyntaxError("union Hello = | Wo | Rld |", "Expected Name, found <EOF>.", 1, 27)
    }

    func testScalar() {
        XCTAssertEqual(
            definitions("scalar Hello"),
            [
                .scalarType(
                    ScalarTypeDefinition(
                        name: nameNode("Hello", 7, 12), loc: loc(0, 12)))
            ])
    }

    func testSimpleInputObject() {
        XCTAssertEqual(
            definitions("\ninput Hello {\n  world: String\n}"),
            [
                .inputObjectType(
                    InputObjectTypeDefinition(
                        name: nameNode("Hello", 7, 12),
                        fields: [
                            InputValueDefinition(
                                name: nameNode("world", 17, 22), type: .named(typeNode("String", 24, 30)),
                                loc: loc(17, 30))
                        ],
                        loc: loc(1, 32)))
            ])
        assertSyntaxError("\ninput Hello {\n  world(foo: Int): String\n}", "Expected \":\", found \"(\".", 3, 8)
    }

    func testDirectiveDefinitions() {
        XCTAssertEqual(
            definitions("directive @foo on OBJECT | INTERFACE"),
            [
                .directive(
                    DirectiveDefinition(
                        name: nameNode("foo", 11, 14),
                        locations: [nameNode("OBJECT", 18, 24), nameNode("INTERFACE", 27, 36)],
                        loc: loc(0, 36)))
            ])
        XCTAssertEqual(
            definitions("directive @foo repeatable on OBJECT | INTERFACE"),
            [
                .directive(
                    DirectiveDefinition(
                        name: nameNode("foo", 11, 14), repeatable: true,
                        locations: [nameNode("OBJECT", 29, 35), nameNode("INTERFACE", 38, 47)],
                        loc: loc(0, 47)))
            ])
        assertSyntaxError(
            "directive @foo on FIELD | INCORRECT_LOCATION",
            "Unexpected Name \"INCORRECT_LOCATION\".", 1, 27)
    }

    func testParsesKitchenSinkSchema() {
        let sdl = """
            schema { query: QueryType mutation: MutationType }
            "desc" type Foo implements Bar & Baz & Two @onObject {
              one: Type
              "field desc" two(argument: InputType!): Type
              three(argument: InputType, other: String): Int
              four(argument: String = "string"): String
              five(argument: [String] = ["string", "string"]): String
              six(argument: InputType = {key: "value"}): Type
              seven(argument: Int = null): Type
            }
            type AnnotatedObject @onObject(arg: "value") { annotatedField(arg: Type = "default" @onArg): Type @onField }
            type UndefinedType
            extend type Foo { seven(argument: [String]): Type }
            extend type Foo @onType
            interface Bar { one: Type four(argument: String = "string"): String }
            interface AnnotatedInterface @onInterface { annotatedField(arg: Type @onArg): Type @onField }
            interface UndefinedInterface
            extend interface Bar implements Two { two(argument: InputType!): Type }
            extend interface Bar @onInterface
            interface Baz implements Bar & Two { one: Type }
            union Feed = | Story | Article | Advert
            union AnnotatedUnion @onUnion = A | B
            union AnnotatedUnionTwo @onUnion = | A | B
            union UndefinedUnion
            extend union Feed = Photo | Video
            extend union Feed @onUnion
            scalar CustomScalar
            scalar AnnotatedScalar @onScalar
            extend scalar CustomScalar @onScalar
            enum Site { "desc" DESKTOP MOBILE WEB }
            enum AnnotatedEnum @onEnum { ANNOTATED_VALUE @onEnumValue OTHER_VALUE }
            enum UndefinedEnum
            extend enum Site { VR }
            extend enum Site @onEnum
            input InputType { key: String! answer: Int = 42 }
            input AnnotatedInput @onInputObject { annotatedField: Type @onInputFieldDefinition }
            input UndefinedInput
            extend input InputType { other: Float = 1.23e4 @onInputFieldDefinition }
            extend input InputType @onInputObject
            "desc" directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
            directive @include2(if: Boolean!) on | FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
            directive @myRepeatableDir(name: String!) repeatable on | OBJECT | INTERFACE
            extend schema @onSchema
            extend schema @onSchema { subscription: SubscriptionType }
            """
        XCTAssertEqual(definitions(sdl).count, 36)
    }
}
