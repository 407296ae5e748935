import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/FragmentsOnCompositeTypesRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class FragmentsOnCompositeTypesRuleTests: XCTestCase {
    /// Fragments on composite types > object is valid fragment type
    func testObjectIsValidFragmentType() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on Dog {
                    barks
                  }
                
            """#)
    }

    /// Fragments on composite types > interface is valid fragment type
    func testInterfaceIsValidFragmentType() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on Pet {
                    name
                  }
                
            """#)
    }

    /// Fragments on composite types > object is valid inline fragment type
    func testObjectIsValidInlineFragmentType() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on Pet {
                    ... on Dog {
                      barks
                    }
                  }
                
            """#)
    }

    /// Fragments on composite types > interface is valid inline fragment type
    func testInterfaceIsValidInlineFragmentType() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on Mammal {
                    ... on Canine {
                      name
                    }
                  }
                
            """#)
    }

    /// Fragments on composite types > inline fragment without type is valid
    func testInlineFragmentWithoutTypeIsValid() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on Pet {
                    ... {
                      name
                    }
                  }
                
            """#)
    }

    /// Fragments on composite types > union is valid fragment type
    func testUnionIsValidFragmentType() {
        expectValid(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment validFragment on CatOrDog {
                    __typename
                  }
                
            """#)
    }

    /// Fragments on composite types > scalar is invalid fragment type
    func testScalarIsInvalidFragmentType() {
        expectErrors(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment scalarFragment on Boolean {
                    bad
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "scalarFragment" cannot condition on non composite type "Boolean"."#, [(2, 34)])
            ])
    }

    /// Fragments on composite types > enum is invalid fragment type
    func testEnumIsInvalidFragmentType() {
        expectErrors(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment scalarFragment on FurColor {
                    bad
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "scalarFragment" cannot condition on non composite type "FurColor"."#, [(2, 34)])
            ])
    }

    /// Fragments on composite types > input object is invalid fragment type
    func testInputObjectIsInvalidFragmentType() {
        expectErrors(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment inputFragment on ComplexInput {
                    stringField
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "inputFragment" cannot condition on non composite type "ComplexInput"."#, [(2, 33)])
            ])
    }

    /// Fragments on composite types > scalar is invalid inline fragment type
    func testScalarIsInvalidInlineFragmentType() {
        expectErrors(
            [.fragmentsOnCompositeTypes],
            #"""

                  fragment invalidFragment on Pet {
                    ... on String {
                      barks
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Fragment cannot condition on non composite type "String"."#, [(3, 16)])
            ])
    }
}
