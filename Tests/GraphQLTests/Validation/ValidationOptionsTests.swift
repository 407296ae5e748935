import XCTest
@testable import GraphQL

/// `ValidationOptions`: suggestions off, repeated directives collapsed, the error limit. The
/// defaults stay graphql-js's (the conformance corpora check them); these tests show each
/// switch against the default on the same document.
final class ValidationOptionsTests: XCTestCase {
    /// `query`'s errors under `rules` and `options`, one `message @line:column,…` per line.
    func errors(
        _ query: String, _ rules: [ValidationRule] = specifiedRules,
        _ options: ValidationOptions = ValidationOptions()
    ) throws -> String {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        return ValidationTestSupport.describe(
            validate(
                schema: schema, document: try parse(query), rules: rules,
                options: options))
    }

    // MARK: Suggestions

    func testSuggestionsOffEndEveryMessageBeforeDidYouMean() throws {
        let quiet = ValidationOptions(suggestions: false)
        let cases: [(ValidationRule, String, String, String)] = [
            (
                .fieldsOnCorrectType, "{ dog { nam } }",
                #"Cannot query field "nam" on type "Dog". Did you mean "name"?"#,
                #"Cannot query field "nam" on type "Dog"."#
            ),
            (
                .fieldsOnCorrectType, "{ pet { barks } }",
                #"Cannot query field "barks" on type "Pet". Did you mean to use an inline fragment on "Dog"?"#,
                #"Cannot query field "barks" on type "Pet"."#
            ),
            (
                .knownArgumentNames, "{ dog { name(surnam: true) } }",
                #"Unknown argument "surnam" on field "Dog.name". Did you mean "surname"?"#,
                #"Unknown argument "surnam" on field "Dog.name"."#
            ),
            (
                .knownArgumentNames, "{ dog @include(iff: true) { name } }",
                #"Unknown argument "iff" on directive "@include". Did you mean "if"?"#,
                #"Unknown argument "iff" on directive "@include"."#
            ),
            (
                .knownTypeNames, "query ($id: Strin) { dog { name } }",
                #"Unknown type "Strin". Did you mean "String"?"#,
                #"Unknown type "Strin"."#
            ),
            (
                .valuesOfCorrectType, "{ complicatedArgs { enumArgField(enumArg: BROWNN) } }",
                #"Value "BROWNN" does not exist in "FurColor" enum. Did you mean the enum value "BROWN"?"#,
                #"Value "BROWNN" does not exist in "FurColor" enum."#
            ),
            (
                .valuesOfCorrectType, #"{ complicatedArgs { enumArgField(enumArg: "TAN") } }"#,
                #"Enum "FurColor" cannot represent non-enum value: "TAN". Did you mean the enum value "TAN"?"#,
                #"Enum "FurColor" cannot represent non-enum value: "TAN"."#
            ),
            (
                .valuesOfCorrectType,
                "{ complicatedArgs { complexArgField(complexArg: { requiredField: true, intFeld: 1 }) } }",
                #"Field "intFeld" is not defined by type "ComplexInput". Did you mean "intField"?"#,
                #"Field "intFeld" is not defined by type "ComplexInput"."#
            ),
            (
                .scalarLeafs, "{ human }",
                #"Field "human" of type "Human" must have a selection of subfields. Did you mean "human { ... }"?"#,
                #"Field "human" of type "Human" must have a selection of subfields."#
            )
        ]
        for (rule, query, suggested, plain) in cases {
            let withSuggestion = try errors(query, [rule])
            let without = try errors(query, [rule], quiet)
            XCTAssertEqual(withSuggestion.components(separatedBy: " @").first, suggested, query)
            XCTAssertEqual(without.components(separatedBy: " @").first, plain, query)
            // Same error, same place: only the sentence goes.
            XCTAssertEqual(
                withSuggestion.components(separatedBy: " @").last, without.components(separatedBy: " @").last)
        }
        // Nothing close: the message is the same either way.
        XCTAssertEqual(
            try errors("{ dog { zzzzzz } }", specifiedRules, quiet),
            #"Cannot query field "zzzzzz" on type "Dog". @1:9"#)
        XCTAssertEqual(try errors("{ dog { zzzzzz } }"), #"Cannot query field "zzzzzz" on type "Dog". @1:9"#)
    }

    /// graphql-cop's "Field Suggestions" probe, with every rule.
    func testFieldSuggestionProbe() throws {
        let probe = "query cop { __schema { directive } }"
        XCTAssertEqual(
            try errors(probe),
            #"Cannot query field "directive" on type "__Schema". Did you mean "directives"? @1:24"#)
        XCTAssertEqual(
            try errors(probe, specifiedRules, ValidationOptions(suggestions: false)),
            #"Cannot query field "directive" on type "__Schema". @1:24"#)
    }

    // MARK: Repeated directives

    /// graphql-cop's "Directive Overloading" probe: ten unknown `@aa` on one field.
    func testTenUnknownDirectivesOnOneFieldGiveOneError() throws {
        let probe = "query cop { __typename @aa@aa@aa@aa@aa@aa@aa@aa@aa@aa }"
        let columns = (0..<10).map { 24 + 3 * $0 }
        XCTAssertEqual(
            try errors(probe),
            columns.map { #"Unknown directive "@aa". @1:\#($0)"# }.joined(separator: "\n"))
        XCTAssertEqual(
            try errors(probe, specifiedRules, ValidationOptions(collapsesRepeatedDirectives: true)),
            #"Unknown directive "@aa". @"# + columns.map { "1:\($0)" }.joined(separator: ","))
    }

    func testRepeatedDirectivesCollapsePerNameAndNode() throws {
        let query = """
            {
              dog @aa @bb @aa {
                name @skip(if: true) @skip(if: false) @include(if: true) @skip(if: true) @include(if: false)
                nickname @aa
              }
            }
            """
        XCTAssertEqual(
            try errors(query),
            """
            Unknown directive "@aa". @2:7
            Unknown directive "@bb". @2:11
            Unknown directive "@aa". @2:15
            The directive "@skip" can only be used once at this location. @3:10,3:26
            The directive "@skip" can only be used once at this location. @3:10,3:62
            The directive "@include" can only be used once at this location. @3:43,3:78
            Unknown directive "@aa". @4:14
            """)
        XCTAssertEqual(
            try errors(query, specifiedRules, ValidationOptions(collapsesRepeatedDirectives: true)),
            """
            Unknown directive "@aa". @2:7,2:15
            Unknown directive "@bb". @2:11
            The directive "@skip" can only be used once at this location. @3:10,3:26,3:62
            The directive "@include" can only be used once at this location. @3:43,3:78
            Unknown directive "@aa". @4:14
            """)
    }

    func testMisplacedRepeatsAndVariableDefinitionsCollapse() throws {
        let query = "query Q($v: Int @aa @aa) @onField @onField @aa { dog { name(surname: $v) } }"
        let rules: [ValidationRule] = [.knownDirectives, .uniqueDirectivesPerLocation]
        // The operation's own directives are checked for repeats when the operation is entered.
        XCTAssertEqual(
            try errors(query, rules),
            """
            The directive "@onField" can only be used once at this location. @1:26,1:35
            Unknown directive "@aa". @1:17
            Unknown directive "@aa". @1:21
            Directive "@onField" may not be used on QUERY. @1:26
            Directive "@onField" may not be used on QUERY. @1:35
            Unknown directive "@aa". @1:44
            """)
        XCTAssertEqual(
            try errors(query, rules, ValidationOptions(collapsesRepeatedDirectives: true)),
            """
            The directive "@onField" can only be used once at this location. @1:26,1:35
            Unknown directive "@aa". @1:17,1:21
            Directive "@onField" may not be used on QUERY. @1:26,1:35
            Unknown directive "@aa". @1:44
            """)
    }

    func testTypeAndItsExtensionsCollapsePerNode() throws {
        let sdl = """
            directive @d on OBJECT
            type T @d @d @d { f: Int }
            extend type T @d
            """
        let rules: [ValidationRule] = [.uniqueDirectivesPerLocation]
        XCTAssertEqual(
            try errors(sdl, rules),
            """
            The directive "@d" can only be used once at this location. @2:8,2:11
            The directive "@d" can only be used once at this location. @2:8,2:14
            The directive "@d" can only be used once at this location. @2:8,3:15
            """)
        XCTAssertEqual(
            try errors(sdl, rules, ValidationOptions(collapsesRepeatedDirectives: true)),
            """
            The directive "@d" can only be used once at this location. @2:8,2:11,2:14
            The directive "@d" can only be used once at this location. @2:8,3:15
            """)
    }

    // MARK: Error limit

    func testMaxErrorsOption() throws {
        let query = "{ " + (0..<30).map { "unknown\($0)" }.joined(separator: " ") + " }"
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let errors = validate(schema: schema, document: try parse(query), options: ValidationOptions(maxErrors: 19))
        XCTAssertEqual(errors.count, 20)
        XCTAssertEqual(errors[18].message, #"Cannot query field "unknown18" on type "QueryRoot"."#)
        XCTAssertEqual(errors[19].message, "Too many validation errors, error limit reached. Validation aborted.")
        // The `maxErrors:` form is the same validation.
        XCTAssertEqual(validate(schema: schema, document: try parse(query), maxErrors: 19), errors)
    }
}
