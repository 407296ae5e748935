import XCTest
@testable import GraphQL

/// The cases of graphql-js 16's `src/validation/__tests__/UniqueDirectivesPerLocationRule-test.ts`, run with this rule alone.
/// Messages, locations and order must be exactly graphql-js's.
final class UniqueDirectivesPerLocationRuleTests: XCTestCase {
    static let schema1 = ValidationTestSupport.schema(
        #"""
        schema {
          query: QueryRoot
        }

        directive @onField on FIELD

        directive @directive on FIELD | FRAGMENT_DEFINITION

        directive @directiveA on FIELD | FRAGMENT_DEFINITION

        directive @directiveB on FIELD | FRAGMENT_DEFINITION

        directive @repeatable repeatable on FIELD | FRAGMENT_DEFINITION

        interface Mammal {
          mother: Mammal
          father: Mammal
        }

        interface Pet {
          name(surname: Boolean): String
        }

        interface Canine implements Mammal {
          name(surname: Boolean): String
          mother: Canine
          father: Canine
        }

        enum DogCommand {
          SIT
          HEEL
          DOWN
        }

        type Dog implements Pet & Mammal & Canine {
          name(surname: Boolean): String
          nickname: String
          barkVolume: Int
          barks: Boolean
          doesKnowCommand(dogCommand: DogCommand): Boolean
          isHouseTrained(atOtherHomes: Boolean = true): Boolean
          isAtLocation(x: Int, y: Int): Boolean
          mother: Dog
          father: Dog
        }

        type Cat implements Pet {
          name(surname: Boolean): String
          nickname: String
          meows: Boolean
          meowsVolume: Int
          furColor: FurColor
        }

        union CatOrDog = Cat | Dog

        type Human {
          name(surname: Boolean): String
          pets: [Pet]
          relatives: [Human]
        }

        enum FurColor {
          BROWN
          BLACK
          TAN
          SPOTTED
          NO_FUR
          UNKNOWN
        }

        input ComplexInput {
          requiredField: Boolean!
          nonNullField: Boolean! = false
          intField: Int
          stringField: String
          booleanField: Boolean
          stringListField: [String]
        }

        type ComplicatedArgs {
          intArgField(intArg: Int): String
          nonNullIntArgField(nonNullIntArg: Int!): String
          stringArgField(stringArg: String): String
          booleanArgField(booleanArg: Boolean): String
          enumArgField(enumArg: FurColor): String
          floatArgField(floatArg: Float): String
          idArgField(idArg: ID): String
          stringListArgField(stringListArg: [String]): String
          stringListNonNullArgField(stringListNonNullArg: [String!]): String
          complexArgField(complexArg: ComplexInput): String
          multipleReqs(req1: Int!, req2: Int!): String
          nonNullFieldWithDefault(arg: Int! = 0): String
          multipleOpts(opt1: Int = 0, opt2: Int = 0): String
          multipleOptAndReq(req1: Int!, req2: Int!, opt1: Int = 0, opt2: Int = 0): String
        }

        type QueryRoot {
          human(id: ID): Human
          dog: Dog
          cat: Cat
          pet: Pet
          catOrDog: CatOrDog
          complicatedArgs: ComplicatedArgs
        }
        """#)

    /// Directives Are Unique Per Location > no directives
    func testNoDirectives() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type {
                    field
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > unique directives in different locations
    func testUniqueDirectivesInDifferentLocations() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type @directiveA {
                    field @directiveB
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > unique directives in same locations
    func testUniqueDirectivesInSameLocations() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type @directiveA @directiveB {
                    field @directiveA @directiveB
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > same directives in different locations
    func testSameDirectivesInDifferentLocations() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type @directiveA {
                    field @directiveA
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > same directives in similar locations
    func testSameDirectivesInSimilarLocations() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type {
                    field @directive
                    field @directive
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > repeatable directives in same location
    func testRepeatableDirectivesInSameLocation() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type @repeatable @repeatable {
                    field @repeatable @repeatable
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > unknown directives must be ignored
    func testUnknownDirectivesMustBeIgnored() {
        expectValid(
            [.uniqueDirectivesPerLocation],
            #"""

                  type Test @unknown @unknown {
                    field: String! @unknown @unknown
                  }

                  extend type Test @unknown {
                    anotherField: String!
                  }
                
            """#, schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > duplicate directives in one location
    func testDuplicateDirectivesInOneLocation() {
        expectErrors(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type {
                    field @directive @directive
                  }
                
            """#,
            [
                ExpectedError(
                    #"The directive "@directive" can only be used once at this location."#, [(3, 15), (3, 26)])
            ], schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > many duplicate directives in one location
    func testManyDuplicateDirectivesInOneLocation() {
        expectErrors(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type {
                    field @directive @directive @directive
                  }
                
            """#,
            [
                ExpectedError(
                    #"The directive "@directive" can only be used once at this location."#, [(3, 15), (3, 26)]),
                ExpectedError(
                    #"The directive "@directive" can only be used once at this location."#, [(3, 15), (3, 37)])
            ], schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > different duplicate directives in one location
    func testDifferentDuplicateDirectivesInOneLocation() {
        expectErrors(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type {
                    field @directiveA @directiveB @directiveA @directiveB
                  }
                
            """#,
            [
                ExpectedError(
                    #"The directive "@directiveA" can only be used once at this location."#, [(3, 15), (3, 39)]),
                ExpectedError(
                    #"The directive "@directiveB" can only be used once at this location."#, [(3, 27), (3, 51)])
            ], schema: Self.schema1)
    }

    /// Directives Are Unique Per Location > duplicate directives in many locations
    func testDuplicateDirectivesInManyLocations() {
        expectErrors(
            [.uniqueDirectivesPerLocation],
            #"""

                  fragment Test on Type @directive @directive {
                    field @directive @directive
                  }
                
            """#,
            [
                ExpectedError(
                    #"The directive "@directive" can only be used once at this location."#, [(2, 29), (2, 40)]),
                ExpectedError(
                    #"The directive "@directive" can only be used once at this location."#, [(3, 15), (3, 26)])
            ], schema: Self.schema1)
    }
}
