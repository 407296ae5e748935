import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/FieldsOnCorrectTypeRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class FieldsOnCorrectTypeRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""

          interface Pet {
            name: String
          }

          type Dog implements Pet {
            name: String
            nickname: String
            barkVolume: Int
          }

          type Cat implements Pet {
            name: String
            nickname: String
            meowVolume: Int
          }

          union CatOrDog = Cat | Dog

          type Human {
            name: String
            pets: [Pet]
          }

          type Query {
            human: Human
          }

        """#)

    static let schema2 = ValidationTestSupport.schema(
        #"""

                type T {
                  fieldWithVeryLongNameThatWillNeverBeSuggested: String
                }
                type Query { t: T }
              
        """#)

    static let schema3 = ValidationTestSupport.schema(
        #"""

                union T = A | B
                type Query { t: T }

                type A { f: String }
                type B { f: String }
              
        """#)

    static let schema4 = ValidationTestSupport.schema(
        #"""

                type T {
                  y: String
                  z: String
                }
                type Query { t: T }
              
        """#)

    static let schema5 = ValidationTestSupport.schema(
        #"""

                interface T {
                  y: String
                  z: String
                }
                type Query { t: T }

                type A implements T {
                  f: String
                  y: String
                  z: String
                }
                type B implements T {
                  f: String
                  y: String
                  z: String
                }
              
        """#)

    static let schema6 = ValidationTestSupport.schema(
        #"""

                interface T { bar: String }
                type Query { t: T }

                interface Z implements T {
                  foo: String
                  bar: String
                }

                interface Y implements Z & T {
                  foo: String
                  bar: String
                }

                type X implements Y & Z & T {
                  foo: String
                  bar: String
                }
              
        """#)

    static let schema7 = ValidationTestSupport.schema(
        #"""

                interface Animal { name: String }
                interface Mammal implements Animal { name: String }

                interface Canine implements Animal & Mammal { name: String }
                type Dog implements Animal & Mammal & Canine { name: String }

                interface Feline implements Animal & Mammal { name: String }
                type Cat implements Animal & Mammal & Feline { name: String }

                union CatOrDog = Cat | Dog
                type Query { catOrDog: CatOrDog }
              
        """#)

    static let schema8 = ValidationTestSupport.schema(
        #"""

                union T = A | B | C | D | E | F
                type Query { t: T }

                type A { f: String }
                type B { f: String }
                type C { f: String }
                type D { f: String }
                type E { f: String }
                type F { f: String }
              
        """#)

    static let schema9 = ValidationTestSupport.schema(
        #"""

                type T {
                  u: String
                  v: String
                  w: String
                  x: String
                  y: String
                  z: String
                }
                type Query { t: T }
              
        """#)

    /// Fields on correct type > Object field selection
    func testObjectFieldSelection() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment objectFieldSelection on Dog {
                    __typename
                    name
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Aliased object field selection
    func testAliasedObjectFieldSelection() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment aliasedObjectFieldSelection on Dog {
                    tn : __typename
                    otherName : name
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Interface field selection
    func testInterfaceFieldSelection() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment interfaceFieldSelection on Pet {
                    __typename
                    name
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Aliased interface field selection
    func testAliasedInterfaceFieldSelection() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment interfaceFieldSelection on Pet {
                    otherName : name
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Lying alias selection
    func testLyingAliasSelection() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment lyingAliasSelection on Dog {
                    name : nickname
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Ignores fields on unknown type
    func testIgnoresFieldsOnUnknownType() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment unknownSelection on UnknownType {
                    unknownField
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > reports errors when type is known again
    func testReportsErrorsWhenTypeIsKnownAgain() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment typeKnownAgain on Pet {
                    unknown_pet_field {
                      ... on Cat {
                        unknown_cat_field
                      }
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "unknown_pet_field" on type "Pet"."#, [(3, 9)]),
                ExpectedError(#"Cannot query field "unknown_cat_field" on type "Cat"."#, [(5, 13)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Field not defined on fragment
    func testFieldNotDefinedOnFragment() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment fieldNotDefined on Dog {
                    meowVolume
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "meowVolume" on type "Dog". Did you mean "barkVolume"?"#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Ignores deeply unknown field
    func testIgnoresDeeplyUnknownField() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment deepFieldNotDefined on Dog {
                    unknown_field {
                      deeper_unknown_field
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "unknown_field" on type "Dog"."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Sub-field not defined
    func testSubFieldNotDefined() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment subFieldNotDefined on Human {
                    pets {
                      unknown_field
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "unknown_field" on type "Pet"."#, [(4, 11)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Field not defined on inline fragment
    func testFieldNotDefinedOnInlineFragment() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment fieldNotDefined on Pet {
                    ... on Dog {
                      meowVolume
                    }
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "meowVolume" on type "Dog". Did you mean "barkVolume"?"#, [(4, 11)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Aliased field target not defined
    func testAliasedFieldTargetNotDefined() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment aliasedFieldTargetNotDefined on Dog {
                    volume : mooVolume
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "mooVolume" on type "Dog". Did you mean "barkVolume"?"#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Aliased lying field target not defined
    func testAliasedLyingFieldTargetNotDefined() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment aliasedLyingFieldTargetNotDefined on Dog {
                    barkVolume : kawVolume
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "kawVolume" on type "Dog". Did you mean "barkVolume"?"#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Not defined on interface
    func testNotDefinedOnInterface() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment notDefinedOnInterface on Pet {
                    tailLength
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "tailLength" on type "Pet"."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Defined on implementors but not on interface
    func testDefinedOnImplementorsButNotOnInterface() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment definedOnImplementorsButNotInterface on Pet {
                    nickname
                  }
                
            """#,
            [
                ExpectedError(
                    #"Cannot query field "nickname" on type "Pet". Did you mean to use an inline fragment on "Cat" or "Dog"?"#,
                    [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Meta field selection on union
    func testMetaFieldSelectionOnUnion() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment directFieldSelectionOnUnion on CatOrDog {
                    __typename
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Direct field selection on union
    func testDirectFieldSelectionOnUnion() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment directFieldSelectionOnUnion on CatOrDog {
                    directField
                  }
                
            """#,
            [
                ExpectedError(#"Cannot query field "directField" on type "CatOrDog"."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > Defined on implementors queried on union
    func testDefinedOnImplementorsQueriedOnUnion() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""

                  fragment definedOnImplementorsQueriedOnUnion on CatOrDog {
                    name
                  }
                
            """#,
            [
                ExpectedError(
                    #"Cannot query field "name" on type "CatOrDog". Did you mean to use an inline fragment on "Pet", "Cat", or "Dog"?"#,
                    [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Fields on correct type > valid field in inline fragment
    func testValidFieldInInlineFragment() {
        expectValid(
            [.fieldsOnCorrectType],
            #"""

                  fragment objectFieldSelection on Pet {
                    ... on Dog {
                      name
                    }
                    ... {
                      name
                    }
                  }
                
            """#, schema: Self.schema1)
    }

    /// Fields on correct type > Fields on correct type error message > Works with no suggestions
    func testWorksWithNoSuggestions() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(#"Cannot query field "f" on type "T"."#, [(1, 7)])
            ], schema: Self.schema2)
    }

    /// Fields on correct type > Fields on correct type error message > Works with no small numbers of type suggestions
    func testWorksWithNoSmallNumbersOfTypeSuggestions() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "f" on type "T". Did you mean to use an inline fragment on "A" or "B"?"#,
                    [(1, 7)])
            ], schema: Self.schema3)
    }

    /// Fields on correct type > Fields on correct type error message > Works with no small numbers of field suggestions
    func testWorksWithNoSmallNumbersOfFieldSuggestions() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(#"Cannot query field "f" on type "T". Did you mean "y" or "z"?"#, [(1, 7)])
            ], schema: Self.schema4)
    }

    /// Fields on correct type > Fields on correct type error message > Only shows one set of suggestions at a time, preferring types
    func testOnlyShowsOneSetOfSuggestionsAtATimePreferringTypes() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "f" on type "T". Did you mean to use an inline fragment on "A" or "B"?"#,
                    [(1, 7)])
            ], schema: Self.schema5)
    }

    /// Fields on correct type > Fields on correct type error message > Sort type suggestions based on inheritance order
    func testSortTypeSuggestionsBasedOnInheritanceOrder() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { foo } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "foo" on type "T". Did you mean to use an inline fragment on "Z", "Y", or "X"?"#,
                    [(1, 7)])
            ], schema: Self.schema6)
    }

    /// Fields on correct type > Fields on correct type error message > Sort type suggestions based on inheritance order
    func testSortTypeSuggestionsBasedOnInheritanceOrder25() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { catOrDog { name } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "name" on type "CatOrDog". Did you mean to use an inline fragment on "Animal", "Mammal", "Canine", "Dog", or "Feline"?"#,
                    [(1, 14)])
            ], schema: Self.schema7)
    }

    /// Fields on correct type > Fields on correct type error message > Limits lots of type suggestions
    func testLimitsLotsOfTypeSuggestions() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "f" on type "T". Did you mean to use an inline fragment on "A", "B", "C", "D", or "E"?"#,
                    [(1, 7)])
            ], schema: Self.schema8)
    }

    /// Fields on correct type > Fields on correct type error message > Limits lots of field suggestions
    func testLimitsLotsOfFieldSuggestions() {
        expectErrors(
            [.fieldsOnCorrectType],
            #"""
            { t { f } }
            """#,
            [
                ExpectedError(
                    #"Cannot query field "f" on type "T". Did you mean "u", "v", "w", "x", or "y"?"#, [(1, 7)])
            ], schema: Self.schema9)
    }
}
