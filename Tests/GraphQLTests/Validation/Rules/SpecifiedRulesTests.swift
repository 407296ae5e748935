import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/validation-test.ts`, run with all specified rules.
/// Messages, locations and order must be exactly graphql-js's.
final class SpecifiedRulesTests: XCTestCase {
    /// Supports full validation > validates queries
    func testValidatesQueries() {
        expectValid(
            specifiedRules,
            #"""

                  query {
                    human {
                      pets {
                        ... on Cat {
                          meowsVolume
                        }
                        ... on Dog {
                          barkVolume
                        }
                      }
                    }
                  }
                
            """#)
    }

    /// Supports full validation > detects unknown fields
    func testDetectsUnknownFields() {
        expectErrors(
            specifiedRules,
            #"""

                  {
                    unknown
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "unknown" on type "QueryRoot"."#, [(3, 9)])
            ])
    }
}
