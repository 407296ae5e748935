import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueInputFieldNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueInputFieldNamesRuleTests: XCTestCase {
    /// Unique input field names > input object with fields
    func testInputObjectWithFields() {
        expectValid(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: { f: true })
                  }
                
            """#)
    }

    /// Unique input field names > same input object within two args
    func testSameInputObjectWithinTwoArgs() {
        expectValid(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg1: { f: true }, arg2: { f: true })
                  }
                
            """#)
    }

    /// Unique input field names > multiple input object fields
    func testMultipleInputObjectFields() {
        expectValid(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: { f1: "value", f2: "value", f3: "value" })
                  }
                
            """#)
    }

    /// Unique input field names > allows for nested input objects with similar fields
    func testAllowsForNestedInputObjectsWithSimilarFields() {
        expectValid(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: {
                      deep: {
                        deep: {
                          id: 1
                        }
                        id: 1
                      }
                      id: 1
                    })
                  }
                
            """#)
    }

    /// Unique input field names > duplicate input object fields
    func testDuplicateInputObjectFields() {
        expectErrors(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: { f1: "value", f1: "value" })
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one input field named "f1"."#, [(3, 22), (3, 35)])
            ])
    }

    /// Unique input field names > many duplicate input object fields
    func testManyDuplicateInputObjectFields() {
        expectErrors(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: { f1: "value", f1: "value", f1: "value" })
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one input field named "f1"."#, [(3, 22), (3, 35)]),
                ExpectedError(#"There can be only one input field named "f1"."#, [(3, 22), (3, 48)])
            ])
    }

    /// Unique input field names > nested duplicate input object fields
    func testNestedDuplicateInputObjectFields() {
        expectErrors(
            [.uniqueInputFieldNames],
            #"""

                  {
                    field(arg: { f1: {f2: "value", f2: "value" }})
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one input field named "f2"."#, [(3, 27), (3, 40)])
            ])
    }
}
