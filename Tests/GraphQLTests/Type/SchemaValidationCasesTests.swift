// Cases adapted from graphql-js 16 `validation-test.ts` (its SDL inputs); the expected
// errors and printed SDL are what graphql-js 16.6 produces for them.
// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.
import XCTest
@testable import GraphQL

final class SchemaValidationCasesTests: XCTestCase {
    func test000_case() {
        let sdl = ##"""

              scalar SomeScalar

              interface SomeInterface { f: SomeObject }

              type SomeObject implements SomeInterface { f: SomeObject }

              union SomeUnion = SomeObject

              enum SomeEnum { ONLY }

              input SomeInputObject { val: String = "hello" }

              directive @SomeDirective on QUERY

            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                directive @SomeDirective on QUERY

                scalar SomeScalar

                interface SomeInterface {
                  f: SomeObject
                }

                type SomeObject implements SomeInterface {
                  f: SomeObject
                }

                union SomeUnion = SomeObject

                enum SomeEnum {
                  ONLY
                }

                input SomeInputObject {
                  val: String = "hello"
                }
                """##)
    }

    func test001_accepts_a_Schema_whose_query_type_is_an_object_type() {
        let sdl = ##"""

                  type Query {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: String
                }
                """##)
    }

    func test002_accepts_a_Schema_whose_query_type_is_an_object_type() {
        let sdl = ##"""

                  schema {
                    query: QueryRoot
                  }

                  type QueryRoot {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                schema {
                  query: QueryRoot
                }

                type QueryRoot {
                  test: String
                }
                """##)
    }

    func test003_accepts_a_Schema_whose_query_and_mutation_types_are_object_types() {
        let sdl = ##"""

                  type Query {
                    test: String
                  }

                  type Mutation {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: String
                }

                type Mutation {
                  test: String
                }
                """##)
    }

    func test004_accepts_a_Schema_whose_query_and_mutation_types_are_object_types() {
        let sdl = ##"""

                  schema {
                    query: QueryRoot
                    mutation: MutationRoot
                  }

                  type QueryRoot {
                    test: String
                  }

                  type MutationRoot {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                schema {
                  query: QueryRoot
                  mutation: MutationRoot
                }

                type QueryRoot {
                  test: String
                }

                type MutationRoot {
                  test: String
                }
                """##)
    }

    func test005_accepts_a_Schema_whose_query_and_subscription_types_are_object_types() {
        let sdl = ##"""

                  type Query {
                    test: String
                  }

                  type Subscription {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: String
                }

                type Subscription {
                  test: String
                }
                """##)
    }

    func test006_accepts_a_Schema_whose_query_and_subscription_types_are_object_types() {
        let sdl = ##"""

                  schema {
                    query: QueryRoot
                    subscription: SubscriptionRoot
                  }

                  type QueryRoot {
                    test: String
                  }

                  type SubscriptionRoot {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                schema {
                  query: QueryRoot
                  subscription: SubscriptionRoot
                }

                type QueryRoot {
                  test: String
                }

                type SubscriptionRoot {
                  test: String
                }
                """##)
    }

    func test007_rejects_a_Schema_without_a_query_type() {
        let sdl = ##"""

                  type Mutation {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type Mutation {
                  test: String
                }
                """##)
    }

    func test008_rejects_a_Schema_without_a_query_type() {
        let sdl = ##"""

                  schema {
                    mutation: MutationRoot
                  }

                  type MutationRoot {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided. @ 2:7"##
            ],
            printed: ##"""
                schema {
                  mutation: MutationRoot
                }

                type MutationRoot {
                  test: String
                }
                """##)
    }

    func test009_rejects_a_Schema_whose_query_root_type_is_not_an_Object_type() {
        let sdl = ##"""

                  input Query {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be Object type, it cannot be Query. @ 2:7"##
            ],
            printed: ##"""
                input Query {
                  test: String
                }
                """##)
    }

    func test010_rejects_a_Schema_whose_query_root_type_is_not_an_Object_type() {
        let sdl = ##"""

                  schema {
                    query: SomeInputObject
                  }

                  input SomeInputObject {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be Object type, it cannot be SomeInputObject. @ 3:16"##
            ],
            printed: ##"""
                schema {
                  query: SomeInputObject
                }

                input SomeInputObject {
                  test: String
                }
                """##)
    }

    func test011_rejects_a_Schema_whose_mutation_type_is_an_input_type() {
        let sdl = ##"""

                  type Query {
                    field: String
                  }

                  input Mutation {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Mutation root type must be Object type if provided, it cannot be Mutation. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  field: String
                }

                input Mutation {
                  test: String
                }
                """##)
    }

    func test012_rejects_a_Schema_whose_mutation_type_is_an_input_type() {
        let sdl = ##"""

                  schema {
                    query: Query
                    mutation: SomeInputObject
                  }

                  type Query {
                    field: String
                  }

                  input SomeInputObject {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Mutation root type must be Object type if provided, it cannot be SomeInputObject. @ 4:19"##
            ],
            printed: ##"""
                schema {
                  query: Query
                  mutation: SomeInputObject
                }

                type Query {
                  field: String
                }

                input SomeInputObject {
                  test: String
                }
                """##)
    }

    func test013_rejects_a_Schema_whose_subscription_type_is_an_input_type() {
        let sdl = ##"""

                  type Query {
                    field: String
                  }

                  input Subscription {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Subscription root type must be Object type if provided, it cannot be Subscription. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  field: String
                }

                input Subscription {
                  test: String
                }
                """##)
    }

    func test014_rejects_a_Schema_whose_subscription_type_is_an_input_type() {
        let sdl = ##"""

                  schema {
                    query: Query
                    subscription: SomeInputObject
                  }

                  type Query {
                    field: String
                  }

                  input SomeInputObject {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Subscription root type must be Object type if provided, it cannot be SomeInputObject. @ 4:23"##
            ],
            printed: ##"""
                schema {
                  query: Query
                  subscription: SomeInputObject
                }

                type Query {
                  field: String
                }

                input SomeInputObject {
                  test: String
                }
                """##)
    }

    func test015_rejects_a_Schema_extended_with_invalid_root_types() {
        let sdl = ##"""

                  input SomeInputObject {
                    test: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input SomeInputObject {
                  test: String
                }
                """##)
    }

    func test016_rejects_a_Schema_extended_with_invalid_root_types() {
        let sdl = ##"""

                    extend schema {
                      query: SomeInputObject
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeInputObject". @ 3:18"##
            ])
    }

    func test017_rejects_a_Schema_extended_with_invalid_root_types() {
        let sdl = ##"""

                    extend schema {
                      mutation: SomeInputObject
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeInputObject". @ 3:21"##
            ])
    }

    func test018_rejects_a_Schema_extended_with_invalid_root_types() {
        let sdl = ##"""

                    extend schema {
                      subscription: SomeInputObject
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeInputObject". @ 3:25"##
            ])
    }

    func test019_accepts_an_Object_type_with_fields_object() {
        let sdl = ##"""

                  type Query {
                    field: SomeObject
                  }

                  type SomeObject {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  field: SomeObject
                }

                type SomeObject {
                  field: String
                }
                """##)
    }

    func test020_rejects_an_Object_type_with_missing_fields() {
        let sdl = ##"""

                  type Query {
                    test: IncompleteObject
                  }

                  type IncompleteObject
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type IncompleteObject must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  test: IncompleteObject
                }

                type IncompleteObject
                """##)
    }

    func test021_accepts_a_Union_type_with_member_types() {
        let sdl = ##"""

                  type Query {
                    test: GoodUnion
                  }

                  type TypeA {
                    field: String
                  }

                  type TypeB {
                    field: String
                  }

                  union GoodUnion =
                    | TypeA
                    | TypeB
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: GoodUnion
                }

                type TypeA {
                  field: String
                }

                type TypeB {
                  field: String
                }

                union GoodUnion = TypeA | TypeB
                """##)
    }

    func test022_rejects_a_Union_type_with_empty_types() {
        let sdl = ##"""

                  type Query {
                    test: BadUnion
                  }

                  union BadUnion
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Union type BadUnion must define one or more member types. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  test: BadUnion
                }

                union BadUnion
                """##)
    }

    func test023_rejects_a_Union_type_with_empty_types() {
        let sdl = ##"""

                    directive @test on UNION

                    extend union BadUnion @test
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "BadUnion" because it is not defined. @ 4:22"##
            ])
    }

    func test024_rejects_a_Union_type_with_duplicated_member_type() {
        let sdl = ##"""

                  type Query {
                    test: BadUnion
                  }

                  type TypeA {
                    field: String
                  }

                  type TypeB {
                    field: String
                  }

                  union BadUnion =
                    | TypeA
                    | TypeB
                    | TypeA
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Union type BadUnion can only include type TypeA once. @ 15:11, 17:11"##
            ],
            printed: ##"""
                type Query {
                  test: BadUnion
                }

                type TypeA {
                  field: String
                }

                type TypeB {
                  field: String
                }

                union BadUnion = TypeA | TypeB | TypeA
                """##)
    }

    func test025_rejects_a_Union_type_with_non_Object_members_types() {
        let sdl = ##"""

                  type Query {
                    test: BadUnion
                  }

                  type TypeA {
                    field: String
                  }

                  type TypeB {
                    field: String
                  }

                  union BadUnion =
                    | TypeA
                    | String
                    | TypeB
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Union type BadUnion can only include Object types, it cannot include String. @ 16:11"##
            ],
            printed: ##"""
                type Query {
                  test: BadUnion
                }

                type TypeA {
                  field: String
                }

                type TypeB {
                  field: String
                }

                union BadUnion = TypeA | String | TypeB
                """##)
    }

    func test026_accepts_an_Input_Object_type_with_fields() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  field: String
                }
                """##)
    }

    func test027_rejects_an_Input_Object_type_with_missing_fields() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Input Object type SomeInputObject must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject
                """##)
    }

    func test028_rejects_an_Input_Object_type_with_missing_fields() {
        let sdl = ##"""

                    directive @test on INPUT_OBJECT

                    extend input SomeInputObject @test
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInputObject" because it is not defined. @ 4:22"##
            ])
    }

    func test029_accepts_an_Input_Object_with_breakable_circular_reference() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    self: SomeInputObject
                    arrayOfSelf: [SomeInputObject]
                    nonNullArrayOfSelf: [SomeInputObject]!
                    nonNullArrayOfNonNullSelf: [SomeInputObject!]!
                    intermediateSelf: AnotherInputObject
                  }

                  input AnotherInputObject {
                    parent: SomeInputObject
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  self: SomeInputObject
                  arrayOfSelf: [SomeInputObject]
                  nonNullArrayOfSelf: [SomeInputObject]!
                  nonNullArrayOfNonNullSelf: [SomeInputObject!]!
                  intermediateSelf: AnotherInputObject
                }

                input AnotherInputObject {
                  parent: SomeInputObject
                }
                """##)
    }

    func test030_rejects_an_Input_Object_with_non_breakable_circular_reference() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    nonNullSelf: SomeInputObject!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Cannot reference Input Object "SomeInputObject" within itself through a series of non-null fields: "nonNullSelf". @ 7:9"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  nonNullSelf: SomeInputObject!
                }
                """##)
    }

    func test031_rejects_Input_Objects_with_non_breakable_circular_reference_spread_across_them() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    startLoop: AnotherInputObject!
                  }

                  input AnotherInputObject {
                    nextInLoop: YetAnotherInputObject!
                  }

                  input YetAnotherInputObject {
                    closeLoop: SomeInputObject!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Cannot reference Input Object "SomeInputObject" within itself through a series of non-null fields: "startLoop.nextInLoop.closeLoop". @ 7:9, 11:9, 15:9"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  startLoop: AnotherInputObject!
                }

                input AnotherInputObject {
                  nextInLoop: YetAnotherInputObject!
                }

                input YetAnotherInputObject {
                  closeLoop: SomeInputObject!
                }
                """##)
    }

    func test032_rejects_Input_Objects_with_multiple_non_breakable_circular_reference() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    startLoop: AnotherInputObject!
                  }

                  input AnotherInputObject {
                    closeLoop: SomeInputObject!
                    startSecondLoop: YetAnotherInputObject!
                  }

                  input YetAnotherInputObject {
                    closeSecondLoop: AnotherInputObject!
                    nonNullSelf: YetAnotherInputObject!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Cannot reference Input Object "SomeInputObject" within itself through a series of non-null fields: "startLoop.closeLoop". @ 7:9, 11:9"##,
                ##"Cannot reference Input Object "AnotherInputObject" within itself through a series of non-null fields: "startSecondLoop.closeSecondLoop". @ 12:9, 16:9"##,
                ##"Cannot reference Input Object "YetAnotherInputObject" within itself through a series of non-null fields: "nonNullSelf". @ 17:9"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  startLoop: AnotherInputObject!
                }

                input AnotherInputObject {
                  closeLoop: SomeInputObject!
                  startSecondLoop: YetAnotherInputObject!
                }

                input YetAnotherInputObject {
                  closeSecondLoop: AnotherInputObject!
                  nonNullSelf: YetAnotherInputObject!
                }
                """##)
    }

    func test033_rejects_an_Input_Object_type_with_incorrectly_typed_fields() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  type SomeObject {
                    field: String
                  }

                  union SomeUnion = SomeObject

                  input SomeInputObject {
                    badObject: SomeObject
                    badUnion: SomeUnion
                    goodInputObject: SomeInputObject
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"The type of SomeInputObject.badObject must be Input Type but got: SomeObject. @ 13:20"##,
                ##"The type of SomeInputObject.badUnion must be Input Type but got: SomeUnion. @ 14:19"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                type SomeObject {
                  field: String
                }

                union SomeUnion = SomeObject

                input SomeInputObject {
                  badObject: SomeObject
                  badUnion: SomeUnion
                  goodInputObject: SomeInputObject
                }
                """##)
    }

    func test034_rejects_an_Input_Object_type_with_required_argument_that_is_deprecated() {
        let sdl = ##"""

                  type Query {
                    field(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    badField: String! @deprecated
                    optionalField: String @deprecated
                    anotherOptionalField: String! = "" @deprecated
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Required input field SomeInputObject.badField cannot be deprecated. @ 7:27, 7:19"##
            ],
            printed: ##"""
                type Query {
                  field(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  badField: String! @deprecated
                  optionalField: String @deprecated
                  anotherOptionalField: String! = "" @deprecated
                }
                """##)
    }

    func test035_rejects_an_Enum_type_without_values() {
        let sdl = ##"""

                  type Query {
                    field: SomeEnum
                  }

                  enum SomeEnum
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Enum type SomeEnum must define one or more values. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  field: SomeEnum
                }

                enum SomeEnum
                """##)
    }

    func test036_rejects_an_Enum_type_without_values() {
        let sdl = ##"""

                    directive @test on ENUM

                    extend enum SomeEnum @test
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 4:21"##
            ])
    }

    func test037_rejects_with_relevant_locations_for_a_non_output_type_as_an_Object_field_type() {
        let sdl = ##"""

                  type Query {
                    field: [SomeInputObject]
                  }

                  input SomeInputObject {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"The type of Query.field must be Output Type but got: [SomeInputObject]. @ 3:16"##
            ],
            printed: ##"""
                type Query {
                  field: [SomeInputObject]
                }

                input SomeInputObject {
                  field: String
                }
                """##)
    }

    func test038_rejects_an_Object_implementing_a_non_Interface_type() {
        let sdl = ##"""

                  type Query {
                    test: BadObject
                  }

                  input SomeInputObject {
                    field: String
                  }

                  type BadObject implements SomeInputObject {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type BadObject must only implement Interface types, it cannot implement SomeInputObject. @ 10:33"##
            ],
            printed: ##"""
                type Query {
                  test: BadObject
                }

                input SomeInputObject {
                  field: String
                }

                type BadObject implements SomeInputObject {
                  field: String
                }
                """##)
    }

    func test039_rejects_an_Object_implementing_the_same_interface_twice() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: String
                  }

                  type AnotherObject implements AnotherInterface & AnotherInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type AnotherObject can only implement AnotherInterface once. @ 10:37, 10:56"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: String
                }

                type AnotherObject implements AnotherInterface & AnotherInterface {
                  field: String
                }
                """##)
    }

    func test040_rejects_an_Object_implementing_the_same_interface_twice_due_to_extension() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: String
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: String
                }

                type AnotherObject implements AnotherInterface {
                  field: String
                }
                """##)
    }

    func test041_rejects_an_Object_implementing_the_extended_interface_due_to_missing_field() {
        let sdl = ##"""

                    extend interface AnotherInterface {
                      newField: String
                    }

                    extend type AnotherObject {
                      differentNewField: String
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "AnotherInterface" because it is not defined. @ 2:26"##,
                ##"Cannot extend type "AnotherObject" because it is not defined. @ 6:21"##
            ])
    }

    func test042_rejects_an_Object_implementing_the_extended_interface_due_to_missing_field_args() {
        let sdl = ##"""

                    extend interface AnotherInterface {
                      newField(test: Boolean): String
                    }

                    extend type AnotherObject {
                      newField: String
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "AnotherInterface" because it is not defined. @ 2:26"##,
                ##"Cannot extend type "AnotherObject" because it is not defined. @ 6:21"##
            ])
    }

    func test043_rejects_Objects_implementing_the_extended_interface_due_to_mismatching_interface() {
        let sdl = ##"""

                    extend interface AnotherInterface {
                      newInterfaceField: NewInterface
                    }

                    interface NewInterface {
                      newField: String
                    }

                    interface MismatchingInterface {
                      newField: String
                    }

                    extend type AnotherObject {
                      newInterfaceField: MismatchingInterface
                    }

                    # Required to prevent unused interface errors
                    type DummyObject implements NewInterface & MismatchingInterface {
                      newField: String
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "AnotherInterface" because it is not defined. Did you mean "NewInterface"? @ 2:26"##,
                ##"Cannot extend type "AnotherObject" because it is not defined. @ 14:21"##
            ])
    }

    func test044_rejects_a_non_output_type_as_an_Interface_field_type_with_locations() {
        let sdl = ##"""

                  type Query {
                    test: SomeInterface
                  }

                  interface SomeInterface {
                    field: SomeInputObject
                  }

                  input SomeInputObject {
                    foo: String
                  }

                  type SomeObject implements SomeInterface {
                    field: SomeInputObject
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"The type of SomeInterface.field must be Output Type but got: SomeInputObject. @ 7:16"##,
                ##"The type of SomeObject.field must be Output Type but got: SomeInputObject. @ 15:16"##
            ],
            printed: ##"""
                type Query {
                  test: SomeInterface
                }

                interface SomeInterface {
                  field: SomeInputObject
                }

                input SomeInputObject {
                  foo: String
                }

                type SomeObject implements SomeInterface {
                  field: SomeInputObject
                }
                """##)
    }

    func test045_accepts_an_interface_not_implemented_by_at_least_one_object() {
        let sdl = ##"""

                  type Query {
                    test: SomeInterface
                  }

                  interface SomeInterface {
                    foo: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: SomeInterface
                }

                interface SomeInterface {
                  foo: String
                }
                """##)
    }

    func test046_rejects_a_required_argument_that_is_deprecated() {
        let sdl = ##"""

                  directive @BadDirective(
                    badArg: String! @deprecated
                    optionalArg: String @deprecated
                    anotherOptionalArg: String! = "" @deprecated
                  ) on FIELD

                  type Query {
                    test(
                      badArg: String! @deprecated
                      optionalArg: String @deprecated
                      anotherOptionalArg: String! = "" @deprecated
                    ): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Required argument @BadDirective(badArg:) cannot be deprecated. @ 3:25, 3:17"##,
                ##"Required argument Query.test(badArg:) cannot be deprecated. @ 10:27, 10:19"##
            ],
            printed: ##"""
                directive @BadDirective(badArg: String! @deprecated, optionalArg: String @deprecated, anotherOptionalArg: String! = "" @deprecated) on FIELD

                type Query {
                  test(badArg: String! @deprecated, optionalArg: String @deprecated, anotherOptionalArg: String! = "" @deprecated): String
                }
                """##)
    }

    func test047_rejects_a_non_input_type_as_a_field_arg_with_locations() {
        let sdl = ##"""

                  type Query {
                    test(arg: SomeObject): String
                  }

                  type SomeObject {
                    foo: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"The type of Query.test(arg:) must be Input Type but got: SomeObject. @ 3:19"##
            ],
            printed: ##"""
                type Query {
                  test(arg: SomeObject): String
                }

                type SomeObject {
                  foo: String
                }
                """##)
    }

    func test048_rejects_a_non_input_type_as_an_input_object_field_with_locations() {
        let sdl = ##"""

                  type Query {
                    test(arg: SomeInputObject): String
                  }

                  input SomeInputObject {
                    foo: SomeObject
                  }

                  type SomeObject {
                    bar: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"The type of SomeInputObject.foo must be Input Type but got: SomeObject. @ 7:14"##
            ],
            printed: ##"""
                type Query {
                  test(arg: SomeInputObject): String
                }

                input SomeInputObject {
                  foo: SomeObject
                }

                type SomeObject {
                  bar: String
                }
                """##)
    }

    func test049_accepts_an_Object_which_implements_an_Interface() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: String): String
                }
                """##)
    }

    func test050_accepts_an_Object_which_implements_an_Interface_along_with_more_fields() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: String): String
                    anotherField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: String): String
                  anotherField: String
                }
                """##)
    }

    func test051_accepts_an_Object_which_implements_an_Interface_field_along_with_additional_opti() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: String, anotherInput: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: String, anotherInput: String): String
                }
                """##)
    }

    func test052_rejects_an_Object_missing_an_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    anotherField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expected but AnotherObject does not provide it. @ 7:9, 10:7"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  anotherField: String
                }
                """##)
    }

    func test053_rejects_an_Object_with_an_incorrectly_typed_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: String): Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type String but AnotherObject.field is type Int. @ 7:31, 11:31"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: String): Int
                }
                """##)
    }

    func test054_rejects_an_Object_with_a_differently_typed_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  type A { foo: String }
                  type B { foo: String }

                  interface AnotherInterface {
                    field: A
                  }

                  type AnotherObject implements AnotherInterface {
                    field: B
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type A but AnotherObject.field is type B. @ 10:16, 14:16"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                type A {
                  foo: String
                }

                type B {
                  foo: String
                }

                interface AnotherInterface {
                  field: A
                }

                type AnotherObject implements AnotherInterface {
                  field: B
                }
                """##)
    }

    func test055_accepts_an_Object_with_a_subtyped_Interface_field_interface() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: AnotherInterface
                  }

                  type AnotherObject implements AnotherInterface {
                    field: AnotherObject
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: AnotherInterface
                }

                type AnotherObject implements AnotherInterface {
                  field: AnotherObject
                }
                """##)
    }

    func test056_accepts_an_Object_with_a_subtyped_Interface_field_union() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  type SomeObject {
                    field: String
                  }

                  union SomeUnionType = SomeObject

                  interface AnotherInterface {
                    field: SomeUnionType
                  }

                  type AnotherObject implements AnotherInterface {
                    field: SomeObject
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                type SomeObject {
                  field: String
                }

                union SomeUnionType = SomeObject

                interface AnotherInterface {
                  field: SomeUnionType
                }

                type AnotherObject implements AnotherInterface {
                  field: SomeObject
                }
                """##)
    }

    func test057_rejects_an_Object_missing_an_Interface_argument() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field argument AnotherInterface.field(input:) expected but AnotherObject.field does not provide it. @ 7:15, 11:9"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field: String
                }
                """##)
    }

    func test058_rejects_an_Object_with_an_incorrectly_typed_Interface_argument() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: Int): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field argument AnotherInterface.field(input:) expects type String but AnotherObject.field(input:) is type Int. @ 7:22, 11:22"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: Int): String
                }
                """##)
    }

    func test059_rejects_an_Object_with_both_an_incorrectly_typed_field_and_argument() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(input: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(input: Int): Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type String but AnotherObject.field is type Int. @ 7:31, 11:28"##,
                ##"Interface field argument AnotherInterface.field(input:) expects type String but AnotherObject.field(input:) is type Int. @ 7:22, 11:22"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(input: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(input: Int): Int
                }
                """##)
    }

    func test060_rejects_an_Object_which_implements_an_Interface_field_along_with_additional_requ() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field(baseArg: String): String
                  }

                  type AnotherObject implements AnotherInterface {
                    field(
                      baseArg: String,
                      requiredArg: String!
                      optionalArg1: String,
                      optionalArg2: String = "",
                    ): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Object field AnotherObject.field includes required argument requiredArg that is missing from the Interface field AnotherInterface.field. @ 13:11, 7:9"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field(baseArg: String): String
                }

                type AnotherObject implements AnotherInterface {
                  field(baseArg: String, requiredArg: String!, optionalArg1: String, optionalArg2: String = ""): String
                }
                """##)
    }

    func test061_accepts_an_Object_with_an_equivalently_wrapped_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: [String]!
                  }

                  type AnotherObject implements AnotherInterface {
                    field: [String]!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: [String]!
                }

                type AnotherObject implements AnotherInterface {
                  field: [String]!
                }
                """##)
    }

    func test062_rejects_an_Object_with_a_non_list_Interface_field_list_type() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: [String]
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type [String] but AnotherObject.field is type String. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: [String]
                }

                type AnotherObject implements AnotherInterface {
                  field: String
                }
                """##)
    }

    func test063_rejects_an_Object_with_a_list_Interface_field_non_list_type() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: String
                  }

                  type AnotherObject implements AnotherInterface {
                    field: [String]
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type String but AnotherObject.field is type [String]. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: String
                }

                type AnotherObject implements AnotherInterface {
                  field: [String]
                }
                """##)
    }

    func test064_accepts_an_Object_with_a_subset_non_null_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: String
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: String
                }

                type AnotherObject implements AnotherInterface {
                  field: String!
                }
                """##)
    }

    func test065_rejects_an_Object_with_a_superset_nullable_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface AnotherInterface {
                    field: String!
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field AnotherInterface.field expects type String! but AnotherObject.field is type String. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface AnotherInterface {
                  field: String!
                }

                type AnotherObject implements AnotherInterface {
                  field: String
                }
                """##)
    }

    func test066_rejects_an_Object_missing_a_transitive_interface() {
        let sdl = ##"""

                  type Query {
                    test: AnotherObject
                  }

                  interface SuperInterface {
                    field: String!
                  }

                  interface AnotherInterface implements SuperInterface {
                    field: String!
                  }

                  type AnotherObject implements AnotherInterface {
                    field: String!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type AnotherObject must implement SuperInterface because it is implemented by AnotherInterface. @ 10:45, 14:37"##
            ],
            printed: ##"""
                type Query {
                  test: AnotherObject
                }

                interface SuperInterface {
                  field: String!
                }

                interface AnotherInterface implements SuperInterface {
                  field: String!
                }

                type AnotherObject implements AnotherInterface {
                  field: String!
                }
                """##)
    }

    func test067_accepts_an_Interface_which_implements_an_Interface() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: String): String
                }
                """##)
    }

    func test068_accepts_an_Interface_which_implements_an_Interface_along_with_more_fields() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: String): String
                    anotherField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: String): String
                  anotherField: String
                }
                """##)
    }

    func test069_accepts_an_Interface_which_implements_an_Interface_field_along_with_additional_o() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: String, anotherInput: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: String, anotherInput: String): String
                }
                """##)
    }

    func test070_rejects_an_Interface_missing_an_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    anotherField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expected but ChildInterface does not provide it. @ 7:9, 10:7"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  anotherField: String
                }
                """##)
    }

    func test071_rejects_an_Interface_with_an_incorrectly_typed_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: String): Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type String but ChildInterface.field is type Int. @ 7:31, 11:31"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: String): Int
                }
                """##)
    }

    func test072_rejects_an_Interface_with_a_differently_typed_Interface_field() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  type A { foo: String }
                  type B { foo: String }

                  interface ParentInterface {
                    field: A
                  }

                  interface ChildInterface implements ParentInterface {
                    field: B
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type A but ChildInterface.field is type B. @ 10:16, 14:16"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                type A {
                  foo: String
                }

                type B {
                  foo: String
                }

                interface ParentInterface {
                  field: A
                }

                interface ChildInterface implements ParentInterface {
                  field: B
                }
                """##)
    }

    func test073_accepts_an_Interface_with_a_subtyped_Interface_field_interface() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: ParentInterface
                  }

                  interface ChildInterface implements ParentInterface {
                    field: ChildInterface
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: ParentInterface
                }

                interface ChildInterface implements ParentInterface {
                  field: ChildInterface
                }
                """##)
    }

    func test074_accepts_an_Interface_with_a_subtyped_Interface_field_union() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  type SomeObject {
                    field: String
                  }

                  union SomeUnionType = SomeObject

                  interface ParentInterface {
                    field: SomeUnionType
                  }

                  interface ChildInterface implements ParentInterface {
                    field: SomeObject
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                type SomeObject {
                  field: String
                }

                union SomeUnionType = SomeObject

                interface ParentInterface {
                  field: SomeUnionType
                }

                interface ChildInterface implements ParentInterface {
                  field: SomeObject
                }
                """##)
    }

    func test075_rejects_an_Interface_implementing_a_non_Interface_type() {
        let sdl = ##"""

                  type Query {
                    field: String
                  }

                  input SomeInputObject {
                    field: String
                  }

                  interface BadInterface implements SomeInputObject {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type BadInterface must only implement Interface types, it cannot implement SomeInputObject. @ 10:41"##
            ],
            printed: ##"""
                type Query {
                  field: String
                }

                input SomeInputObject {
                  field: String
                }

                interface BadInterface implements SomeInputObject {
                  field: String
                }
                """##)
    }

    func test076_rejects_an_Interface_missing_an_Interface_argument() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field argument ParentInterface.field(input:) expected but ChildInterface.field does not provide it. @ 7:15, 11:9"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field: String
                }
                """##)
    }

    func test077_rejects_an_Interface_with_an_incorrectly_typed_Interface_argument() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: Int): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field argument ParentInterface.field(input:) expects type String but ChildInterface.field(input:) is type Int. @ 7:22, 11:22"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: Int): String
                }
                """##)
    }

    func test078_rejects_an_Interface_with_both_an_incorrectly_typed_field_and_argument() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(input: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(input: Int): Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type String but ChildInterface.field is type Int. @ 7:31, 11:28"##,
                ##"Interface field argument ParentInterface.field(input:) expects type String but ChildInterface.field(input:) is type Int. @ 7:22, 11:22"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(input: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(input: Int): Int
                }
                """##)
    }

    func test079_rejects_an_Interface_which_implements_an_Interface_field_along_with_additional_r() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field(baseArg: String): String
                  }

                  interface ChildInterface implements ParentInterface {
                    field(
                      baseArg: String,
                      requiredArg: String!
                      optionalArg1: String,
                      optionalArg2: String = "",
                    ): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Object field ChildInterface.field includes required argument requiredArg that is missing from the Interface field ParentInterface.field. @ 13:11, 7:9"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field(baseArg: String): String
                }

                interface ChildInterface implements ParentInterface {
                  field(baseArg: String, requiredArg: String!, optionalArg1: String, optionalArg2: String = ""): String
                }
                """##)
    }

    func test080_accepts_an_Interface_with_an_equivalently_wrapped_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: [String]!
                  }

                  interface ChildInterface implements ParentInterface {
                    field: [String]!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: [String]!
                }

                interface ChildInterface implements ParentInterface {
                  field: [String]!
                }
                """##)
    }

    func test081_rejects_an_Interface_with_a_non_list_Interface_field_list_type() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: [String]
                  }

                  interface ChildInterface implements ParentInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type [String] but ChildInterface.field is type String. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: [String]
                }

                interface ChildInterface implements ParentInterface {
                  field: String
                }
                """##)
    }

    func test082_rejects_an_Interface_with_a_list_Interface_field_non_list_type() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: String
                  }

                  interface ChildInterface implements ParentInterface {
                    field: [String]
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type String but ChildInterface.field is type [String]. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: String
                }

                interface ChildInterface implements ParentInterface {
                  field: [String]
                }
                """##)
    }

    func test083_accepts_an_Interface_with_a_subset_non_null_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: String
                  }

                  interface ChildInterface implements ParentInterface {
                    field: String!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: String
                }

                interface ChildInterface implements ParentInterface {
                  field: String!
                }
                """##)
    }

    func test084_rejects_an_Interface_with_a_superset_nullable_Interface_field_type() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface ParentInterface {
                    field: String!
                  }

                  interface ChildInterface implements ParentInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Interface field ParentInterface.field expects type String! but ChildInterface.field is type String. @ 7:16, 11:16"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface ParentInterface {
                  field: String!
                }

                interface ChildInterface implements ParentInterface {
                  field: String
                }
                """##)
    }

    func test085_rejects_an_Object_missing_a_transitive_interface() {
        let sdl = ##"""

                  type Query {
                    test: ChildInterface
                  }

                  interface SuperInterface {
                    field: String!
                  }

                  interface ParentInterface implements SuperInterface {
                    field: String!
                  }

                  interface ChildInterface implements ParentInterface {
                    field: String!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type ChildInterface must implement SuperInterface because it is implemented by ParentInterface. @ 10:44, 14:43"##
            ],
            printed: ##"""
                type Query {
                  test: ChildInterface
                }

                interface SuperInterface {
                  field: String!
                }

                interface ParentInterface implements SuperInterface {
                  field: String!
                }

                interface ChildInterface implements ParentInterface {
                  field: String!
                }
                """##)
    }

    func test086_rejects_a_self_reference_interface() {
        let sdl = ##"""

                  type Query {
                    test: FooInterface
                  }

                  interface FooInterface implements FooInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type FooInterface cannot implement itself because it would create a circular reference. @ 6:41"##
            ],
            printed: ##"""
                type Query {
                  test: FooInterface
                }

                interface FooInterface implements FooInterface {
                  field: String
                }
                """##)
    }

    func test087_rejects_a_circular_Interface_implementation() {
        let sdl = ##"""

                  type Query {
                    test: FooInterface
                  }

                  interface FooInterface implements BarInterface {
                    field: String
                  }

                  interface BarInterface implements FooInterface {
                    field: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type FooInterface cannot implement BarInterface because it would create a circular reference. @ 10:41, 6:41"##,
                ##"Type BarInterface cannot implement FooInterface because it would create a circular reference. @ 6:41, 10:41"##
            ],
            printed: ##"""
                type Query {
                  test: FooInterface
                }

                interface FooInterface implements BarInterface {
                  field: String
                }

                interface BarInterface implements FooInterface {
                  field: String
                }
                """##)
    }

    func test088_does_not_throw_on_valid_schemas() {
        let sdl = ##"""

                  type Query {
                    foo: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  foo: String
                }
                """##)
    }

    func test089_combines_multiple_errors() {
        let sdl = ##"""

                  Query root type must be provided.

                  Type SomeType must define one or more fields.
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Syntax Error: Unexpected Name "Query". @ 2:7"##
            ])
    }

}
