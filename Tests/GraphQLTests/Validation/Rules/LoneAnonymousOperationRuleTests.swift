import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/LoneAnonymousOperationRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class LoneAnonymousOperationRuleTests: XCTestCase {
    /// Anonymous operation must be alone > no operations
    func testNoOperations() {
        expectValid(
            [.loneAnonymousOperation],
            #"""

                  fragment fragA on Type {
                    field
                  }
                
            """#)
    }

    /// Anonymous operation must be alone > one anon operation
    func testOneAnonOperation() {
        expectValid(
            [.loneAnonymousOperation],
            #"""

                  {
                    field
                  }
                
            """#)
    }

    /// Anonymous operation must be alone > multiple named operations
    func testMultipleNamedOperations() {
        expectValid(
            [.loneAnonymousOperation],
            #"""

                  query Foo {
                    field
                  }

                  query Bar {
                    field
                  }
                
            """#)
    }

    /// Anonymous operation must be alone > anon operation with fragment
    func testAnonOperationWithFragment() {
        expectValid(
            [.loneAnonymousOperation],
            #"""

                  {
                    ...Foo
                  }
                  fragment Foo on Type {
                    field
                  }
                
            """#)
    }

    /// Anonymous operation must be alone > multiple anon operations
    func testMultipleAnonOperations() {
        expectErrors(
            [.loneAnonymousOperation],
            #"""

                  {
                    fieldA
                  }
                  {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"This anonymous operation must be the only defined operation."#, [(2, 7)]),
                ExpectedError(#"This anonymous operation must be the only defined operation."#, [(5, 7)])
            ])
    }

    /// Anonymous operation must be alone > anon operation with a mutation
    func testAnonOperationWithAMutation() {
        expectErrors(
            [.loneAnonymousOperation],
            #"""

                  {
                    fieldA
                  }
                  mutation Foo {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"This anonymous operation must be the only defined operation."#, [(2, 7)])
            ])
    }

    /// Anonymous operation must be alone > anon operation with a subscription
    func testAnonOperationWithASubscription() {
        expectErrors(
            [.loneAnonymousOperation],
            #"""

                  {
                    fieldA
                  }
                  subscription Foo {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"This anonymous operation must be the only defined operation."#, [(2, 7)])
            ])
    }
}
