import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/ProvidedRequiredArgumentsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class ProvidedRequiredArgumentsRuleTests: XCTestCase {
    /// Provided required arguments > ignores unknown arguments
    func testIgnoresUnknownArguments() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                  {
                    dog {
                      isHouseTrained(unknownArgument: true)
                    }
                  }
                
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Arg on optional arg
    func testArgOnOptionalArg() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      dog {
                        isHouseTrained(atOtherHomes: true)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > No Arg on optional arg
    func testNoArgOnOptionalArg() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      dog {
                        isHouseTrained
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > No arg on non-null field with default
    func testNoArgOnNonNullFieldWithDefault() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        nonNullFieldWithDefault
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Multiple args
    func testMultipleArgs() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req1: 1, req2: 2)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Multiple args reverse order
    func testMultipleArgsReverseOrder() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req2: 2, req1: 1)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > No args on multiple optional
    func testNoArgsOnMultipleOptional() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOpts
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > One arg on multiple optional
    func testOneArgOnMultipleOptional() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOpts(opt1: 1)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Second arg on multiple optional
    func testSecondArgOnMultipleOptional() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOpts(opt2: 1)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Multiple required args on mixedList
    func testMultipleRequiredArgsOnMixedList() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOptAndReq(req1: 3, req2: 4)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > Multiple required and one optional arg on mixedList
    func testMultipleRequiredAndOneOptionalArgOnMixedList() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOptAndReq(req1: 3, req2: 4, opt1: 5)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Valid non-nullable value > All required and optional args on mixedList
    func testAllRequiredAndOptionalArgsOnMixedList() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleOptAndReq(req1: 3, req2: 4, opt1: 5, opt2: 6)
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Invalid non-nullable value > Missing one non-nullable argument
    func testMissingOneNonNullableArgument() {
        expectErrors(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req2: 2)
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "multipleReqs" argument "req1" of type "Int!" is required, but it was not provided."#,
                    [(4, 13)])
            ])
    }

    /// Provided required arguments > Invalid non-nullable value > Missing multiple non-nullable arguments
    func testMissingMultipleNonNullableArguments() {
        expectErrors(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "multipleReqs" argument "req1" of type "Int!" is required, but it was not provided."#,
                    [(4, 13)]),
                ExpectedError(
                    #"Field "multipleReqs" argument "req2" of type "Int!" is required, but it was not provided."#,
                    [(4, 13)])
            ])
    }

    /// Provided required arguments > Invalid non-nullable value > Incorrect value and missing argument
    func testIncorrectValueAndMissingArgument() {
        expectErrors(
            [.providedRequiredArguments],
            #"""

                    {
                      complicatedArgs {
                        multipleReqs(req1: "one")
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Field "multipleReqs" argument "req2" of type "Int!" is required, but it was not provided."#,
                    [(4, 13)])
            ])
    }

    /// Provided required arguments > Directive arguments > ignores unknown directives
    func testIgnoresUnknownDirectives() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      dog @unknown
                    }
                  
            """#)
    }

    /// Provided required arguments > Directive arguments > with directives of valid types
    func testWithDirectivesOfValidTypes() {
        expectValid(
            [.providedRequiredArguments],
            #"""

                    {
                      dog @include(if: true) {
                        name
                      }
                      human @skip(if: false) {
                        name
                      }
                    }
                  
            """#)
    }

    /// Provided required arguments > Directive arguments > with directive with missing types
    func testWithDirectiveWithMissingTypes() {
        expectErrors(
            [.providedRequiredArguments],
            #"""

                    {
                      dog @include {
                        name @skip
                      }
                    }
                  
            """#,
            [
                ExpectedError(
                    #"Directive "@include" argument "if" of type "Boolean!" is required, but it was not provided."#,
                    [(3, 15)]),
                ExpectedError(
                    #"Directive "@skip" argument "if" of type "Boolean!" is required, but it was not provided."#,
                    [(4, 18)])
            ])
    }
}
