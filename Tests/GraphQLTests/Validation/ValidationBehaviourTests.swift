import XCTest
@testable import GraphQL

/// `validate` itself: the error limit, the `@oneOf` checks of graphql-js
/// 16.9+, and the overlapping-fields shortcut for repeated fields (which must
/// give exactly the errors of graphql-js's pairwise comparison).
final class ValidationBehaviourTests: XCTestCase {
    static let oneOfSchema = ValidationTestSupport.schema(
        """
        input OneOfInput @oneOf {
          stringField: String
          intField: Int
        }
        type ComplicatedArgs {
          oneOfArgField(oneOfArg: OneOfInput): String
        }
        type Query {
          complicatedArgs: ComplicatedArgs
        }
        """)

    // MARK: Error limit

    func testStopsAfterMaxErrors() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let query = "{ " + (0..<150).map { "unknown\($0)" }.joined(separator: " ") + " }"
        let errors = validate(schema: schema, document: try parse(query))
        XCTAssertEqual(errors.count, 101)
        XCTAssertEqual(errors.first?.message, "Cannot query field \"unknown0\" on type \"QueryRoot\".")
        XCTAssertEqual(errors.last?.message, "Too many validation errors, error limit reached. Validation aborted.")
        XCTAssertEqual(errors.last?.locations, [])

        let two = validate(schema: schema, document: try parse(query), maxErrors: 2)
        XCTAssertEqual(
            two.map(\.message),
            [
                "Cannot query field \"unknown0\" on type \"QueryRoot\".",
                "Cannot query field \"unknown1\" on type \"QueryRoot\".",
                "Too many validation errors, error limit reached. Validation aborted."
            ])
    }

    func testValidDocumentGivesNoErrors() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let errors = validate(
            schema: schema,
            document: try parse(
                """
                query Q($id: ID, $bark: Boolean = true) {
                  human(id: $id) { name pets { name ... on Dog { barkVolume @include(if: $bark) } } }
                  catOrDog { ...Pet }
                }
                fragment Pet on CatOrDog { ... on Cat { meows } ... on Dog { barks } }
                """))
        XCTAssertEqual(errors, [])
    }

    func testDocumentsWithoutLocations() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let document = try parse(
            """
            query Q($unused: Int) { dog { name name: nickname ...F } }
            fragment F on Dog { barks(x: 1) }
            """, options: ParseOptions(noLocation: true))
        let errors = validate(schema: schema, document: document)
        XCTAssertEqual(
            errors.map(\.message),
            [
                "Fields \"name\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
                "Variable \"$unused\" is never used in operation \"Q\".",
                "Unknown argument \"x\" on field \"Dog.barks\"."
            ])
        XCTAssertTrue(errors.allSatisfy { $0.locations.isEmpty })
    }

    func testDeeplyNestedValues() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let depth = 200
        let value = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let errors = validate(
            schema: schema,
            document: try parse(
                "{ complicatedArgs { stringListArgField(stringListArg: \(value)) } }"))
        XCTAssertEqual(
            errors.map(\.message),
            [
                "String cannot represent a non string value: "
                    + String(repeating: "[", count: depth - 1) + "1" + String(repeating: "]", count: depth - 1)
            ])
    }

    // MARK: @oneOf (graphql-js 16.9+)

    func testOneOfExactlyOneField() {
        expectValid(
            [.valuesOfCorrectType],
            """
            { complicatedArgs { oneOfArgField(oneOfArg: { stringField: "abc" }) } }
            """, schema: Self.oneOfSchema)
        expectValid(
            specifiedRules,
            """
            query ($string: String!) { complicatedArgs { oneOfArgField(oneOfArg: { stringField: $string }) } }
            """, schema: Self.oneOfSchema)
    }

    func testOneOfInvalidFieldType() {
        expectErrors(
            [.valuesOfCorrectType],
            """
            { complicatedArgs { oneOfArgField(oneOfArg: { stringField: 2 }) } }
            """, [ExpectedError("String cannot represent a non string value: 2", [(1, 60)])], schema: Self.oneOfSchema)
    }

    func testOneOfNullField() {
        expectErrors(
            [.valuesOfCorrectType],
            """
            { complicatedArgs { oneOfArgField(oneOfArg: { stringField: null }) } }
            """, [ExpectedError("Field \"OneOfInput.stringField\" must be non-null.", [(1, 45)])],
            schema: Self.oneOfSchema)
    }

    func testOneOfNullableVariable() {
        let query = """
            query ($string: String) { complicatedArgs { oneOfArgField(oneOfArg: { stringField: $string }) } }
            """
        expectErrors(
            [.valuesOfCorrectType], query,
            [
                ExpectedError(
                    "Variable \"string\" must be non-nullable to be used for OneOf Input Object \"OneOfInput\".",
                    [(1, 69)])
            ], schema: Self.oneOfSchema)
        expectErrors(
            [.variablesInAllowedPosition], query,
            [
                ExpectedError(
                    "Variable \"$string\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"OneOfInput\".",
                    [(1, 8), (1, 84)])
            ], schema: Self.oneOfSchema)
    }

    func testOneOfMoreThanOneField() {
        expectErrors(
            [.valuesOfCorrectType],
            """
            { complicatedArgs { oneOfArgField(oneOfArg: { stringField: "abc", intField: 123 }) } }
            """, [ExpectedError("OneOf Input Object \"OneOfInput\" must specify exactly one key.", [(1, 45)])],
            schema: Self.oneOfSchema)
    }

    // MARK: Repeated fields (no quadratic work, same errors)

    func testManyIdenticalFieldsAreValid() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let query = "{ dog { " + String(repeating: "name ", count: 3000) + "} }"
        XCTAssertEqual(validate(schema: schema, document: try parse(query)), [])
        let composite =
            "{ dog { " + String(repeating: "mother { ...F } ", count: 1500) + "} }"
            + " fragment F on Dog { name barks mother { name } }"
        XCTAssertEqual(validate(schema: schema, document: try parse(composite)), [])
    }

    func testRepeatedFieldsWithOneConflictReportEveryPair() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let query = "{ dog { " + String(repeating: "name ", count: 9) + "name: nickname } }"
        let errors = validate(schema: schema, document: try parse(query))
        XCTAssertEqual(errors.count, 9)
        XCTAssertEqual(
            errors.first?.message,
            "Fields \"name\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        )
        // graphql-js: pairs (i, 9) in order.
        XCTAssertEqual(
            errors.map(\.locations),
            (0..<9).map { index in
                [SourceLocation(line: 1, column: 9 + 5 * index), SourceLocation(line: 1, column: 54)]
            })
    }

    func testFragmentChainsMatchPairwiseComparison() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let bodies = [
            "name", "name: nickname", "barks", "mother { name }", "mother { name: nickname }", "name(surname: true)",
            "... on Dog { name }", "x: name", "x: barks"
        ]
        var state: UInt64 = 0x0123_4567_89AB_CDEF
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<200 {
            let count = 3 + next(14)
            var text = "{ dog { ...F0 " + (next(2) == 0 ? "...F\(next(count)) " : "") + bodies[next(bodies.count)]
            for _ in 0..<next(6) { text += " ...F\(next(count))" }
            text += " } }\n"
            for index in 0..<count {
                var body = bodies[next(3) == 0 ? next(bodies.count) : 0]
                let target = next(4) == 0 ? next(count) : index + 1
                if target < count { body += " ...F\(target)" }
                if next(5) == 0 { body += " ...F\(next(count))" }
                text += "fragment F\(index) on Dog { \(body) }\n"
            }
            let document = try parse(text)
            let fast = validate(schema: schema, document: document, rules: [.overlappingFieldsCanBeMerged])
            let slow = validate(schema: schema, document: document, rules: [.overlappingFieldsCanBeMergedPairwise])
            XCTAssertEqual(
                ValidationTestSupport.describe(fast), ValidationTestSupport.describe(slow),
                "round \(round): \(text)")
        }
    }

    func testShortcutMatchesPairwiseComparison() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let fragments = """
            fragment A on Dog { name }
            fragment B on Dog { name: nickname }
            fragment C on Dog { mother { name ...A } }
            """
        let pieces = [
            "name", "name", "name: nickname", "mother { name }", "mother { name: nickname }", "mother { ...A }",
            "mother { ...B }", "... on Dog { name }", "...A", "...B", "mother { name ...B }", "...C",
            "name(surname: true)", "name(surname: false)", "barks", "mother { mother { name } }"
        ]
        // A fixed pseudo-random sequence, so failures reproduce.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<60 {
            let repeats = 8 + next(20)
            let base = next(pieces.count)
            var selections: [String] = []
            for _ in 0..<repeats {
                selections.append(next(4) == 0 ? pieces[next(pieces.count)] : pieces[base])
            }
            let query = "{ dog { " + selections.joined(separator: " ") + " } }\n" + fragments
            let document = try parse(query)
            let rulesFast: [ValidationRule] = [.overlappingFieldsCanBeMerged]
            let rulesSlow: [ValidationRule] = [.overlappingFieldsCanBeMergedPairwise]
            let fast = validate(schema: schema, document: document, rules: rulesFast)
            let slow = validate(schema: schema, document: document, rules: rulesSlow)
            XCTAssertEqual(
                ValidationTestSupport.describe(fast), ValidationTestSupport.describe(slow),
                "round \(round): \(query)")
        }
    }

    /// Rings of fragments spreading each other (the pieces vary, some conflict): the
    /// shortcuts (clean subtrees recorded through a map's own fragment) give exactly the
    /// pairwise comparison's errors.
    func testFragmentRingsMatchPairwiseComparison() throws {
        let schema = try XCTUnwrap(ValidationTestSupport.harness)
        let pieces = [
            "name", "name", "name: nickname", "mother { name }", "mother { name: nickname }",
            "barks", "name(surname: true)", "mother { mother { name } }", "... on Dog { name }"
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<40 {
            let size = 2 + next(30)
            let uniform = next(2) == 0
            let base = next(pieces.count)
            var text = "{ dog { ...F0 } }\n"
            for index in 0..<size {
                let piece = uniform && next(8) != 0 ? pieces[base] : pieces[next(pieces.count)]
                text += "fragment F\(index) on Dog { \(piece) ...F\((index + 1) % size) }\n"
            }
            let document = try parse(text)
            let fast = validate(schema: schema, document: document, rules: [.overlappingFieldsCanBeMerged])
            let slow = validate(schema: schema, document: document, rules: [.overlappingFieldsCanBeMergedPairwise])
            XCTAssertEqual(
                ValidationTestSupport.describe(fast), ValidationTestSupport.describe(slow), "round \(round): \(text)")
        }
    }
}
