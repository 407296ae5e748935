import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/NoUndefinedVariablesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class NoUndefinedVariablesRuleTests: XCTestCase {
    /// No undefined variables > all variables defined
    func testAllVariablesDefined() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    field(a: $a, b: $b, c: $c)
                  }
                
            """#)
    }

    /// No undefined variables > all variables deeply defined
    func testAllVariablesDeeplyDefined() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    field(a: $a) {
                      field(b: $b) {
                        field(c: $c)
                      }
                    }
                  }
                
            """#)
    }

    /// No undefined variables > all variables deeply in inline fragments defined
    func testAllVariablesDeeplyInInlineFragmentsDefined() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    ... on Type {
                      field(a: $a) {
                        field(b: $b) {
                          ... on Type {
                            field(c: $c)
                          }
                        }
                      }
                    }
                  }
                
            """#)
    }

    /// No undefined variables > all variables in fragments deeply defined
    func testAllVariablesInFragmentsDeeplyDefined() {
        expectValid(
            [.noUndefinedVariables],
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
                    field(c: $c)
                  }
                
            """#)
    }

    /// No undefined variables > variable within single fragment defined in multiple operations
    func testVariableWithinSingleFragmentDefinedInMultipleOperations() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String) {
                    ...FragA
                  }
                  query Bar($a: String) {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field(a: $a)
                  }
                
            """#)
    }

    /// No undefined variables > variable within fragments defined in operations
    func testVariableWithinFragmentsDefinedInOperations() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String) {
                    ...FragA
                  }
                  query Bar($b: String) {
                    ...FragB
                  }
                  fragment FragA on Type {
                    field(a: $a)
                  }
                  fragment FragB on Type {
                    field(b: $b)
                  }
                
            """#)
    }

    /// No undefined variables > variable within recursive fragment defined
    func testVariableWithinRecursiveFragmentDefined() {
        expectValid(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String) {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field(a: $a) {
                      ...FragA
                    }
                  }
                
            """#)
    }

    /// No undefined variables > variable not defined
    func testVariableNotDefined() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String, $b: String, $c: String) {
                    field(a: $a, b: $b, c: $c, d: $d)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$d" is not defined by operation "Foo"."#, [(3, 39), (2, 7)])
            ])
    }

    /// No undefined variables > variable not defined by un-named query
    func testVariableNotDefinedByUnNamedQuery() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  {
                    field(a: $a)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined."#, [(3, 18), (2, 7)])
            ])
    }

    /// No undefined variables > multiple variables not defined
    func testMultipleVariablesNotDefined() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($b: String) {
                    field(a: $a, b: $b, c: $c)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(3, 18), (2, 7)]),
                ExpectedError(#"Variable "$c" is not defined by operation "Foo"."#, [(3, 32), (2, 7)])
            ])
    }

    /// No undefined variables > variable in fragment not defined by un-named query
    func testVariableInFragmentNotDefinedByUnNamedQuery() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  {
                    ...FragA
                  }
                  fragment FragA on Type {
                    field(a: $a)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined."#, [(6, 18), (2, 7)])
            ])
    }

    /// No undefined variables > variable in fragment not defined by operation
    func testVariableInFragmentNotDefinedByOperation() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String, $b: String) {
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
                    field(c: $c)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$c" is not defined by operation "Foo"."#, [(16, 18), (2, 7)])
            ])
    }

    /// No undefined variables > multiple variables in fragments not defined
    func testMultipleVariablesInFragmentsNotDefined() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($b: String) {
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
                    field(c: $c)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(6, 18), (2, 7)]),
                ExpectedError(#"Variable "$c" is not defined by operation "Foo"."#, [(16, 18), (2, 7)])
            ])
    }

    /// No undefined variables > single variable in fragment not defined by multiple operations
    func testSingleVariableInFragmentNotDefinedByMultipleOperations() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($a: String) {
                    ...FragAB
                  }
                  query Bar($a: String) {
                    ...FragAB
                  }
                  fragment FragAB on Type {
                    field(a: $a, b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$b" is not defined by operation "Foo"."#, [(9, 25), (2, 7)]),
                ExpectedError(#"Variable "$b" is not defined by operation "Bar"."#, [(9, 25), (5, 7)])
            ])
    }

    /// No undefined variables > variables in fragment not defined by multiple operations
    func testVariablesInFragmentNotDefinedByMultipleOperations() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($b: String) {
                    ...FragAB
                  }
                  query Bar($a: String) {
                    ...FragAB
                  }
                  fragment FragAB on Type {
                    field(a: $a, b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(9, 18), (2, 7)]),
                ExpectedError(#"Variable "$b" is not defined by operation "Bar"."#, [(9, 25), (5, 7)])
            ])
    }

    /// No undefined variables > variable in fragment used by other operation
    func testVariableInFragmentUsedByOtherOperation() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($b: String) {
                    ...FragA
                  }
                  query Bar($a: String) {
                    ...FragB
                  }
                  fragment FragA on Type {
                    field(a: $a)
                  }
                  fragment FragB on Type {
                    field(b: $b)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(9, 18), (2, 7)]),
                ExpectedError(#"Variable "$b" is not defined by operation "Bar"."#, [(12, 18), (5, 7)])
            ])
    }

    /// No undefined variables > multiple undefined variables produce multiple errors
    func testMultipleUndefinedVariablesProduceMultipleErrors() {
        expectErrors(
            [.noUndefinedVariables],
            #"""

                  query Foo($b: String) {
                    ...FragAB
                  }
                  query Bar($a: String) {
                    ...FragAB
                  }
                  fragment FragAB on Type {
                    field1(a: $a, b: $b)
                    ...FragC
                    field3(a: $a, b: $b)
                  }
                  fragment FragC on Type {
                    field2(c: $c)
                  }
                
            """#,
            [
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(9, 19), (2, 7)]),
                ExpectedError(#"Variable "$a" is not defined by operation "Foo"."#, [(11, 19), (2, 7)]),
                ExpectedError(#"Variable "$c" is not defined by operation "Foo"."#, [(14, 19), (2, 7)]),
                ExpectedError(#"Variable "$b" is not defined by operation "Bar"."#, [(9, 26), (5, 7)]),
                ExpectedError(#"Variable "$b" is not defined by operation "Bar"."#, [(11, 26), (5, 7)]),
                ExpectedError(#"Variable "$c" is not defined by operation "Bar"."#, [(14, 19), (5, 7)])
            ])
    }
}
