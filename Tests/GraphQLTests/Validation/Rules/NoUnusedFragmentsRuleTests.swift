import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/NoUnusedFragmentsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class NoUnusedFragmentsRuleTests: XCTestCase {
    /// No unused fragments > all fragment names are used
    func testAllFragmentNamesAreUsed() {
        expectValid(
            [.noUnusedFragments],
            #"""

                  {
                    human(id: 4) {
                      ...HumanFields1
                      ... on Human {
                        ...HumanFields2
                      }
                    }
                  }
                  fragment HumanFields1 on Human {
                    name
                    ...HumanFields3
                  }
                  fragment HumanFields2 on Human {
                    name
                  }
                  fragment HumanFields3 on Human {
                    name
                  }
                
            """#)
    }

    /// No unused fragments > all fragment names are used by multiple operations
    func testAllFragmentNamesAreUsedByMultipleOperations() {
        expectValid(
            [.noUnusedFragments],
            #"""

                  query Foo {
                    human(id: 4) {
                      ...HumanFields1
                    }
                  }
                  query Bar {
                    human(id: 4) {
                      ...HumanFields2
                    }
                  }
                  fragment HumanFields1 on Human {
                    name
                    ...HumanFields3
                  }
                  fragment HumanFields2 on Human {
                    name
                  }
                  fragment HumanFields3 on Human {
                    name
                  }
                
            """#)
    }

    /// No unused fragments > contains unknown fragments
    func testContainsUnknownFragments() {
        expectErrors(
            [.noUnusedFragments],
            #"""

                  query Foo {
                    human(id: 4) {
                      ...HumanFields1
                    }
                  }
                  query Bar {
                    human(id: 4) {
                      ...HumanFields2
                    }
                  }
                  fragment HumanFields1 on Human {
                    name
                    ...HumanFields3
                  }
                  fragment HumanFields2 on Human {
                    name
                  }
                  fragment HumanFields3 on Human {
                    name
                  }
                  fragment Unused1 on Human {
                    name
                  }
                  fragment Unused2 on Human {
                    name
                  }
                
            """#,
            [
                ExpectedError(#"Fragment "Unused1" is never used."#, [(22, 7)]),
                ExpectedError(#"Fragment "Unused2" is never used."#, [(25, 7)])
            ])
    }

    /// No unused fragments > contains unknown fragments with ref cycle
    func testContainsUnknownFragmentsWithRefCycle() {
        expectErrors(
            [.noUnusedFragments],
            #"""

                  query Foo {
                    human(id: 4) {
                      ...HumanFields1
                    }
                  }
                  query Bar {
                    human(id: 4) {
                      ...HumanFields2
                    }
                  }
                  fragment HumanFields1 on Human {
                    name
                    ...HumanFields3
                  }
                  fragment HumanFields2 on Human {
                    name
                  }
                  fragment HumanFields3 on Human {
                    name
                  }
                  fragment Unused1 on Human {
                    name
                    ...Unused2
                  }
                  fragment Unused2 on Human {
                    name
                    ...Unused1
                  }
                
            """#,
            [
                ExpectedError(#"Fragment "Unused1" is never used."#, [(22, 7)]),
                ExpectedError(#"Fragment "Unused2" is never used."#, [(26, 7)])
            ])
    }

    /// No unused fragments > contains unknown and undef fragments
    func testContainsUnknownAndUndefFragments() {
        expectErrors(
            [.noUnusedFragments],
            #"""

                  query Foo {
                    human(id: 4) {
                      ...bar
                    }
                  }
                  fragment foo on Human {
                    name
                  }
                
            """#,
            [
                ExpectedError(#"Fragment "foo" is never used."#, [(7, 7)])
            ])
    }
}
