import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/VariablesInAllowedPositionRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class VariablesInAllowedPositionRuleTests: XCTestCase {
    /// Variables are in allowed positions > Boolean => Boolean
    func testBooleanBoolean() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($booleanArg: Boolean)
                  {
                    complicatedArgs {
                      booleanArgField(booleanArg: $booleanArg)
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Boolean => Boolean within fragment
    func testBooleanBooleanWithinFragment() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  fragment booleanArgFrag on ComplicatedArgs {
                    booleanArgField(booleanArg: $booleanArg)
                  }
                  query Query($booleanArg: Boolean)
                  {
                    complicatedArgs {
                      ...booleanArgFrag
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Boolean => Boolean within fragment
    func testBooleanBooleanWithinFragment3() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($booleanArg: Boolean)
                  {
                    complicatedArgs {
                      ...booleanArgFrag
                    }
                  }
                  fragment booleanArgFrag on ComplicatedArgs {
                    booleanArgField(booleanArg: $booleanArg)
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Boolean! => Boolean
    func testBooleanBoolean4() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($nonNullBooleanArg: Boolean!)
                  {
                    complicatedArgs {
                      booleanArgField(booleanArg: $nonNullBooleanArg)
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Boolean! => Boolean within fragment
    func testBooleanBooleanWithinFragment5() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  fragment booleanArgFrag on ComplicatedArgs {
                    booleanArgField(booleanArg: $nonNullBooleanArg)
                  }

                  query Query($nonNullBooleanArg: Boolean!)
                  {
                    complicatedArgs {
                      ...booleanArgFrag
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > [String] => [String]
    func testStringString() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringListVar: [String])
                  {
                    complicatedArgs {
                      stringListArgField(stringListArg: $stringListVar)
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > [String!] => [String]
    func testStringString7() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringListVar: [String!])
                  {
                    complicatedArgs {
                      stringListArgField(stringListArg: $stringListVar)
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > String => [String] in item position
    func testStringStringInItemPosition() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringVar: String)
                  {
                    complicatedArgs {
                      stringListArgField(stringListArg: [$stringVar])
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > String! => [String] in item position
    func testStringStringInItemPosition9() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringVar: String!)
                  {
                    complicatedArgs {
                      stringListArgField(stringListArg: [$stringVar])
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > ComplexInput => ComplexInput
    func testComplexInputComplexInput() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($complexVar: ComplexInput)
                  {
                    complicatedArgs {
                      complexArgField(complexArg: $complexVar)
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > ComplexInput => ComplexInput in field position
    func testComplexInputComplexInputInFieldPosition() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($boolVar: Boolean = false)
                  {
                    complicatedArgs {
                      complexArgField(complexArg: {requiredArg: $boolVar})
                    }
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Boolean! => Boolean! in directive
    func testBooleanBooleanInDirective() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                  query Query($boolVar: Boolean!)
                  {
                    dog @include(if: $boolVar)
                  }
                
            """#)
    }

    /// Variables are in allowed positions > Int => Int!
    func testIntInt() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($intArg: Int) {
                    complicatedArgs {
                      nonNullIntArgField(nonNullIntArg: $intArg)
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, [(2, 19), (4, 45)])
            ])
    }

    /// Variables are in allowed positions > Int => Int! within fragment
    func testIntIntWithinFragment() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  fragment nonNullIntArgFieldFrag on ComplicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $intArg)
                  }

                  query Query($intArg: Int) {
                    complicatedArgs {
                      ...nonNullIntArgFieldFrag
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, [(6, 19), (3, 43)])
            ])
    }

    /// Variables are in allowed positions > Int => Int! within nested fragment
    func testIntIntWithinNestedFragment() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  fragment outerFrag on ComplicatedArgs {
                    ...nonNullIntArgFieldFrag
                  }

                  fragment nonNullIntArgFieldFrag on ComplicatedArgs {
                    nonNullIntArgField(nonNullIntArg: $intArg)
                  }

                  query Query($intArg: Int) {
                    complicatedArgs {
                      ...outerFrag
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$intArg" of type "Int" used in position expecting type "Int!"."#, [(10, 19), (7, 43)])
            ])
    }

    /// Variables are in allowed positions > String over Boolean
    func testStringOverBoolean() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringVar: String) {
                    complicatedArgs {
                      booleanArgField(booleanArg: $stringVar)
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$stringVar" of type "String" used in position expecting type "Boolean"."#,
                    [(2, 19), (4, 39)])
            ])
    }

    /// Variables are in allowed positions > String => [String]
    func testStringString17() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringVar: String) {
                    complicatedArgs {
                      stringListArgField(stringListArg: $stringVar)
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$stringVar" of type "String" used in position expecting type "[String]"."#,
                    [(2, 19), (4, 45)])
            ])
    }

    /// Variables are in allowed positions > Boolean => Boolean! in directive
    func testBooleanBooleanInDirective18() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($boolVar: Boolean) {
                    dog @include(if: $boolVar)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$boolVar" of type "Boolean" used in position expecting type "Boolean!"."#,
                    [(2, 19), (3, 26)])
            ])
    }

    /// Variables are in allowed positions > String => Boolean! in directive
    func testStringBooleanInDirective() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringVar: String) {
                    dog @include(if: $stringVar)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$stringVar" of type "String" used in position expecting type "Boolean!"."#,
                    [(2, 19), (3, 26)])
            ])
    }

    /// Variables are in allowed positions > [String] => [String!]
    func testStringString20() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                  query Query($stringListVar: [String])
                  {
                    complicatedArgs {
                      stringListNonNullArgField(stringListNonNullArg: $stringListVar)
                    }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Variable "$stringListVar" of type "[String]" used in position expecting type "[String!]"."#,
                    [(2, 19), (5, 59)])
            ])
    }

    /// Variables are in allowed positions > Allows optional (nullable) variables with default values > Int => Int! fails when variable provides null default value
    func testIntIntFailsWhenVariableProvidesNullDefaultValue() {
        expectErrors(
            [.variablesInAllowedPosition],
            #"""

                    query Query($intVar: Int = null) {
                      complicatedArgs {
                        nonNullIntArgField(nonNullIntArg: $intVar)
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Variable "$intVar" of type "Int" used in position expecting type "Int!"."#, [(2, 21), (4, 47)])
            ])
    }

    /// Variables are in allowed positions > Allows optional (nullable) variables with default values > Int => Int! when variable provides non-null default value
    func testIntIntWhenVariableProvidesNonNullDefaultValue() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                    query Query($intVar: Int = 1) {
                      complicatedArgs {
                        nonNullIntArgField(nonNullIntArg: $intVar)
                      }
                    }
            """#)
    }

    /// Variables are in allowed positions > Allows optional (nullable) variables with default values > Int => Int! when optional argument provides default value
    func testIntIntWhenOptionalArgumentProvidesDefaultValue() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                    query Query($intVar: Int) {
                      complicatedArgs {
                        nonNullFieldWithDefault(nonNullIntArg: $intVar)
                      }
                    }
            """#)
    }

    /// Variables are in allowed positions > Allows optional (nullable) variables with default values > Boolean => Boolean! in directive with default value with option
    func testBooleanBooleanInDirectiveWithDefaultValueWithOption() {
        expectValid(
            [.variablesInAllowedPosition],
            #"""

                    query Query($boolVar: Boolean = false) {
                      dog @include(if: $boolVar)
                    }
            """#)
    }
}
