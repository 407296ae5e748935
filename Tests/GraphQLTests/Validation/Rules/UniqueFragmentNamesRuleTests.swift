import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueFragmentNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueFragmentNamesRuleTests: XCTestCase {
    /// Unique fragment names > one fragment
    func testOneFragment() {
        expectValid(
            [.uniqueFragmentNames],
            #"""

                  {
                    ...fragA
                  }

                  fragment fragA on Type {
                    field
                  }
                
            """#)
    }

    /// Unique fragment names > many fragments
    func testManyFragments() {
        expectValid(
            [.uniqueFragmentNames],
            #"""

                  {
                    ...fragA
                    ...fragB
                    ...fragC
                  }
                  fragment fragA on Type {
                    fieldA
                  }
                  fragment fragB on Type {
                    fieldB
                  }
                  fragment fragC on Type {
                    fieldC
                  }
                
            """#)
    }

    /// Unique fragment names > inline fragments are always unique
    func testInlineFragmentsAreAlwaysUnique() {
        expectValid(
            [.uniqueFragmentNames],
            #"""

                  {
                    ...on Type {
                      fieldA
                    }
                    ...on Type {
                      fieldB
                    }
                  }
                
            """#)
    }

    /// Unique fragment names > fragment and operation named the same
    func testFragmentAndOperationNamedTheSame() {
        expectValid(
            [.uniqueFragmentNames],
            #"""

                  query Foo {
                    ...Foo
                  }
                  fragment Foo on Type {
                    field
                  }
                
            """#)
    }

    /// Unique fragment names > fragments named the same
    func testFragmentsNamedTheSame() {
        expectErrors(
            [.uniqueFragmentNames],
            #"""

                  {
                    ...fragA
                  }
                  fragment fragA on Type {
                    fieldA
                  }
                  fragment fragA on Type {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one fragment named "fragA"."#, [(5, 16), (8, 16)])
            ])
    }

    /// Unique fragment names > fragments named the same without being referenced
    func testFragmentsNamedTheSameWithoutBeingReferenced() {
        expectErrors(
            [.uniqueFragmentNames],
            #"""

                  fragment fragA on Type {
                    fieldA
                  }
                  fragment fragA on Type {
                    fieldB
                  }
                
            """#,
            [
                ExpectedError(#"There can be only one fragment named "fragA"."#, [(2, 16), (5, 16)])
            ])
    }
}
