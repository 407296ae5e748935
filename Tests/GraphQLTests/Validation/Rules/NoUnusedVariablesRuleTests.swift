import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/NoUnusedVariablesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class NoUnusedVariablesRuleTests: XCTestCase {
    /// No unused variables > uses all variables
    func testUsesAllVariables() {
        expectValid(
            [.noUnusedVariables],
            #"""

                  query ($a: String, $b: String, $c: String) {
                    field(a: $a, b: $b, c: $c)
                  }
                
            """#)
    }

    /// No unused variables > variable not used
    func testVariableNotUsed() {
        expectErrors(
            [.noUnusedVariables],
            #"""

                  query ($a: String, $b: String, $c: String) {
                    field(a: $a, b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$c" is never used."#, [(2, 38)])
            ])
    }

    /// No unused variables > multiple variables not used
    func testMultipleVariablesNotUsed() {
        expectErrors(
            [.noUnusedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    field(b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is never used in operation "Foo"."#, [(2, 17)]),
                ExpectedError(#"Variable "$c" is never used in operation "Foo"."#, [(2, 41)])
            ])
    }

    /// No unused variables > variable not used in fragments
    func testVariableNotUsedInFragments() {
        expectErrors(
            [.noUnusedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field(a: $a) {
                      ...FragB
                    }
                  }
                  fragment FragB on Type {
                    field(b: $b) {
                      ...FragC
                    }
                  }
                  fragment FragC on Type {
                    field
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$c" is never used in operation "Foo"."#, [(2, 41)])
            ])
    }

    /// No unused variables > multiple variables not used in fragments
    func testMultipleVariablesNotUsedInFragments() {
        expectErrors(
            [.noUnusedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field {
                      ...FragB
                    }
                  }
                  fragment FragB on Type {
                    field(b: $b) {
                      ...FragC
                    }
                  }
                  fragment FragC on Type {
                    field
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is never used in operation "Foo"."#, [(2, 17)]),
                ExpectedError(#"Variable "$c" is never used in operation "Foo"."#, [(2, 41)])
            ])
    }

    /// No unused variables > variable not used by unreferenced fragment
    func testVariableNotUsedByUnreferencedFragment() {
        expectErrors(
            [.noUnusedVariables],
            #"""

                  query Foo($b: String) {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field(a: $a)
                  }
                  fragment FragB on Type {
                    field(b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$b" is never used in operation "Foo"."#, [(2, 17)])
            ])
    }
}
