import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/PossibleFragmentSpreadsRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class PossibleFragmentSpreadsRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""

          interface Being {
            name: String
          }

          interface Pet implements Being {
            name: String
          }

          type Dog implements Being & Pet {
            name: String
            barkVolume: Int
          }

          type Cat implements Being & Pet {
            name: String
            meowVolume: Int
          }

          union CatOrDog = Cat | Dog

          interface Intelligent {
            iq: Int
          }

          type Human implements Being & Intelligent {
            name: String
            pets: [Pet]
            iq: Int
          }

          type Alien implements Being & Intelligent {
            name: String
            iq: Int
          }

          union DogOrHuman = Dog | Human

          union HumanOrAlien = Human | Alien

          type Query {
            catOrDog: CatOrDog
            dogOrHuman: DogOrHuman
            humanOrAlien: HumanOrAlien
          }

        """#)

    /// Possible fragment spreads > of the same object
    func testOfTheSameObject() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment objectWithinObject on Dog { ...dogFragment }
                  fragment dogFragment on Dog { barkVolume }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > of the same object with inline fragment
    func testOfTheSameObjectWithInlineFragment() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment objectWithinObjectAnon on Dog { ... on Dog { barkVolume } }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > object into an implemented interface
    func testObjectIntoAnImplementedInterface() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment objectWithinInterface on Pet { ...dogFragment }
                  fragment dogFragment on Dog { barkVolume }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > object into containing union
    func testObjectIntoContainingUnion() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment objectWithinUnion on CatOrDog { ...dogFragment }
                  fragment dogFragment on Dog { barkVolume }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > union into contained object
    func testUnionIntoContainedObject() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment unionWithinObject on Dog { ...catOrDogFragment }
                  fragment catOrDogFragment on CatOrDog { __typename }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > union into overlapping interface
    func testUnionIntoOverlappingInterface() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment unionWithinInterface on Pet { ...catOrDogFragment }
                  fragment catOrDogFragment on CatOrDog { __typename }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > union into overlapping union
    func testUnionIntoOverlappingUnion() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment unionWithinUnion on DogOrHuman { ...catOrDogFragment }
                  fragment catOrDogFragment on CatOrDog { __typename }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into implemented object
    func testInterfaceIntoImplementedObject() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment interfaceWithinObject on Dog { ...petFragment }
                  fragment petFragment on Pet { name }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into overlapping interface
    func testInterfaceIntoOverlappingInterface() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment interfaceWithinInterface on Pet { ...beingFragment }
                  fragment beingFragment on Being { name }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into overlapping interface in inline fragment
    func testInterfaceIntoOverlappingInterfaceInInlineFragment() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment interfaceWithinInterface on Pet { ... on Being { name } }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into overlapping union
    func testInterfaceIntoOverlappingUnion() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment interfaceWithinUnion on CatOrDog { ...petFragment }
                  fragment petFragment on Pet { name }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > ignores incorrect type (caught by FragmentsOnCompositeTypesRule)
    func testIgnoresIncorrectTypeCaughtByFragmentsOnCompositeTypesRule() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment petFragment on Pet { ...badInADifferentWay }
                  fragment badInADifferentWay on String { name }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > ignores unknown fragments (caught by KnownFragmentNamesRule)
    func testIgnoresUnknownFragmentsCaughtByKnownFragmentNamesRule() {
        expectValid(
            [.possibleFragmentSpreads],
            #"""

                  fragment petFragment on Pet { ...UnknownFragment }
                
            """#, schema: Self.schema1)
    }

    /// Possible fragment spreads > different object into object
    func testDifferentObjectIntoObject() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidObjectWithinObject on Cat { ...dogFragment }
                  fragment dogFragment on Dog { barkVolume }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "dogFragment" cannot be spread here as objects of type "Cat" can never be of type "Dog"."#,
                    [(2, 51)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > different object into object in inline fragment
    func testDifferentObjectIntoObjectInInlineFragment() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidObjectWithinObjectAnon on Cat {
                    ... on Dog { barkVolume }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fragment cannot be spread here as objects of type "Cat" can never be of type "Dog"."#, [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > object into not implementing interface
    func testObjectIntoNotImplementingInterface() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidObjectWithinInterface on Pet { ...humanFragment }
                  fragment humanFragment on Human { pets { name } }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "humanFragment" cannot be spread here as objects of type "Pet" can never be of type "Human"."#,
                    [(2, 54)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > object into not containing union
    func testObjectIntoNotContainingUnion() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidObjectWithinUnion on CatOrDog { ...humanFragment }
                  fragment humanFragment on Human { pets { name } }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "humanFragment" cannot be spread here as objects of type "CatOrDog" can never be of type "Human"."#,
                    [(2, 55)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > union into not contained object
    func testUnionIntoNotContainedObject() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidUnionWithinObject on Human { ...catOrDogFragment }
                  fragment catOrDogFragment on CatOrDog { __typename }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "catOrDogFragment" cannot be spread here as objects of type "Human" can never be of type "CatOrDog"."#,
                    [(2, 52)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > union into non overlapping interface
    func testUnionIntoNonOverlappingInterface() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidUnionWithinInterface on Pet { ...humanOrAlienFragment }
                  fragment humanOrAlienFragment on HumanOrAlien { __typename }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "humanOrAlienFragment" cannot be spread here as objects of type "Pet" can never be of type "HumanOrAlien"."#,
                    [(2, 53)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > union into non overlapping union
    func testUnionIntoNonOverlappingUnion() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidUnionWithinUnion on CatOrDog { ...humanOrAlienFragment }
                  fragment humanOrAlienFragment on HumanOrAlien { __typename }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "humanOrAlienFragment" cannot be spread here as objects of type "CatOrDog" can never be of type "HumanOrAlien"."#,
                    [(2, 54)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into non implementing object
    func testInterfaceIntoNonImplementingObject() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidInterfaceWithinObject on Cat { ...intelligentFragment }
                  fragment intelligentFragment on Intelligent { iq }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "intelligentFragment" cannot be spread here as objects of type "Cat" can never be of type "Intelligent"."#,
                    [(2, 54)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into non overlapping interface
    func testInterfaceIntoNonOverlappingInterface() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidInterfaceWithinInterface on Pet {
                    ...intelligentFragment
                  }
                  fragment intelligentFragment on Intelligent { iq }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "intelligentFragment" cannot be spread here as objects of type "Pet" can never be of type "Intelligent"."#,
                    [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into non overlapping interface in inline fragment
    func testInterfaceIntoNonOverlappingInterfaceInInlineFragment() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidInterfaceWithinInterfaceAnon on Pet {
                    ...on Intelligent { iq }
                  }
                
            """#,
            [
                ExpectedError(
                    #"Fragment cannot be spread here as objects of type "Pet" can never be of type "Intelligent"."#,
                    [(3, 9)])
            ], schema: Self.schema1)
    }

    /// Possible fragment spreads > interface into non overlapping union
    func testInterfaceIntoNonOverlappingUnion() {
        expectErrors(
            [.possibleFragmentSpreads],
            #"""

                  fragment invalidInterfaceWithinUnion on HumanOrAlien { ...petFragment }
                  fragment petFragment on Pet { name }
                
            """#,
            [
                ExpectedError(
                    #"Fragment "petFragment" cannot be spread here as objects of type "HumanOrAlien" can never be of type "Pet"."#,
                    [(2, 62)])
            ], schema: Self.schema1)
    }
}
