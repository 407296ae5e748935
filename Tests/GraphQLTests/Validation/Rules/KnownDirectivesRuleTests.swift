import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/KnownDirectivesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class KnownDirectivesRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""

          type Query {
            dummy: String
          }

          directive @onQuery on QUERY
          directive @onMutation on MUTATION
          directive @onSubscription on SUBSCRIPTION
          directive @onField on FIELD
          directive @onFragmentDefinition on FRAGMENT_DEFINITION
          directive @onFragmentSpread on FRAGMENT_SPREAD
          directive @onInlineFragment on INLINE_FRAGMENT
          directive @onVariableDefinition on VARIABLE_DEFINITION

        """#)

    /// Known directives > with no directives
    func testWithNoDirectives() {
        expectValid(
            [.knownDirectives],
            #"""

                  query Foo {
                    name
                    ...Frag
                  }

                  fragment Frag on Dog {
                    name
                  }
                
            """#, schema: Self.schema1)
    }

    /// Known directives > with standard directives
    func testWithStandardDirectives() {
        expectValid(
            [.knownDirectives],
            #"""

                  {
                    human @skip(if: false) {
                      name
                      pets {
                        ... on Dog @include(if: true) {
                          name
                        }
                      }
                    }
                  }
                
            """#, schema: Self.schema1)
    }

    /// Known directives > with unknown directive
    func testWithUnknownDirective() {
        expectErrors(
            [.knownDirectives],
            #"""

                  {
                    human @unknown(directive: "value") {
                      name
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Unknown directive "@unknown"."#, [(3, 15)])
            ], schema: Self.schema1)
    }

    /// Known directives > with many unknown directives
    func testWithManyUnknownDirectives() {
        expectErrors(
            [.knownDirectives],
            #"""

                  {
                    __typename @unknown
                    human @unknown {
                      name
                      pets @unknown {
                        name
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Unknown directive "@unknown"."#, [(3, 20)]),
                ExpectedError(#"Unknown directive "@unknown"."#, [(4, 15)]),
                ExpectedError(#"Unknown directive "@unknown"."#, [(6, 16)])
            ], schema: Self.schema1)
    }

    /// Known directives > with well placed directives
    func testWithWellPlacedDirectives() {
        expectValid(
            [.knownDirectives],
            #"""

                  query ($var: Boolean @onVariableDefinition) @onQuery {
                    human @onField {
                      ...Frag @onFragmentSpread
                      ... @onInlineFragment {
                        name @onField
                      }
                    }
                  }

                  mutation @onMutation {
                    someField @onField
                  }

                  subscription @onSubscription {
                    someField @onField
                  }

                  fragment Frag on Human @onFragmentDefinition {
                    name @onField
                  }
                
            """#, schema: Self.schema1)
    }

    /// Known directives > with misplaced directives
    func testWithMisplacedDirectives() {
        expectErrors(
            [.knownDirectives],
            #"""

                  query ($var: Boolean @onQuery) @onMutation {
                    human @onQuery {
                      ...Frag @onQuery
                      ... @onQuery {
                        name @onQuery
                      }
                    }
                  }

                  mutation @onQuery {
                    someField @onQuery
                  }

                  subscription @onQuery {
                    someField @onQuery
                  }

                  fragment Frag on Human @onQuery {
                    name @onQuery
                  }
                
            """#,
            [
                ExpectedError(#"Directive "@onQuery" may not be used on VARIABLE_DEFINITION."#, [(2, 28)]),
                ExpectedError(#"Directive "@onMutation" may not be used on QUERY."#, [(2, 38)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FIELD."#, [(3, 15)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FRAGMENT_SPREAD."#, [(4, 19)]),
                ExpectedError(#"Directive "@onQuery" may not be used on INLINE_FRAGMENT."#, [(5, 15)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FIELD."#, [(6, 18)]),
                ExpectedError(#"Directive "@onQuery" may not be used on MUTATION."#, [(11, 16)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FIELD."#, [(12, 19)]),
                ExpectedError(#"Directive "@onQuery" may not be used on SUBSCRIPTION."#, [(15, 20)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FIELD."#, [(16, 19)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FRAGMENT_DEFINITION."#, [(19, 30)]),
                ExpectedError(#"Directive "@onQuery" may not be used on FIELD."#, [(20, 14)])
            ], schema: Self.schema1)
    }
}
