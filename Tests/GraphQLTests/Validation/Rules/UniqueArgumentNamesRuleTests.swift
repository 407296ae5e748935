import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueArgumentNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueArgumentNamesRuleTests: XCTestCase {
    /// Unique argument names > no arguments on directive
    func testNoArgumentsOnDirective() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive
                  }
                
            """#)
    }

    /// Unique argument names > argument on field
    func testArgumentOnField() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field(arg: "value")
                  }
                
            """#)
    }

    /// Unique argument names > argument on directive
    func testArgumentOnDirective() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive(arg: "value")
                  }
                
            """#)
    }

    /// Unique argument names > same argument on two fields
    func testSameArgumentOnTwoFields() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    one: field(arg: "value")
                    two: field(arg: "value")
                  }
                
            """#)
    }

    /// Unique argument names > same argument on field and directive
    func testSameArgumentOnFieldAndDirective() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field(arg: "value") @directive(arg: "value")
                  }
                
            """#)
    }

    /// Unique argument names > same argument on two directives
    func testSameArgumentOnTwoDirectives() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive1(arg: "value") @directive2(arg: "value")
                  }
                
            """#)
    }

    /// Unique argument names > multiple field arguments
    func testMultipleFieldArguments() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field(arg1: "value", arg2: "value", arg3: "value")
                  }
                
            """#)
    }

    /// Unique argument names > multiple directive arguments
    func testMultipleDirectiveArguments() {
        expectValid(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive(arg1: "value", arg2: "value", arg3: "value")
                  }
                
            """#)
    }

    /// Unique argument names > duplicate field arguments
    func testDuplicateFieldArguments() {
        expectErrors(
            [.uniqueArgumentNames],
            #"""

                  {
                    field(arg1: "value", arg1: "value")
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one argument named "arg1"."#, [(3, 15), (3, 30)])
            ])
    }

    /// Unique argument names > many duplicate field arguments
    func testManyDuplicateFieldArguments() {
        expectErrors(
            [.uniqueArgumentNames],
            #"""

                  {
                    field(arg1: "value", arg1: "value", arg1: "value")
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one argument named "arg1"."#, [(3, 15), (3, 30), (3, 45)])
            ])
    }

    /// Unique argument names > duplicate directive arguments
    func testDuplicateDirectiveArguments() {
        expectErrors(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive(arg1: "value", arg1: "value")
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one argument named "arg1"."#, [(3, 26), (3, 41)])
            ])
    }

    /// Unique argument names > many duplicate directive arguments
    func testManyDuplicateDirectiveArguments() {
        expectErrors(
            [.uniqueArgumentNames],
            #"""

                  {
                    field @directive(arg1: "value", arg1: "value", arg1: "value")
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one argument named "arg1"."#, [(3, 26), (3, 41), (3, 56)])
            ])
    }
}
