import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueOperationNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueOperationNamesRuleTests: XCTestCase {
    /// Unique operation names > one named operation
    func testOneNamedOperation() {
        expectValid(
            [.uniqueOperationNames],
            #"""

                  query Foo {
                    field
                  }
                
            """#)
    }

    /// Unique operation names > multiple operations of different types
    func testMultipleOperationsOfDifferentTypes() {
        expectValid(
            [.uniqueOperationNames],
            #"""

                  query Foo {
                    field
                  }

                  mutation Bar {
                    field
                  }

                  subscription Baz {
                    field
                  }
                
            """#)
    }

    /// Unique operation names > multiple operations of same name
    func testMultipleOperationsOfSameName() {
        expectErrors(
            [.uniqueOperationNames],
            #"""

                  query Foo {
                    fieldA
                  }
                  query Foo {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one operation named "Foo"."#, [(2, 13), (5, 13)])
            ])
    }

    /// Unique operation names > multiple ops of same name of different types (mutation)
    func testMultipleOpsOfSameNameOfDifferentTypesMutation() {
        expectErrors(
            [.uniqueOperationNames],
            #"""

                  query Foo {
                    fieldA
                  }
                  mutation Foo {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one operation named "Foo"."#, [(2, 13), (5, 16)])
            ])
    }

    /// Unique operation names > multiple ops of same name of different types (subscription)
    func testMultipleOpsOfSameNameOfDifferentTypesSubscription() {
        expectErrors(
            [.uniqueOperationNames],
            #"""

                  query Foo {
                    fieldA
                  }
                  subscription Foo {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one operation named "Foo"."#, [(2, 13), (5, 20)])
            ])
    }
}
