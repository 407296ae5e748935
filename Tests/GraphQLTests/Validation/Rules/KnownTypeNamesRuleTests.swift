import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/KnownTypeNamesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class KnownTypeNamesRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""
        type Query { foo: String }
        """#)

    /// Known type names > known type names are valid
    func testKnownTypeNamesAreValid() {
        expectValid(
            [.knownTypeNames],
            #"""

                  query Foo(
                    $var: String
                    $required: [Int!]!
                    $introspectionType: __EnumValue
                  ) {
                    user(id: 4) {
                      pets { ... on Pet { name }, ...PetFields, ... { name } }
                    }
                  }

                  fragment PetFields on Pet {
                    name
                  }
                
            """#)
    }

    /// Known type names > unknown type names are invalid
    func testUnknownTypeNamesAreInvalid() {
        expectErrors(
            [.knownTypeNames],
            #"""

                  query Foo($var: [JumbledUpLetters!]!) {
                    user(id: 4) {
                      name
                      pets { ... on Badger { name }, ...PetFields }
                    }
                  }
                  fragment PetFields on Peat {
                    name
                  }
                
            """#,
            [
                ExpectedError(#"Unknown type "JumbledUpLetters"."#, [(2, 24)]),
                ExpectedError(#"Unknown type "Badger"."#, [(5, 25)]),
                ExpectedError(#"Unknown type "Peat". Did you mean "Pet" or "Cat"?"#, [(8, 29)])
            ])
    }

    /// Known type names > references to standard scalars that are missing in schema
    func testReferencesToStandardScalarsThatAreMissingInSchema() {
        expectErrors(
            [.knownTypeNames],
            #"""

                  query ($id: ID, $float: Float, $int: Int) {
                    __typename
                  }
                
            """#,
            [
                ExpectedError(#"Unknown type "ID"."#, [(2, 19)]),
                ExpectedError(#"Unknown type "Float"."#, [(2, 31)]),
                ExpectedError(#"Unknown type "Int"."#, [(2, 44)])
            ], schema: Self.schema1)
    }
}
