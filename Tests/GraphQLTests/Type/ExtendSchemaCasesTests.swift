// Cases adapted from graphql-js 16 `extendSchema-test.ts` (its SDL inputs); the expected
// errors and printed SDL are what graphql-js 16.6 produces for them.
// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.
import XCTest
@testable import GraphQL

final class ExtendSchemaCasesTests: XCTestCase {
    func test000_can_be_used_for_limited_execution() {
        let sdl = ##"""

                  extend type Query {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##
            ])
    }

    func test001_extends_objects_by_adding_new_fields() {
        let sdl = ##"""

                  type Query {
                    someObject: SomeObject
                  }

                  type SomeObject implements AnotherInterface & SomeInterface {
                    self: SomeObject
                    tree: [SomeObject]!
                    """Old field description."""
                    oldField: String
                  }

                  interface SomeInterface {
                    self: SomeInterface
                  }

                  interface AnotherInterface {
                    self: SomeObject
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someObject: SomeObject
                }

                type SomeObject implements AnotherInterface & SomeInterface {
                  self: SomeObject
                  tree: [SomeObject]!

                  """Old field description."""
                  oldField: String
                }

                interface SomeInterface {
                  self: SomeInterface
                }

                interface AnotherInterface {
                  self: SomeObject
                }
                """##)
    }

    func test002_extends_objects_by_adding_new_fields() {
        let sdl = ##"""

                  extend type SomeObject {
                    """New field description."""
                    newField(arg: Boolean): String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##
            ])
    }

    func test003_extends_objects_by_adding_new_fields() {
        let sdl = ##"""

                  type SomeObject implements AnotherInterface & SomeInterface {
                    self: SomeObject
                    tree: [SomeObject]!
                    """Old field description."""
                    oldField: String
                    """New field description."""
                    newField(arg: Boolean): String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "AnotherInterface". @ 2:34"##,
                ##"Unknown type "SomeInterface". @ 2:53"##
            ])
    }

    func test004_extends_objects_with_standard_type_fields() {
        let sdl = ##"""

                  extend type Query {
                    bool: Boolean
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##
            ])
    }

    func test005_extends_objects_with_standard_type_fields() {
        let sdl = ##"""

                  extend type Query {
                    int: Int
                    float: Float
                    id: ID
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##
            ])
    }

    func test006_extends_enums_by_adding_new_values() {
        let sdl = ##"""

                  type Query {
                    someEnum(arg: SomeEnum): SomeEnum
                  }

                  directive @foo(arg: SomeEnum) on SCHEMA

                  enum SomeEnum {
                    """Old value description."""
                    OLD_VALUE
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                directive @foo(arg: SomeEnum) on SCHEMA

                type Query {
                  someEnum(arg: SomeEnum): SomeEnum
                }

                enum SomeEnum {
                  """Old value description."""
                  OLD_VALUE
                }
                """##)
    }

    func test007_extends_enums_by_adding_new_values() {
        let sdl = ##"""

                  extend enum SomeEnum {
                    """New value description."""
                    NEW_VALUE
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 2:19"##
            ])
    }

    func test008_extends_enums_by_adding_new_values() {
        let sdl = ##"""

                  enum SomeEnum {
                    """Old value description."""
                    OLD_VALUE
                    """New value description."""
                    NEW_VALUE
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum SomeEnum {
                  """Old value description."""
                  OLD_VALUE

                  """New value description."""
                  NEW_VALUE
                }
                """##)
    }

    func test009_extends_unions_by_adding_new_types() {
        let sdl = ##"""

                  type Query {
                    someUnion: SomeUnion
                  }

                  union SomeUnion = Foo | Biz

                  type Foo { foo: String }
                  type Biz { biz: String }
                  type Bar { bar: String }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someUnion: SomeUnion
                }

                union SomeUnion = Foo | Biz

                type Foo {
                  foo: String
                }

                type Biz {
                  biz: String
                }

                type Bar {
                  bar: String
                }
                """##)
    }

    func test010_extends_unions_by_adding_new_types() {
        let sdl = ##"""

                  extend union SomeUnion = Bar
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 2:20"##,
                ##"Unknown type "Bar". @ 2:32"##
            ])
    }

    func test011_extends_unions_by_adding_new_types() {
        let sdl = ##"""

                  union SomeUnion = Foo | Biz | Bar
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "Foo". @ 2:25"##,
                ##"Unknown type "Biz". Did you mean "ID"? @ 2:31"##,
                ##"Unknown type "Bar". @ 2:37"##
            ])
    }

    func test012_allows_extension_of_union_by_adding_itself() {
        let sdl = ##"""

                  union SomeUnion
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Union type SomeUnion must define one or more member types. @ 2:7"##
            ],
            printed: ##"""
                union SomeUnion
                """##)
    }

    func test013_allows_extension_of_union_by_adding_itself() {
        let sdl = ##"""

                  extend union SomeUnion = SomeUnion
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 2:20"##,
                ##"Unknown type "SomeUnion". @ 2:32"##
            ])
    }

    func test014_allows_extension_of_union_by_adding_itself() {
        let sdl = ##"""

                  union SomeUnion = SomeUnion
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Union type SomeUnion can only include Object types, it cannot include SomeUnion. @ 2:25"##
            ],
            printed: ##"""
                union SomeUnion = SomeUnion
                """##)
    }

    func test015_extends_inputs_by_adding_new_fields() {
        let sdl = ##"""

                  type Query {
                    someInput(arg: SomeInput): String
                  }

                  directive @foo(arg: SomeInput) on SCHEMA

                  input SomeInput {
                    """Old field description."""
                    oldField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                directive @foo(arg: SomeInput) on SCHEMA

                type Query {
                  someInput(arg: SomeInput): String
                }

                input SomeInput {
                  """Old field description."""
                  oldField: String
                }
                """##)
    }

    func test016_extends_inputs_by_adding_new_fields() {
        let sdl = ##"""

                  extend input SomeInput {
                    """New field description."""
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInput" because it is not defined. @ 2:20"##
            ])
    }

    func test017_extends_inputs_by_adding_new_fields() {
        let sdl = ##"""

                  input SomeInput {
                    """Old field description."""
                    oldField: String
                    """New field description."""
                    newField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input SomeInput {
                  """Old field description."""
                  oldField: String

                  """New field description."""
                  newField: String
                }
                """##)
    }

    func test018_extends_scalars_by_adding_new_directives() {
        let sdl = ##"""

                  type Query {
                    someScalar(arg: SomeScalar): SomeScalar
                  }

                  directive @foo(arg: SomeScalar) on SCALAR

                  input FooInput {
                    foo: SomeScalar
                  }

                  scalar SomeScalar
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                directive @foo(arg: SomeScalar) on SCALAR

                type Query {
                  someScalar(arg: SomeScalar): SomeScalar
                }

                input FooInput {
                  foo: SomeScalar
                }

                scalar SomeScalar
                """##)
    }

    func test019_extends_scalars_by_adding_new_directives() {
        let sdl = ##"""

                  extend scalar SomeScalar @foo
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 2:21"##,
                ##"Unknown directive "@foo". @ 2:32"##
            ])
    }

    func test020_extends_scalars_by_adding_specifiedBy_directive() {
        let sdl = ##"""

                  type Query {
                    foo: Foo
                  }

                  scalar Foo

                  directive @foo on SCALAR
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                directive @foo on SCALAR

                type Query {
                  foo: Foo
                }

                scalar Foo
                """##)
    }

    func test021_extends_scalars_by_adding_specifiedBy_directive() {
        let sdl = ##"""

                  extend scalar Foo @foo

                  extend scalar Foo @specifiedBy(url: "https://example.com/foo_spec")
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Foo" because it is not defined. @ 2:21"##,
                ##"Unknown directive "@foo". @ 2:25"##,
                ##"Cannot extend type "Foo" because it is not defined. @ 4:21"##
            ])
    }

    func test022_correctly_assign_AST_nodes_to_new_and_extended_types() {
        let sdl = ##"""

                  type Query

                  scalar SomeScalar
                  enum SomeEnum
                  union SomeUnion
                  input SomeInput
                  type SomeObject
                  interface SomeInterface

                  directive @foo on SCALAR
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 2:7"##,
                ##"Enum type SomeEnum must define one or more values. @ 5:7"##,
                ##"Union type SomeUnion must define one or more member types. @ 6:7"##,
                ##"Input Object type SomeInput must define one or more fields. @ 7:7"##,
                ##"Type SomeObject must define one or more fields. @ 8:7"##,
                ##"Type SomeInterface must define one or more fields. @ 9:7"##
            ],
            printed: ##"""
                directive @foo on SCALAR

                type Query

                scalar SomeScalar

                enum SomeEnum

                union SomeUnion

                input SomeInput

                type SomeObject

                interface SomeInterface
                """##)
    }

    func test023_correctly_assign_AST_nodes_to_new_and_extended_types() {
        let sdl = ##"""

                  extend type Query {
                    newField(testArg: TestInput): TestEnum
                  }

                  extend scalar SomeScalar @foo

                  extend enum SomeEnum {
                    NEW_VALUE
                  }

                  extend union SomeUnion = SomeObject

                  extend input SomeInput {
                    newField: String
                  }

                  extend interface SomeInterface {
                    newField: String
                  }

                  enum TestEnum {
                    TEST_VALUE
                  }

                  input TestInput {
                    testInputField: TestEnum
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##,
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 6:21"##,
                ##"Unknown directive "@foo". @ 6:32"##,
                ##"Cannot extend type "SomeEnum" because it is not defined. Did you mean "TestEnum"? @ 8:19"##,
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 12:20"##,
                ##"Unknown type "SomeObject". @ 12:32"##,
                ##"Cannot extend type "SomeInput" because it is not defined. Did you mean "TestInput"? @ 14:20"##,
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 18:24"##
            ])
    }

    func test024_correctly_assign_AST_nodes_to_new_and_extended_types() {
        let sdl = ##"""

                  extend type Query {
                    oneMoreNewField: TestUnion
                  }

                  extend scalar SomeScalar @test

                  extend enum SomeEnum {
                    ONE_MORE_NEW_VALUE
                  }

                  extend union SomeUnion = TestType

                  extend input SomeInput {
                    oneMoreNewField: String
                  }

                  extend interface SomeInterface {
                    oneMoreNewField: String
                  }

                  union TestUnion = TestType

                  interface TestInterface {
                    interfaceField: String
                  }

                  type TestType implements TestInterface {
                    interfaceField: String
                  }

                  directive @test(arg: Int) repeatable on FIELD | SCALAR
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##,
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 6:21"##,
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 8:19"##,
                ##"Cannot extend type "SomeUnion" because it is not defined. Did you mean "TestUnion"? @ 12:20"##,
                ##"Cannot extend type "SomeInput" because it is not defined. @ 14:20"##,
                ##"Cannot extend type "SomeInterface" because it is not defined. Did you mean "TestInterface"? @ 18:24"##
            ])
    }

    func test025_builds_types_with_deprecated_fields_values() {
        let sdl = ##"""

                  type SomeObject {
                    deprecatedField: String @deprecated(reason: "not used anymore")
                  }

                  enum SomeEnum {
                    DEPRECATED_VALUE @deprecated(reason: "do not use")
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type SomeObject {
                  deprecatedField: String @deprecated(reason: "not used anymore")
                }

                enum SomeEnum {
                  DEPRECATED_VALUE @deprecated(reason: "do not use")
                }
                """##)
    }

    func test026_extends_objects_with_deprecated_fields() {
        let sdl = ##"""

                  extend type SomeObject {
                    deprecatedField: String @deprecated(reason: "not used anymore")
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##
            ])
    }

    func test027_extends_enums_with_deprecated_values() {
        let sdl = ##"""

                  extend enum SomeEnum {
                    DEPRECATED_VALUE @deprecated(reason: "do not use")
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 2:19"##
            ])
    }

    func test028_adds_new_unused_types() {
        let sdl = ##"""

                  type Query {
                    dummy: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  dummy: String
                }
                """##)
    }

    func test029_adds_new_unused_types() {
        let sdl = ##"""

                  type DummyUnionMember {
                    someField: String
                  }

                  enum UnusedEnum {
                    SOME_VALUE
                  }

                  input UnusedInput {
                    someField: String
                  }

                  interface UnusedInterface {
                    someField: String
                  }

                  type UnusedObject {
                    someField: String
                  }

                  union UnusedUnion = DummyUnionMember
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type DummyUnionMember {
                  someField: String
                }

                enum UnusedEnum {
                  SOME_VALUE
                }

                input UnusedInput {
                  someField: String
                }

                interface UnusedInterface {
                  someField: String
                }

                type UnusedObject {
                  someField: String
                }

                union UnusedUnion = DummyUnionMember
                """##)
    }

    func test030_extends_objects_by_adding_new_fields_with_arguments() {
        let sdl = ##"""

                  type SomeObject

                  type Query {
                    someObject: SomeObject
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type SomeObject must define one or more fields. @ 2:7"##
            ],
            printed: ##"""
                type SomeObject

                type Query {
                  someObject: SomeObject
                }
                """##)
    }

    func test031_extends_objects_by_adding_new_fields_with_arguments() {
        let sdl = ##"""

                  input NewInputObj {
                    field1: Int
                    field2: [Float]
                    field3: String!
                  }

                  extend type SomeObject {
                    newField(arg1: String, arg2: NewInputObj!): String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 8:19"##
            ])
    }

    func test032_extends_objects_by_adding_new_fields_with_arguments() {
        let sdl = ##"""

                  type SomeObject {
                    newField(arg1: String, arg2: NewInputObj!): String
                  }

                  input NewInputObj {
                    field1: Int
                    field2: [Float]
                    field3: String!
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type SomeObject {
                  newField(arg1: String, arg2: NewInputObj!): String
                }

                input NewInputObj {
                  field1: Int
                  field2: [Float]
                  field3: String!
                }
                """##)
    }

    func test033_extends_objects_by_adding_new_fields_with_existing_types() {
        let sdl = ##"""

                  type Query {
                    someObject: SomeObject
                  }

                  type SomeObject
                  enum SomeEnum { VALUE }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type SomeObject must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                type Query {
                  someObject: SomeObject
                }

                type SomeObject

                enum SomeEnum {
                  VALUE
                }
                """##)
    }

    func test034_extends_objects_by_adding_new_fields_with_existing_types() {
        let sdl = ##"""

                  extend type SomeObject {
                    newField(arg1: SomeEnum!): SomeEnum
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##,
                ##"Unknown type "SomeEnum". @ 3:24"##,
                ##"Unknown type "SomeEnum". @ 3:36"##
            ])
    }

    func test035_extends_objects_by_adding_new_fields_with_existing_types() {
        let sdl = ##"""

                  type SomeObject {
                    newField(arg1: SomeEnum!): SomeEnum
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeEnum". @ 3:24"##,
                ##"Unknown type "SomeEnum". @ 3:36"##
            ])
    }

    func test036_extends_objects_by_adding_implemented_interfaces() {
        let sdl = ##"""

                  type Query {
                    someObject: SomeObject
                  }

                  type SomeObject {
                    foo: String
                  }

                  interface SomeInterface {
                    foo: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someObject: SomeObject
                }

                type SomeObject {
                  foo: String
                }

                interface SomeInterface {
                  foo: String
                }
                """##)
    }

    func test037_extends_objects_by_adding_implemented_interfaces() {
        let sdl = ##"""

                  extend type SomeObject implements SomeInterface
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##,
                ##"Unknown type "SomeInterface". @ 2:41"##
            ])
    }

    func test038_extends_objects_by_adding_implemented_interfaces() {
        let sdl = ##"""

                  type SomeObject implements SomeInterface {
                    foo: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeInterface". @ 2:34"##
            ])
    }

    func test039_extends_objects_by_including_new_types() {
        let sdl = ##"""

                  type Query {
                    someObject: SomeObject
                  }

                  type SomeObject {
                    oldField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someObject: SomeObject
                }

                type SomeObject {
                  oldField: String
                }
                """##)
    }

    func test040_extends_objects_by_including_new_types() {
        let sdl = ##"""

                  enum NewEnum {
                    VALUE
                  }

                  interface NewInterface {
                    baz: String
                  }

                  type NewObject implements NewInterface {
                    baz: String
                  }

                  scalar NewScalar

                  union NewUnion = NewObject
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum NewEnum {
                  VALUE
                }

                interface NewInterface {
                  baz: String
                }

                type NewObject implements NewInterface {
                  baz: String
                }

                scalar NewScalar

                union NewUnion = NewObject
                """##)
    }

    func test041_extends_objects_by_adding_implemented_new_interfaces() {
        let sdl = ##"""

                  type Query {
                    someObject: SomeObject
                  }

                  type SomeObject implements OldInterface {
                    oldField: String
                  }

                  interface OldInterface {
                    oldField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someObject: SomeObject
                }

                type SomeObject implements OldInterface {
                  oldField: String
                }

                interface OldInterface {
                  oldField: String
                }
                """##)
    }

    func test042_extends_objects_by_adding_implemented_new_interfaces() {
        let sdl = ##"""

                  extend type SomeObject implements NewInterface {
                    newField: String
                  }

                  interface NewInterface {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##
            ])
    }

    func test043_extends_objects_by_adding_implemented_new_interfaces() {
        let sdl = ##"""

                  type SomeObject implements OldInterface & NewInterface {
                    oldField: String
                    newField: String
                  }

                  interface NewInterface {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "OldInterface". Did you mean "NewInterface"? @ 2:34"##
            ])
    }

    func test044_extends_different_types_multiple_times() {
        let sdl = ##"""

                  type Query {
                    someScalar: SomeScalar
                    someObject(someInput: SomeInput): SomeObject
                    someInterface: SomeInterface
                    someEnum: SomeEnum
                    someUnion: SomeUnion
                  }

                  scalar SomeScalar

                  type SomeObject implements SomeInterface {
                    oldField: String
                  }

                  interface SomeInterface {
                    oldField: String
                  }

                  enum SomeEnum {
                    OLD_VALUE
                  }

                  union SomeUnion = SomeObject

                  input SomeInput {
                    oldField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someScalar: SomeScalar
                  someObject(someInput: SomeInput): SomeObject
                  someInterface: SomeInterface
                  someEnum: SomeEnum
                  someUnion: SomeUnion
                }

                scalar SomeScalar

                type SomeObject implements SomeInterface {
                  oldField: String
                }

                interface SomeInterface {
                  oldField: String
                }

                enum SomeEnum {
                  OLD_VALUE
                }

                union SomeUnion = SomeObject

                input SomeInput {
                  oldField: String
                }
                """##)
    }

    func test045_extends_different_types_multiple_times() {
        let sdl = ##"""

                  scalar NewScalar

                  scalar AnotherNewScalar

                  type NewObject {
                    foo: String
                  }

                  type AnotherNewObject {
                    foo: String
                  }

                  interface NewInterface {
                    newField: String
                  }

                  interface AnotherNewInterface {
                    anotherNewField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                scalar NewScalar

                scalar AnotherNewScalar

                type NewObject {
                  foo: String
                }

                type AnotherNewObject {
                  foo: String
                }

                interface NewInterface {
                  newField: String
                }

                interface AnotherNewInterface {
                  anotherNewField: String
                }
                """##)
    }

    func test046_extends_different_types_multiple_times() {
        let sdl = ##"""

                  extend scalar SomeScalar @specifiedBy(url: "http://example.com/foo_spec")

                  extend type SomeObject implements NewInterface {
                    newField: String
                  }

                  extend type SomeObject implements AnotherNewInterface {
                    anotherNewField: String
                  }

                  extend enum SomeEnum {
                    NEW_VALUE
                  }

                  extend enum SomeEnum {
                    ANOTHER_NEW_VALUE
                  }

                  extend union SomeUnion = NewObject

                  extend union SomeUnion = AnotherNewObject

                  extend input SomeInput {
                    newField: String
                  }

                  extend input SomeInput {
                    anotherNewField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 2:21"##,
                ##"Cannot extend type "SomeObject" because it is not defined. @ 4:19"##,
                ##"Unknown type "NewInterface". @ 4:41"##,
                ##"Cannot extend type "SomeObject" because it is not defined. @ 8:19"##,
                ##"Unknown type "AnotherNewInterface". @ 8:41"##,
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 12:19"##,
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 16:19"##,
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 20:20"##,
                ##"Unknown type "NewObject". @ 20:32"##,
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 22:20"##,
                ##"Unknown type "AnotherNewObject". @ 22:32"##,
                ##"Cannot extend type "SomeInput" because it is not defined. @ 24:20"##,
                ##"Cannot extend type "SomeInput" because it is not defined. @ 28:20"##
            ])
    }

    func test047_extends_interfaces_by_adding_new_fields() {
        let sdl = ##"""

                  interface SomeInterface {
                    oldField: String
                  }

                  interface AnotherInterface implements SomeInterface {
                    oldField: String
                  }

                  type SomeObject implements SomeInterface & AnotherInterface {
                    oldField: String
                  }

                  type Query {
                    someInterface: SomeInterface
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                interface SomeInterface {
                  oldField: String
                }

                interface AnotherInterface implements SomeInterface {
                  oldField: String
                }

                type SomeObject implements SomeInterface & AnotherInterface {
                  oldField: String
                }

                type Query {
                  someInterface: SomeInterface
                }
                """##)
    }

    func test048_extends_interfaces_by_adding_new_fields() {
        let sdl = ##"""

                  extend interface SomeInterface {
                    newField: String
                  }

                  extend interface AnotherInterface {
                    newField: String
                  }

                  extend type SomeObject {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 2:24"##,
                ##"Cannot extend type "AnotherInterface" because it is not defined. @ 6:24"##,
                ##"Cannot extend type "SomeObject" because it is not defined. @ 10:19"##
            ])
    }

    func test049_extends_interfaces_by_adding_new_fields() {
        let sdl = ##"""

                  interface SomeInterface {
                    oldField: String
                    newField: String
                  }

                  interface AnotherInterface implements SomeInterface {
                    oldField: String
                    newField: String
                  }

                  type SomeObject implements SomeInterface & AnotherInterface {
                    oldField: String
                    newField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  oldField: String
                  newField: String
                }

                interface AnotherInterface implements SomeInterface {
                  oldField: String
                  newField: String
                }

                type SomeObject implements SomeInterface & AnotherInterface {
                  oldField: String
                  newField: String
                }
                """##)
    }

    func test050_extends_interfaces_by_adding_new_implemented_interfaces() {
        let sdl = ##"""

                  interface NewInterface {
                    newField: String
                  }

                  extend interface AnotherInterface implements NewInterface {
                    newField: String
                  }

                  extend type SomeObject implements NewInterface {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "AnotherInterface" because it is not defined. Did you mean "NewInterface"? @ 6:24"##,
                ##"Cannot extend type "SomeObject" because it is not defined. @ 10:19"##
            ])
    }

    func test051_extends_interfaces_by_adding_new_implemented_interfaces() {
        let sdl = ##"""

                  interface AnotherInterface implements SomeInterface & NewInterface {
                    oldField: String
                    newField: String
                  }

                  type SomeObject implements SomeInterface & AnotherInterface & NewInterface {
                    oldField: String
                    newField: String
                  }

                  interface NewInterface {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "SomeInterface". Did you mean "NewInterface" or "AnotherInterface"? @ 2:45"##,
                ##"Unknown type "SomeInterface". Did you mean "NewInterface" or "AnotherInterface"? @ 7:34"##
            ])
    }

    func test052_allows_extension_of_interface_with_missing_Object_fields() {
        let sdl = ##"""

                  type Query {
                    someInterface: SomeInterface
                  }

                  type SomeObject implements SomeInterface {
                    oldField: SomeInterface
                  }

                  interface SomeInterface {
                    oldField: SomeInterface
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someInterface: SomeInterface
                }

                type SomeObject implements SomeInterface {
                  oldField: SomeInterface
                }

                interface SomeInterface {
                  oldField: SomeInterface
                }
                """##)
    }

    func test053_allows_extension_of_interface_with_missing_Object_fields() {
        let sdl = ##"""

                  extend interface SomeInterface {
                    newField: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 2:24"##
            ])
    }

    func test054_allows_extension_of_interface_with_missing_Object_fields() {
        let sdl = ##"""

                  interface SomeInterface {
                    oldField: SomeInterface
                    newField: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  oldField: SomeInterface
                  newField: String
                }
                """##)
    }

    func test055_extends_interfaces_multiple_times() {
        let sdl = ##"""

                  type Query {
                    someInterface: SomeInterface
                  }

                  interface SomeInterface {
                    some: SomeInterface
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  someInterface: SomeInterface
                }

                interface SomeInterface {
                  some: SomeInterface
                }
                """##)
    }

    func test056_extends_interfaces_multiple_times() {
        let sdl = ##"""

                  extend interface SomeInterface {
                    newFieldA: Int
                  }

                  extend interface SomeInterface {
                    newFieldB(test: Boolean): String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 2:24"##,
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 6:24"##
            ])
    }

    func test057_extends_interfaces_multiple_times() {
        let sdl = ##"""

                  interface SomeInterface {
                    some: SomeInterface
                    newFieldA: Int
                    newFieldB(test: Boolean): String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  some: SomeInterface
                  newFieldA: Int
                  newFieldB(test: Boolean): String
                }
                """##)
    }

    func test058_may_extend_mutations_and_subscriptions() {
        let sdl = ##"""

                  type Query {
                    queryField: String
                  }

                  type Mutation {
                    mutationField: String
                  }

                  type Subscription {
                    subscriptionField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  queryField: String
                }

                type Mutation {
                  mutationField: String
                }

                type Subscription {
                  subscriptionField: String
                }
                """##)
    }

    func test059_may_extend_mutations_and_subscriptions() {
        let sdl = ##"""

                  extend type Query {
                    newQueryField: Int
                  }

                  extend type Mutation {
                    newMutationField: Int
                  }

                  extend type Subscription {
                    newSubscriptionField: Int
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "Query" because it is not defined. @ 2:19"##,
                ##"Cannot extend type "Mutation" because it is not defined. @ 6:19"##,
                ##"Cannot extend type "Subscription" because it is not defined. @ 10:19"##
            ])
    }

    func test060_may_extend_mutations_and_subscriptions() {
        let sdl = ##"""

                  type Query {
                    queryField: String
                    newQueryField: Int
                  }

                  type Mutation {
                    mutationField: String
                    newMutationField: Int
                  }

                  type Subscription {
                    subscriptionField: String
                    newSubscriptionField: Int
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  queryField: String
                  newQueryField: Int
                }

                type Mutation {
                  mutationField: String
                  newMutationField: Int
                }

                type Subscription {
                  subscriptionField: String
                  newSubscriptionField: Int
                }
                """##)
    }

    func test061_may_extend_directives_with_new_directive() {
        let sdl = ##"""

                  """New directive."""
                  directive @new(enable: Boolean!, tag: String) repeatable on QUERY | FIELD
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                """New directive."""
                directive @new(enable: Boolean!, tag: String) repeatable on QUERY | FIELD
                """##)
    }

    func test062_Throws_on_unknown_types() {
        let sdl = ##"""

                  type Query {
                    unknown: UnknownType
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "UnknownType". @ 3:18"##
            ])
    }

    func test063_does_not_allow_replacing_a_default_directive() {
        let sdl = ##"""

                  directive @include(if: Boolean!) on FIELD | FRAGMENT_SPREAD
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""

                """##)
    }

    func test064_does_not_allow_replacing_an_existing_enum_value() {
        let sdl = ##"""

                  enum SomeEnum {
                    ONE
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum SomeEnum {
                  ONE
                }
                """##)
    }

    func test065_does_not_allow_replacing_an_existing_enum_value() {
        let sdl = ##"""

                  extend enum SomeEnum {
                    ONE
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 2:19"##
            ])
    }

    func test066_adds_schema_definition_missing_in_the_original_schema() {
        let sdl = ##"""

                    directive @foo on SCHEMA
                    type Foo
                  
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type Foo must define one or more fields. @ 3:9"##
            ],
            printed: ##"""
                directive @foo on SCHEMA

                type Foo
                """##)
    }

    func test067_adds_schema_definition_missing_in_the_original_schema() {
        let sdl = ##"""

                    schema @foo {
                      query: Foo
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown directive "@foo". @ 2:16"##,
                ##"Unknown type "Foo". @ 3:18"##
            ])
    }

    func test068_adds_new_root_types_via_schema_extension() {
        let sdl = ##"""

                    type Query
                    type MutationRoot
                  
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 2:9"##,
                ##"Type MutationRoot must define one or more fields. @ 3:9"##
            ],
            printed: ##"""
                type Query

                type MutationRoot
                """##)
    }

    func test069_adds_new_root_types_via_schema_extension() {
        let sdl = ##"""

                    extend schema {
                      mutation: MutationRoot
                    }
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "MutationRoot". @ 3:21"##
            ])
    }

    func test070_adds_directive_via_schema_extension() {
        let sdl = ##"""

                    type Query

                    directive @foo on SCHEMA
                  
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 2:9"##
            ],
            printed: ##"""
                directive @foo on SCHEMA

                type Query
                """##)
    }

    func test071_adds_directive_via_schema_extension() {
        let sdl = ##"""

                    extend schema @foo
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown directive "@foo". @ 2:23"##
            ])
    }

    func test072_adds_multiple_new_root_types_via_schema_extension() {
        let sdl = ##"""

                    extend schema {
                      mutation: Mutation
                      subscription: Subscription
                    }

                    type Mutation
                    type Subscription
                  
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type Mutation must define one or more fields. @ 7:9"##,
                ##"Type Subscription must define one or more fields. @ 8:9"##
            ],
            printed: ##"""
                type Mutation

                type Subscription
                """##)
    }

    func test073_applies_multiple_schema_extensions() {
        let sdl = ##"""

                    extend schema {
                      mutation: Mutation
                    }
                    type Mutation

                    extend schema {
                      subscription: Subscription
                    }
                    type Subscription
                  
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type Mutation must define one or more fields. @ 5:9"##,
                ##"Type Subscription must define one or more fields. @ 10:9"##
            ],
            printed: ##"""
                type Mutation

                type Subscription
                """##)
    }

    func test074_schema_extension_AST_are_available_from_schema_object() {
        let sdl = ##"""

                    extend schema {
                      mutation: Mutation
                    }

                    extend schema {
                      subscription: Subscription
                    }

                    extend schema @foo
                  
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "Mutation". @ 3:21"##,
                ##"Unknown type "Subscription". @ 7:25"##,
                ##"Unknown directive "@foo". @ 10:23"##
            ])
    }

}
