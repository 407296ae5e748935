import XCTest
@testable import GraphQL

/// Cases of graphql-js 16.9+'s `MaxIntrospectionDepthRule-test.ts` (the rule is
/// newer than the conformance data), run with this rule alone.
final class MaxIntrospectionDepthRuleTests: XCTestCase {
    let rules: [ValidationRule] = [.maxIntrospectionDepth]
    let exceeded = "Maximum introspection depth exceeded"

    func testStandardIntrospectionQueryIsValid() throws {
        let path = ValidationTestSupport.sharedDirectory + "/bench/introspection-query.graphql"
        guard let query = ValidationTestSupport.readFile(path) else { throw MissingSharedData("no \(path)") }
        expectValid(rules, query)
        expectValid(specifiedRules, query)
    }

    func testThreeFlatFields() {
        expectValid(
            rules,
            """
            {
              __type(name: "Query") {
                trueFields: fields(includeDeprecated: true) { name }
                falseFields: fields(includeDeprecated: false) { name }
                omittedFields: fields { name }
              }
            }
            """)
    }

    func testThreeFieldsDeepFromSchema() {
        expectErrors(
            rules,
            """
            {
              __schema {
                types {
                  fields {
                    type {
                      fields {
                        type {
                          fields {
                            name
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testThreeInterfacesDeep() {
        expectErrors(
            rules,
            """
            {
              __schema {
                types {
                  interfaces {
                    interfaces {
                      interfaces {
                        name
                      }
                    }
                  }
                }
              }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testThreePossibleTypesAndInputFieldsDeep() {
        expectErrors(
            rules,
            """
            {
              __schema { types { possibleTypes { possibleTypes { possibleTypes { name } } } } }
              __type(name: "Query") { inputFields { type { inputFields { type { inputFields { name } } } } } }
            }
            """, [ExpectedError(exceeded, [(2, 3)]), ExpectedError(exceeded, [(3, 3)])])
    }

    func testOneFieldsDeepWithThreeSiblingsIsValid() {
        expectValid(
            rules,
            """
            {
              __schema {
                types {
                  fields { name }
                  interfaces { name }
                  possibleTypes { name }
                }
              }
            }
            """)
    }

    func testThreeFieldsDeepFromVaryingParents() {
        expectErrors(
            rules,
            """
            {
              __schema {
                types {
                  fields {
                    type {
                      fields { type { ofType { fields { name } } } }
                    }
                  }
                }
              }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testThreeFieldsDeepWithInlineFragments() {
        expectErrors(
            rules,
            """
            query test {
              __schema {
                types {
                  ... on __Type {
                    fields {
                      type {
                        ... on __Type {
                          ofType {
                            fields {
                              type {
                                ... on __Type {
                                  fields { name }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testThreeFieldsDeepWithFragments() {
        expectErrors(
            rules,
            """
            query test {
              __schema {
                types {
                  ...One
                }
              }
            }

            fragment One on __Type {
              fields { type { ...Two } }
            }

            fragment Two on __Type {
              fields { type { ...Three } }
            }

            fragment Three on __Type {
              fields { name }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testThreeFieldsDeepInsideInlineFragmentOnQuery() {
        expectErrors(
            rules,
            """
            {
              ... {
                __schema { types { fields { type { fields { type { fields { name } } } } } } }
              }
            }
            """, [ExpectedError(exceeded, [(3, 5)])])
    }

    func testNestedIntrospectionFieldIsReportedOnce() {
        expectErrors(
            rules,
            """
            {
              __schema {
                types { fields { type { fields { type { fields { name } } } } } }
                queryType { fields { type { fields { type { fields { name } } } } } }
              }
            }
            """, [ExpectedError(exceeded, [(2, 3)])])
    }

    func testMissingFragmentOptsOut() {
        expectValid(
            rules,
            """
            query test { __schema { types { ...Missing } } }
            """)
    }

    func testFragmentCycleDoesNotRecurseForever() {
        expectValid(
            rules,
            """
            query test { __schema { types { ...Cycle } } }
            fragment Cycle on __Type { ...Cycle }
            """)
    }

    func testFragmentsSharedManyTimesStayLinear() {
        // Each fragment spreads the next one twice: 2^40 paths, one visit each.
        var text = "query { __schema { types { ...F0 } } }\n"
        for index in 0..<40 {
            text += "fragment F\(index) on __Type { name ofType { ...F\(index + 1) ...F\(index + 1) } }\n"
        }
        text += "fragment F40 on __Type { fields { type { fields { type { fields { name } } } } } }\n"
        expectErrors(rules, text, [ExpectedError(exceeded, [(1, 9)])])
    }
}
