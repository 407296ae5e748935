import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/ExecutableDefinitionsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class ExecutableDefinitionsRuleTests: XCTestCase {
    /// Executable definitions > with only operation
    func testWithOnlyOperation() {
        expectValid(
            [.executableDefinitions],
            #"""

                  query Foo {
                    dog {
                      name
                    }
                  }
                
            """#)
    }

    /// Executable definitions > with operation and fragment
    func testWithOperationAndFragment() {
        expectValid(
            [.executableDefinitions],
            #"""

                  query Foo {
                    dog {
                      name
                      ...Frag
                    }
                  }

                  fragment Frag on Dog {
                    name
                  }
                
            """#)
    }

    /// Executable definitions > with type definition
    func testWithTypeDefinition() {
        expectErrors(
            [.executableDefinitions],
            #"""

                  query Foo {
                    dog {
                      name
                    }
                  }

                  type Cow {
                    name: String
                  }

                  extend type Dog {
                    color: String
                  }
                
            """#,
            [
                ExpectedError(#"The "Cow" definition is not executable."#, [(8, 7)]),
                ExpectedError(#"The "Dog" definition is not executable."#, [(12, 7)])
            ])
    }

    /// Executable definitions > with schema definition
    func testWithSchemaDefinition() {
        expectErrors(
            [.executableDefinitions],
            #"""

                  schema {
                    query: Query
                  }

                  type Query {
                    test: String
                  }

                  extend schema @directive
                
            """#,
            [
                ExpectedError(#"The schema definition is not executable."#, [(2, 7)]),
                ExpectedError(#"The "Query" definition is not executable."#, [(6, 7)]),
                ExpectedError(#"The schema definition is not executable."#, [(10, 7)])
            ])
    }
}
