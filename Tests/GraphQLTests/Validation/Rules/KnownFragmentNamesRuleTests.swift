import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/KnownFragmentNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class KnownFragmentNamesRuleTests: XCTestCase {
    /// Known fragment names > known fragment names are valid
    func testKnownFragmentNamesAreValid() {
        expectValid(
            [.knownFragmentNames],
            #"""

                  {
                    human(id: 4) {
                      ...HumanFields1
                      ... on Human {
                        ...HumanFields2
                      }
                      ... {
                        name
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

    /// Known fragment names > unknown fragment names are invalid
    func testUnknownFragmentNamesAreInvalid() {
        expectErrors(
            [.knownFragmentNames],
            #"""

                  {
                    human(id: 4) {
                      ...UnknownFragment1
                      ... on Human {
                        ...UnknownFragment2
                      }
                    }
                  }
                  fragment HumanFields on Human {
                    name
                    ...UnknownFragment3
                  }
                
            """#,
            [
                ExpectedError(#"Unknown fragment "UnknownFragment1"."#, [(4, 14)]),
                ExpectedError(#"Unknown fragment "UnknownFragment2"."#, [(6, 16)]),
                ExpectedError(#"Unknown fragment "UnknownFragment3"."#, [(12, 12)])
            ])
    }
}
