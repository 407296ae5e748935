import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueVariableNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueVariableNamesRuleTests: XCTestCase {
    /// Unique variable names > unique variable names
    func testUniqueVariableNames() {
        expectValid(
            [.uniqueVariableNames],
            #"""

                  query A($x: Int, $y: String) { __typename }
                  query B($x: String, $y: Int) { __typename }
                
            """#)
    }

    /// Unique variable names > duplicate variable names
    func testDuplicateVariableNames() {
        expectErrors(
            [.uniqueVariableNames],
            #"""

                  query A($x: Int, $x: Int, $x: String) { __typename }
                  query B($x: String, $x: Int) { __typename }
                  query C($x: Int, $x: Int) { __typename }
                
            """#,
            [
                ExpectedError(#"There can be only one variable named "$x"."#, [(2, 16), (2, 25), (2, 34)]),
                ExpectedError(#"There can be only one variable named "$x"."#, [(3, 16), (3, 28)]),
                ExpectedError(#"There can be only one variable named "$x"."#, [(4, 16), (4, 25)])
            ])
    }
}
