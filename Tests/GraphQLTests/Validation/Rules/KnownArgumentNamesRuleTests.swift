import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/KnownArgumentNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class KnownArgumentNamesRuleTests: XCTestCase {
    /// Known argument names > single arg is known
    func testSingleArgIsKnown() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  fragment argOnRequiredArg on Dog {
                    doesKnowCommand(dogCommand: SIT)
                  }
                
            """#)
    }

    /// Known argument names > multiple args are known
    func testMultipleArgsAreKnown() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  fragment multipleArgs on ComplicatedArgs {
                    multipleReqs(req1: 1, req2: 2)
                  }
                
            """#)
    }

    /// Known argument names > ignores args of unknown fields
    func testIgnoresArgsOfUnknownFields() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  fragment argOnUnknownField on Dog {
                    unknownField(unknownArg: SIT)
                  }
                
            """#)
    }

    /// Known argument names > multiple args in reverse order are known
    func testMultipleArgsInReverseOrderAreKnown() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  fragment multipleArgsReverseOrder on ComplicatedArgs {
                    multipleReqs(req2: 2, req1: 1)
                  }
                
            """#)
    }

    /// Known argument names > no args on optional arg
    func testNoArgsOnOptionalArg() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  fragment noArgOnOptionalArg on Dog {
                    isHouseTrained
                  }
                
            """#)
    }

    /// Known argument names > args are known deeply
    func testArgsAreKnownDeeply() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  {
                    dog {
                      doesKnowCommand(dogCommand: SIT)
                    }
                    human {
                      pet {
                        ... on Dog {
                          doesKnowCommand(dogCommand: SIT)
                        }
                      }
                    }
                  }
                
            """#)
    }

    /// Known argument names > directive args are known
    func testDirectiveArgsAreKnown() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  {
                    dog @skip(if: true)
                  }
                
            """#)
    }

    /// Known argument names > field args are invalid
    func testFieldArgsAreInvalid() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  {
                    dog @skip(unless: true)
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "unless" on directive "@skip"."#, [(3, 19)])
            ])
    }

    /// Known argument names > directive without args is valid
    func testDirectiveWithoutArgsIsValid() {
        expectValid(
            [.knownArgumentNames],
            #"""

                  {
                    dog @onField
                  }
                
            """#)
    }

    /// Known argument names > arg passed to directive without arg is reported
    func testArgPassedToDirectiveWithoutArgIsReported() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  {
                    dog @onField(if: true)
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "if" on directive "@onField"."#, [(3, 22)])
            ])
    }

    /// Known argument names > misspelled directive args are reported
    func testMisspelledDirectiveArgsAreReported() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  {
                    dog @skip(iff: true)
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "iff" on directive "@skip". Did you mean "if"?"#, [(3, 19)])
            ])
    }

    /// Known argument names > invalid arg name
    func testInvalidArgName() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  fragment invalidArgName on Dog {
                    doesKnowCommand(unknown: true)
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, [(3, 25)])
            ])
    }

    /// Known argument names > misspelled arg name is reported
    func testMisspelledArgNameIsReported() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  fragment invalidArgName on Dog {
                    doesKnowCommand(DogCommand: true)
                  }
                
            """#,
            [
                ExpectedError(
                    #"Unknown argument "DogCommand" on field "Dog.doesKnowCommand". Did you mean "dogCommand"?"#,
                    [(3, 25)])
            ])
    }

    /// Known argument names > unknown args amongst known args
    func testUnknownArgsAmongstKnownArgs() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  fragment oneGoodArgOneInvalidArg on Dog {
                    doesKnowCommand(whoKnows: 1, dogCommand: SIT, unknown: true)
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "whoKnows" on field "Dog.doesKnowCommand"."#, [(3, 25)]),
                ExpectedError(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, [(3, 55)])
            ])
    }

    /// Known argument names > unknown args deeply
    func testUnknownArgsDeeply() {
        expectErrors(
            [.knownArgumentNames],
            #"""

                  {
                    dog {
                      doesKnowCommand(unknown: true)
                    }
                    human {
                      pet {
                        ... on Dog {
                          doesKnowCommand(unknown: true)
                        }
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, [(4, 27)]),
                ExpectedError(#"Unknown argument "unknown" on field "Dog.doesKnowCommand"."#, [(9, 31)])
            ])
    }
}
