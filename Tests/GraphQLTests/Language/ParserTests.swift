import GraphQL
import XCTest

private func nameNode(_ value: String, _ start: Int, _ end: Int) -> Name {
    Name(value: value, loc: Location(start: start, end: end))
}

private func loc(_ start: Int, _ end: Int) -> Location { Location(start: start, end: end) }

/// The cases of graphql-js's `parser-test.ts`, in Swift.
final class ParserTests: XCTestCase {
    func testProvidesUsefulErrors() {
        assertSyntaxError("{", "Expected Name, found <EOF>.", 1, 2)
        assertSyntaxError(
            "\n      { ...MissingOn }\n      fragment MissingOn Type\n    ",
            "Expected \"on\", found Name \"Type\".", 3, 26)
        assertSyntaxError("{ field: {} }", "Expected Name, found \"{\".", 1, 10)
        assertSyntaxError("notAnOperation Foo { field }", "Unexpected Name \"notAnOperation\".", 1, 1)
        assertSyntaxError("...", "Unexpected \"...\".", 1, 1)
        assertSyntaxError("{ \"\"", "Expected Name, found String \"\".", 1, 3)
    }

    func testUsefulErrorWhenUsingSource() {
        do {
            _ = try parse(Source("query", name: "MyQuery.graphql"))
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.message, "Syntax Error: Expected \"{\", found <EOF>.")
            XCTAssertEqual(error.locations, [SourceLocation(line: 1, column: 6)])
        }
    }

    func testLimitsTheNumberOfTokens() {
        XCTAssertNoThrow(try parse("{ foo }", options: ParseOptions(maxTokens: 3)))
        assertSyntaxError(
            "{ foo }", "Document contains more than 2 tokens. Parsing aborted.", 1, 7,
            options: ParseOptions(maxTokens: 2))
        XCTAssertNoThrow(try parse("{ foo(bar: \"baz\") }", options: ParseOptions(maxTokens: 8)))
        assertSyntaxError(
            "{ foo(bar: \"baz\") }", "Document contains more than 7 tokens. Parsing aborted.", 1, 19,
            options: ParseOptions(maxTokens: 7))
    }

    func testParsesVariableInlineValues() {
        XCTAssertNoThrow(try parse("{ field(complex: { a: { b: [ $var ] } }) }"))
    }

    func testParsesConstantDefaultValues() {
        assertSyntaxError(
            "query Foo($x: Complex = { a: { b: [ $var ] } }) { field }",
            "Unexpected variable \"$var\" in constant value.", 1, 37)
    }

    func testParsesVariableDefinitionDirectives() {
        XCTAssertNoThrow(try parse("query Foo($x: Boolean = false @bar) { field }"))
    }

    func testDoesNotAcceptFragmentsNamedOn() {
        assertSyntaxError("fragment on on on { on }", "Unexpected Name \"on\".", 1, 10)
    }

    func testDoesNotAcceptFragmentSpreadOfOn() {
        assertSyntaxError("{ ...on }", "Expected Name, found \"}\".", 1, 9)
    }

    func testDoesNotAllowTrueFalseOrNullAsEnumValue() {
        assertSyntaxError(
            "enum Test { VALID, true }", "Name \"true\" is reserved and cannot be used for an enum value.",
            1, 20)
        assertSyntaxError(
            "enum Test { VALID, false }",
            "Name \"false\" is reserved and cannot be used for an enum value.", 1, 20)
        assertSyntaxError(
            "enum Test { VALID, null }", "Name \"null\" is reserved and cannot be used for an enum value.",
            1, 20)
    }

    func testParsesMultiByteCharacters() throws {
        let document = try parse(
            """

              # This comment has a \u{0A0A} multi-byte character.
              { field(arg: "Has a \u{0A0A} multi-byte character.") }

            """)
        guard case .operation(let operation) = document.definitions.first,
            case .field(let field) = operation.selectionSet.selections.first,
            case .string(let value) = field.arguments.first?.value
        else {
            return XCTFail("unexpected shape")
        }
        XCTAssertEqual(value.value, "Has a \u{0A0A} multi-byte character.")
    }

    func testParsesKitchenSink() throws {
        guard let text = sharedText("bench/kitchen-sink.graphql") else { return }
        let document = try parse(text)
        XCTAssertEqual(document.definitions.count, 6)
    }

    func testAllowsNonKeywordsAnywhereANameIsAllowed() {
        for keyword in ["on", "fragment", "query", "mutation", "subscription", "true", "false"] {
            let fragmentName = keyword != "on" ? keyword : "a"
            let document = """
                query \(keyword) {
                  ... \(fragmentName)
                  ... on \(keyword) { field }
                }
                fragment \(fragmentName) on Type {
                  \(keyword)(\(keyword): $\(keyword))
                    @\(keyword)(\(keyword): \(keyword))
                }
                """
            XCTAssertNoThrow(try parse(document), keyword)
        }
    }

    func testParsesAnonymousAndNamedMutationsAndSubscriptions() throws {
        for text in [
            "mutation { mutationField }", "subscription { subscriptionField }",
            "mutation Foo { mutationField }", "subscription Foo { subscriptionField }"
        ] {
            XCTAssertNoThrow(try parse(text), text)
        }
        let document = try parse("subscription Foo { subscriptionField }")
        guard case .operation(let operation) = document.definitions.first else { return XCTFail() }
        XCTAssertEqual(operation.operation, .subscription)
        XCTAssertEqual(operation.name?.value, "Foo")
    }

    func testCreatesAST() throws {
        let document = try parse("{\n  node(id: 4) {\n    id,\n    name\n  }\n}")
        let expected = OperationDefinition(
            operation: .query,
            selectionSet: SelectionSet(
                selections: [
                    .field(
                        Field(
                            name: nameNode("node", 4, 8),
                            arguments: [
                                Argument(
                                    name: nameNode("id", 9, 11),
                                    value: .int(IntValue(value: "4", loc: loc(13, 14))), loc: loc(9, 14))
                            ],
                            selectionSet: SelectionSet(
                                selections: [
                                    .field(Field(name: nameNode("id", 22, 24), loc: loc(22, 24))),
                                    .field(Field(name: nameNode("name", 30, 34), loc: loc(30, 34)))
                                ], loc: loc(16, 38)),
                            loc: loc(4, 38)))
                ], loc: loc(0, 40)),
            loc: loc(0, 40))
        XCTAssertEqual(document.loc, loc(0, 40))
        XCTAssertEqual(document.definitions, [.operation(expected)])
    }

    func testCreatesASTFromNamelessQueryWithoutVariables() throws {
        let document = try parse("query {\n  node {\n    id\n  }\n}")
        let expected = OperationDefinition(
            operation: .query,
            selectionSet: SelectionSet(
                selections: [
                    .field(
                        Field(
                            name: nameNode("node", 10, 14),
                            selectionSet: SelectionSet(
                                selections: [
                                    .field(Field(name: nameNode("id", 21, 23), loc: loc(21, 23)))
                                ], loc: loc(15, 27)),
                            loc: loc(10, 27)))
                ], loc: loc(6, 29)),
            loc: loc(0, 29))
        XCTAssertEqual(document.loc, loc(0, 29))
        XCTAssertEqual(document.definitions, [.operation(expected)])
    }

    func testAllowsParsingWithoutSourceLocationInformation() throws {
        let document = try parse("{ id }", options: ParseOptions(noLocation: true))
        XCTAssertNil(document.loc)
        guard case .operation(let operation) = document.definitions.first else { return XCTFail() }
        XCTAssertNil(operation.loc)
        XCTAssertNil(operation.selectionSet.selections.first?.loc)
    }

    func testRejectsLegacyFragmentVariables() {
        assertSyntaxError("fragment a($v: Boolean = false) on t { f(v: $v) }", "Expected \"on\", found \"(\".", 1, 11)
    }

    func testContainsLocationAndSource() throws {
        let source = Source("{ id }")
        let document = try parse(source)
        XCTAssertEqual(document.loc, loc(0, 6))
        XCTAssertTrue(document.source === source)
    }

    /// Descriptions on operations, fragments and variable definitions (September 2025 spec): the
    /// tree and its ranges as graphql-core 3.3.2 (graphql-js 17) builds them; a description's
    /// range starts its definition's.
    func testDescriptionsOnOperationsFragmentsAndVariables() throws {
        let document = try parse("\"op\" query Q(\"\"\"v\"\"\" $a: Int) { a }\n\"f\" fragment F on T { b }")
        let operation = OperationDefinition(
            description: StringValue(value: "op", block: false, loc: loc(0, 4)),
            operation: .query, name: nameNode("Q", 11, 12),
            variableDefinitions: [
                VariableDefinition(
                    description: StringValue(value: "v", block: true, loc: loc(13, 20)),
                    variable: Variable(name: nameNode("a", 22, 23), loc: loc(21, 23)),
                    type: .named(NamedType(name: nameNode("Int", 25, 28), loc: loc(25, 28))), loc: loc(13, 28))
            ],
            selectionSet: SelectionSet(
                selections: [.field(Field(name: nameNode("a", 32, 33), loc: loc(32, 33)))], loc: loc(30, 35)),
            loc: loc(0, 35))
        let fragment = FragmentDefinition(
            description: StringValue(value: "f", block: false, loc: loc(36, 39)),
            name: nameNode("F", 49, 50),
            typeCondition: NamedType(name: nameNode("T", 54, 55), loc: loc(54, 55)),
            selectionSet: SelectionSet(
                selections: [.field(Field(name: nameNode("b", 58, 59), loc: loc(58, 59)))], loc: loc(56, 61)),
            loc: loc(36, 61))
        XCTAssertEqual(document.definitions, [.operation(operation), .fragment(fragment)])
        for text in [
            "\"d\" mutation { a }", "\"\"\"d\"\"\" subscription S { a }", "query ($a: Int, \"d\" $b: Int) { a }"
        ] {
            XCTAssertNoThrow(try parse(text), text)
        }
    }

    /// Where a description may not stand: graphql-js 17's message for the shorthand query; graphql-js
    /// 16.6's for anything else that is not a definition (its conformance cases expect it; graphql-js
    /// 17 says "only GraphQL definitions support descriptions").
    func testDescriptionsWhereNoneMayStand() {
        assertSyntaxError(
            "\"desc\" { a }", "Unexpected description, descriptions are not supported on shorthand queries.", 1, 1)
        assertSyntaxError(
            "{ a }\n\"\"\"desc\"\"\"\n{ b }",
            "Unexpected description, descriptions are not supported on shorthand queries.", 2, 1)
        assertSyntaxError(
            "\"desc\" foo", "Unexpected description, descriptions are supported only on type definitions.", 1, 1)
        assertSyntaxError("\"a\" \"b\" query { a }", "Unexpected String \"b\".", 1, 5)
        assertSyntaxError("\"a\"", "Unexpected <EOF>.", 1, 4)
        assertSyntaxError("query (\"d\") { a }", "Expected \"$\", found \")\".", 1, 11)
        assertSyntaxError("query Q($a: Int) \"d\" { a }", "Expected \"{\", found String \"d\".", 1, 18)
        assertSyntaxError("{ a(\"d\" b: 1) }", "Expected Name, found String \"d\".", 1, 5)
        assertSyntaxError("\"d\" fragment on on T { a }", "Unexpected Name \"on\".", 1, 14)
    }

    // MARK: - parseValue, parseConstValue, parseType

    func testParseValueNull() throws {
        XCTAssertEqual(try parseValue("null"), .null(NullValue(loc: loc(0, 4))))
    }

    /// `true`, `false` and `null` are told apart from enum values by their bytes: names that only
    /// look like them stay enum values.
    func testBooleansNullAndLookAlikeEnumValues() throws {
        XCTAssertEqual(try parseValue("true"), .boolean(BooleanValue(value: true, loc: loc(0, 4))))
        XCTAssertEqual(try parseValue("false"), .boolean(BooleanValue(value: false, loc: loc(0, 5))))
        XCTAssertEqual(try parseValue(" null"), .null(NullValue(loc: loc(1, 5))))
        for name in ["True", "FALSE", "nul", "nulls", "truex", "fals", "falsey", "t", "NULL", "_true"] {
            XCTAssertEqual(
                try parseValue(name), .enumValue(EnumValue(value: name, loc: loc(0, name.utf8.count))), name)
        }
    }

    func testParseValueLists() throws {
        XCTAssertEqual(
            try parseValue("[123 \"abc\"]"),
            .list(
                ListValue(
                    values: [
                        .int(IntValue(value: "123", loc: loc(1, 4))),
                        .string(StringValue(value: "abc", block: false, loc: loc(5, 10)))
                    ], loc: loc(0, 11))))
    }

    func testParseValueBlockStrings() throws {
        XCTAssertEqual(
            try parseValue("[\"\"\"long\"\"\" \"short\"]"),
            .list(
                ListValue(
                    values: [
                        .string(StringValue(value: "long", block: true, loc: loc(1, 11))),
                        .string(StringValue(value: "short", block: false, loc: loc(12, 19)))
                    ], loc: loc(0, 20))))
    }

    func testParseValueAllowsVariables() throws {
        XCTAssertEqual(
            try parseValue("{ field: $var }"),
            .object(
                ObjectValue(
                    fields: [
                        ObjectField(
                            name: nameNode("field", 2, 7),
                            value: .variable(Variable(name: nameNode("var", 10, 13), loc: loc(9, 13))), loc: loc(2, 13))
                    ], loc: loc(0, 15))))
    }

    func testParseValueErrors() {
        XCTAssertThrowsError(try parseValue("$")) { error in
            XCTAssertEqual((error as? GraphQLError)?.message, "Syntax Error: Expected Name, found <EOF>.")
            XCTAssertEqual((error as? GraphQLError)?.locations, [SourceLocation(line: 1, column: 2)])
        }
        XCTAssertThrowsError(try parseValue(":")) { error in
            XCTAssertEqual((error as? GraphQLError)?.message, "Syntax Error: Unexpected \":\".")
        }
    }

    func testParseConstValue() throws {
        XCTAssertEqual(
            try parseConstValue("[123 \"abc\"]"),
            .list(
                ListValue(
                    values: [
                        .int(IntValue(value: "123", loc: loc(1, 4))),
                        .string(StringValue(value: "abc", block: false, loc: loc(5, 10)))
                    ], loc: loc(0, 11))))
        XCTAssertThrowsError(try parseConstValue("{ field: $var }")) { error in
            XCTAssertEqual(
                (error as? GraphQLError)?.message,
                "Syntax Error: Unexpected variable \"$var\" in constant value.")
            XCTAssertEqual((error as? GraphQLError)?.locations, [SourceLocation(line: 1, column: 10)])
        }
        XCTAssertThrowsError(try parseConstValue("$")) { error in
            XCTAssertEqual((error as? GraphQLError)?.message, "Syntax Error: Unexpected \"$\".")
            XCTAssertEqual((error as? GraphQLError)?.locations, [SourceLocation(line: 1, column: 1)])
        }
    }

    func testParseType() throws {
        XCTAssertEqual(try parseType("String"), .named(NamedType(name: nameNode("String", 0, 6), loc: loc(0, 6))))
        XCTAssertEqual(try parseType("MyType"), .named(NamedType(name: nameNode("MyType", 0, 6), loc: loc(0, 6))))
        XCTAssertEqual(
            try parseType("[MyType]"),
            .list(
                ListType(
                    type: .named(NamedType(name: nameNode("MyType", 1, 7), loc: loc(1, 7))), loc: loc(0, 8))))
        XCTAssertEqual(
            try parseType("MyType!"),
            .nonNull(
                NonNullType(
                    type: .named(NamedType(name: nameNode("MyType", 0, 6), loc: loc(0, 6))), loc: loc(0, 7))))
        XCTAssertEqual(
            try parseType("[MyType!]"),
            .list(
                ListType(
                    type: .nonNull(
                        NonNullType(
                            type: .named(NamedType(name: nameNode("MyType", 1, 7), loc: loc(1, 7))),
                            loc: loc(1, 8))),
                    loc: loc(0, 9))))
        XCTAssertEqual(try parseType("[[Int!]]!").namedType.name.value, "Int")
    }

    func testFieldResponseKey() throws {
        let document = try parse("{ a: b c }")
        guard case .operation(let operation) = document.definitions.first else { return XCTFail() }
        let keys = operation.selectionSet.selections.compactMap { selection -> String? in
            if case .field(let field) = selection { return field.responseKey }
            return nil
        }
        XCTAssertEqual(keys, ["a", "c"])
    }

    /// A field stores its lists in one of several forms (see `Field`): every combination of
    /// alias, arguments, directives and selection set reads back as set, and equals the same
    /// field built or parsed another way.
    func testFieldPartsReadBackInEveryCombination() throws {
        let alias = Name(value: "a")
        let arguments = [Argument(name: Name(value: "x"), value: .int(IntValue(value: "1")))]
        let directives = [Directive(name: Name(value: "d"))]
        let selectionSet = SelectionSet(selections: [.field(Field(name: Name(value: "s")))], loc: loc(5, 9))
        for mask in 0..<16 {
            let expectedAlias = mask & 1 != 0 ? alias : nil
            let expectedArguments = mask & 2 != 0 ? arguments : []
            let expectedDirectives = mask & 4 != 0 ? directives : []
            let expectedSelectionSet = mask & 8 != 0 ? selectionSet : nil
            let built = Field(
                alias: expectedAlias, name: Name(value: "f"), arguments: expectedArguments,
                directives: expectedDirectives, selectionSet: expectedSelectionSet, loc: loc(0, 9))
            XCTAssertEqual(built.alias, expectedAlias, "\(mask)")
            XCTAssertEqual(built.arguments, expectedArguments, "\(mask)")
            XCTAssertEqual(built.directives, expectedDirectives, "\(mask)")
            XCTAssertEqual(built.selectionSet, expectedSelectionSet, "\(mask)")
            XCTAssertEqual(built.loc, loc(0, 9))
            // The same field through the setters, in another order, from a field with everything.
            var set = Field(
                alias: alias, name: Name(value: "f"), arguments: arguments, directives: directives,
                selectionSet: selectionSet, loc: loc(0, 9))
            set.selectionSet = expectedSelectionSet
            set.directives = expectedDirectives
            set.arguments = expectedArguments
            set.alias = expectedAlias
            XCTAssertEqual(set, built, "\(mask)")
            XCTAssertEqual(set.hashValue, built.hashValue, "\(mask)")
        }
        // A selection set with no selections is still a selection set.
        var field = Field(name: Name(value: "f"))
        field.selectionSet = SelectionSet(selections: [])
        XCTAssertEqual(field.selectionSet, SelectionSet(selections: []))
        XCTAssertNotEqual(field, Field(name: Name(value: "f")))
        // Parsed fields equal fields built with the same parts.
        let document = try parse("{ a: f(x: 1) @d { s } g(x: 1) { s } h @d }", options: ParseOptions(noLocation: true))
        guard case .operation(let operation) = document.definitions.first else { return XCTFail() }
        let inner = SelectionSet(selections: [.field(Field(name: Name(value: "s")))])
        XCTAssertEqual(
            operation.selectionSet.selections,
            [
                .field(
                    Field(
                        alias: alias, name: Name(value: "f"), arguments: arguments, directives: directives,
                        selectionSet: inner)),
                .field(Field(name: Name(value: "g"), arguments: arguments, selectionSet: inner)),
                .field(Field(name: Name(value: "h"), directives: directives))
            ])
    }

    /// Arguments, list values and object fields: up to three are kept in locals, more go
    /// through the parser's scratch stack (see `parseArgumentList`). Every length from 0 to 6,
    /// with a list nested in a list and an object in an object at each length, reads back in
    /// order with the right locations.
    func testArgumentsListsAndObjectsOfEveryLength() throws {
        for count in 0...6 {
            let numbers = (0..<count).map { "\($0)" }
            let list = "[" + numbers.joined(separator: ", ") + (count > 0 ? ", [\(count)]" : "") + "]"
            let object =
                "{" + numbers.map { "k\($0): \($0)" }.joined(separator: ", ")
                + (count > 0 ? ", inner: {k: \(count)}" : "") + "}"
            let arguments = (0..<count).map { "a\($0): \($0)" } + ["l: \(list)", "o: \(object)"]
            let text = "{ f(" + arguments.joined(separator: ", ") + ") }"
            let document = try parse(text)
            guard case .operation(let operation) = document.definitions.first,
                case .field(let field) = operation.selectionSet.selections.first
            else { return XCTFail("\(count)") }
            XCTAssertEqual(field.arguments.map(\.name.value), (0..<count).map { "a\($0)" } + ["l", "o"], "\(count)")
            for (index, argument) in field.arguments.prefix(count).enumerated() {
                XCTAssertEqual(printAST(argument.value), "\(index)")
            }
            guard case .list(let listValue) = field.arguments[count].value,
                case .object(let objectValue) = field.arguments[count + 1].value
            else { return XCTFail("\(count)") }
            XCTAssertEqual(printAST(.list(listValue)), list, "\(count)")
            XCTAssertEqual(printAST(.object(objectValue)), object, "\(count)")
            XCTAssertEqual(listValue.values.count, count == 0 ? 0 : count + 1)
            XCTAssertEqual(
                objectValue.fields.map(\.name.value), numbers.map { "k\($0)" } + (count > 0 ? ["inner"] : []))
            // Each node's range covers its text.
            let bytes = Array(text.utf8)
            for argument in field.arguments {
                guard let range = argument.loc else { return XCTFail("no location") }
                let argumentText = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
                XCTAssertEqual(argumentText, argument.name.value + ": " + printAST(argument.value), "\(count)")
            }
        }
    }
}
