import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/VariablesAreInputTypesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class VariablesAreInputTypesRuleTests: XCTestCase {
    /// Variables are input types > unknown types are ignored
    func testUnknownTypesAreIgnored() {
        expectValid(
            [.variablesAreInputTypes],
            #"""

                  query Foo($a: Unknown, $b: [[Unknown!]]!) {
                    field(a: $a, b: $b)
                  }
                
            """#)
    }

    /// Variables are input types > input types are valid
    func testInputTypesAreValid() {
        expectValid(
            [.variablesAreInputTypes],
            #"""

                  query Foo($a: String, $b: [Boolean!]!, $c: ComplexInput) {
                    field(a: $a, b: $b, c: $c)
                  }
                
            """#)
    }

    /// Variables are input types > output types are invalid
    func testOutputTypesAreInvalid() {
        expectErrors(
            [.variablesAreInputTypes],
            #"""

                  query Foo($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) {
                    field(a: $a, b: $b, c: $c)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" cannot be non-input type "Dog"."#, [(2, 21)]),
                ExpectedError(#"Variable "$b" cannot be non-input type "[[CatOrDog!]]!"."#, [(2, 30)]),
                ExpectedError(#"Variable "$c" cannot be non-input type "Pet"."#, [(2, 50)])
            ])
    }
}
