// Cases adapted from graphql-js 16 `buildASTSchema-test.ts` (its SDL inputs); the expected
// errors and printed SDL are what graphql-js 16.6 produces for them.
// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.
import XCTest
@testable import GraphQL

final class BuildASTSchemaCasesTests: XCTestCase {
    func test000_can_use_built_schema_for_limited_execution() {
        let sdl = ##"""

                    type Query {
                      str: String
                    }
                  
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str: String
                }
                """##)
    }

    func test001_can_build_a_schema_directly_from_the_source() {
        let sdl = ##"""

                  type Query {
                    add(x: Int, y: Int): Int
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  add(x: Int, y: Int): Int
                }
                """##)
    }

    func test002_Empty_type() {
        let sdl = ##"""

                  type EmptyType
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type EmptyType must define one or more fields. @ 2:7"##
            ],
            printed: ##"""
                type EmptyType
                """##)
    }

    func test003_Simple_type() {
        let sdl = ##"""

                  type Query {
                    str: String
                    int: Int
                    float: Float
                    id: ID
                    bool: Boolean
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str: String
                  int: Int
                  float: Float
                  id: ID
                  bool: Boolean
                }
                """##)
    }

    func test004_With_directives() {
        let sdl = ##"""

                  directive @foo(arg: Int) on FIELD

                  directive @repeatableFoo(arg: Int) repeatable on FIELD
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                directive @foo(arg: Int) on FIELD

                directive @repeatableFoo(arg: Int) repeatable on FIELD
                """##)
    }

    func test005_Supports_descriptions() {
        let sdl = ##"""

                  """Do you agree that this is the most creative schema ever?"""
                  schema {
                    query: Query
                  }

                  """This is a directive"""
                  directive @foo(
                    """It has an argument"""
                    arg: Int
                  ) on FIELD

                  """Who knows what inside this scalar?"""
                  scalar MysteryScalar

                  """This is a input object type"""
                  input FooInput {
                    """It has a field"""
                    field: Int
                  }

                  """This is a interface type"""
                  interface Energy {
                    """It also has a field"""
                    str: String
                  }

                  """There is nothing inside!"""
                  union BlackHole

                  """With an enum"""
                  enum Color {
                    RED

                    """Not a creative color"""
                    GREEN
                    BLUE
                  }

                  """What a great type"""
                  type Query {
                    """And a field to boot"""
                    str: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Union type BlackHole must define one or more member types. @ 28:7"##
            ],
            printed: ##"""
                """Do you agree that this is the most creative schema ever?"""
                schema {
                  query: Query
                }

                """This is a directive"""
                directive @foo(
                  """It has an argument"""
                  arg: Int
                ) on FIELD

                """Who knows what inside this scalar?"""
                scalar MysteryScalar

                """This is a input object type"""
                input FooInput {
                  """It has a field"""
                  field: Int
                }

                """This is a interface type"""
                interface Energy {
                  """It also has a field"""
                  str: String
                }

                """There is nothing inside!"""
                union BlackHole

                """With an enum"""
                enum Color {
                  RED

                  """Not a creative color"""
                  GREEN
                  BLUE
                }

                """What a great type"""
                type Query {
                  """And a field to boot"""
                  str: String
                }
                """##)
    }

    func test006_Adding_directives_maintains_include_skip_deprecated_specifiedBy_and_oneOf() {
        let sdl = ##"""

                  directive @foo(arg: Int) on FIELD
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                directive @foo(arg: Int) on FIELD
                """##)
    }

    func test007_Type_modifiers() {
        let sdl = ##"""

                  type Query {
                    nonNullStr: String!
                    listOfStrings: [String]
                    listOfNonNullStrings: [String!]
                    nonNullListOfStrings: [String]!
                    nonNullListOfNonNullStrings: [String!]!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  nonNullStr: String!
                  listOfStrings: [String]
                  listOfNonNullStrings: [String!]
                  nonNullListOfStrings: [String]!
                  nonNullListOfNonNullStrings: [String!]!
                }
                """##)
    }

    func test008_Recursive_type() {
        let sdl = ##"""

                  type Query {
                    str: String
                    recurse: Query
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str: String
                  recurse: Query
                }
                """##)
    }

    func test009_Two_types_circular() {
        let sdl = ##"""

                  type TypeOne {
                    str: String
                    typeTwo: TypeTwo
                  }

                  type TypeTwo {
                    str: String
                    typeOne: TypeOne
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type TypeOne {
                  str: String
                  typeTwo: TypeTwo
                }

                type TypeTwo {
                  str: String
                  typeOne: TypeOne
                }
                """##)
    }

    func test010_Single_argument_field() {
        let sdl = ##"""

                  type Query {
                    str(int: Int): String
                    floatToStr(float: Float): String
                    idToStr(id: ID): String
                    booleanToStr(bool: Boolean): String
                    strToStr(bool: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str(int: Int): String
                  floatToStr(float: Float): String
                  idToStr(id: ID): String
                  booleanToStr(bool: Boolean): String
                  strToStr(bool: String): String
                }
                """##)
    }

    func test011_Simple_type_with_multiple_arguments() {
        let sdl = ##"""

                  type Query {
                    str(int: Int, bool: Boolean): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str(int: Int, bool: Boolean): String
                }
                """##)
    }

    func test012_Empty_interface() {
        let sdl = ##"""

                  interface EmptyInterface
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type EmptyInterface must define one or more fields. @ 2:7"##
            ],
            printed: ##"""
                interface EmptyInterface
                """##)
    }

    func test013_Simple_type_with_interface() {
        let sdl = ##"""

                  type Query implements WorldInterface {
                    str: String
                  }

                  interface WorldInterface {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query implements WorldInterface {
                  str: String
                }

                interface WorldInterface {
                  str: String
                }
                """##)
    }

    func test014_Simple_interface_hierarchy() {
        let sdl = ##"""

                  schema {
                    query: Child
                  }

                  interface Child implements Parent {
                    str: String
                  }

                  type Hello implements Parent & Child {
                    str: String
                  }

                  interface Parent {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be Object type, it cannot be Child. @ 3:16"##
            ],
            printed: ##"""
                schema {
                  query: Child
                }

                interface Child implements Parent {
                  str: String
                }

                type Hello implements Parent & Child {
                  str: String
                }

                interface Parent {
                  str: String
                }
                """##)
    }

    func test015_Empty_enum() {
        let sdl = ##"""

                  enum EmptyEnum
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Enum type EmptyEnum must define one or more values. @ 2:7"##
            ],
            printed: ##"""
                enum EmptyEnum
                """##)
    }

    func test016_Simple_output_enum() {
        let sdl = ##"""

                  enum Hello {
                    WORLD
                  }

                  type Query {
                    hello: Hello
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                enum Hello {
                  WORLD
                }

                type Query {
                  hello: Hello
                }
                """##)
    }

    func test017_Simple_input_enum() {
        let sdl = ##"""

                  enum Hello {
                    WORLD
                  }

                  type Query {
                    str(hello: Hello): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                enum Hello {
                  WORLD
                }

                type Query {
                  str(hello: Hello): String
                }
                """##)
    }

    func test018_Multiple_value_enum() {
        let sdl = ##"""

                  enum Hello {
                    WO
                    RLD
                  }

                  type Query {
                    hello: Hello
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                enum Hello {
                  WO
                  RLD
                }

                type Query {
                  hello: Hello
                }
                """##)
    }

    func test019_Empty_union() {
        let sdl = ##"""

                  union EmptyUnion
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Union type EmptyUnion must define one or more member types. @ 2:7"##
            ],
            printed: ##"""
                union EmptyUnion
                """##)
    }

    func test020_Simple_Union() {
        let sdl = ##"""

                  union Hello = World

                  type Query {
                    hello: Hello
                  }

                  type World {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                union Hello = World

                type Query {
                  hello: Hello
                }

                type World {
                  str: String
                }
                """##)
    }

    func test021_Multiple_Union() {
        let sdl = ##"""

                  union Hello = WorldOne | WorldTwo

                  type Query {
                    hello: Hello
                  }

                  type WorldOne {
                    str: String
                  }

                  type WorldTwo {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                union Hello = WorldOne | WorldTwo

                type Query {
                  hello: Hello
                }

                type WorldOne {
                  str: String
                }

                type WorldTwo {
                  str: String
                }
                """##)
    }

    func test022_Can_build_recursive_Union() {
        let sdl = ##"""

                  union Hello = Hello

                  type Query {
                    hello: Hello
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Union type Hello can only include Object types, it cannot include Hello. @ 2:21"##
            ],
            printed: ##"""
                union Hello = Hello

                type Query {
                  hello: Hello
                }
                """##)
    }

    func test023_Custom_Scalar() {
        let sdl = ##"""

                  scalar CustomScalar

                  type Query {
                    customScalar: CustomScalar
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                scalar CustomScalar

                type Query {
                  customScalar: CustomScalar
                }
                """##)
    }

    func test024_Empty_Input_Object() {
        let sdl = ##"""

                  input EmptyInputObject
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Input Object type EmptyInputObject must define one or more fields. @ 2:7"##
            ],
            printed: ##"""
                input EmptyInputObject
                """##)
    }

    func test025_Simple_Input_Object() {
        let sdl = ##"""

                  input Input {
                    int: Int
                  }

                  type Query {
                    field(in: Input): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                input Input {
                  int: Int
                }

                type Query {
                  field(in: Input): String
                }
                """##)
    }

    func test026_Simple_argument_field_with_default() {
        let sdl = ##"""

                  type Query {
                    str(int: Int = 2): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  str(int: Int = 2): String
                }
                """##)
    }

    func test027_Custom_scalar_argument_field_with_default() {
        let sdl = ##"""

                  scalar CustomScalar

                  type Query {
                    str(int: CustomScalar = 2): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                scalar CustomScalar

                type Query {
                  str(int: CustomScalar = 2): String
                }
                """##)
    }

    func test028_Simple_type_with_mutation() {
        let sdl = ##"""

                  schema {
                    query: HelloScalars
                    mutation: Mutation
                  }

                  type HelloScalars {
                    str: String
                    int: Int
                    bool: Boolean
                  }

                  type Mutation {
                    addHelloScalars(str: String, int: Int, bool: Boolean): HelloScalars
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                schema {
                  query: HelloScalars
                  mutation: Mutation
                }

                type HelloScalars {
                  str: String
                  int: Int
                  bool: Boolean
                }

                type Mutation {
                  addHelloScalars(str: String, int: Int, bool: Boolean): HelloScalars
                }
                """##)
    }

    func test029_Simple_type_with_subscription() {
        let sdl = ##"""

                  schema {
                    query: HelloScalars
                    subscription: Subscription
                  }

                  type HelloScalars {
                    str: String
                    int: Int
                    bool: Boolean
                  }

                  type Subscription {
                    subscribeHelloScalars(str: String, int: Int, bool: Boolean): HelloScalars
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                schema {
                  query: HelloScalars
                  subscription: Subscription
                }

                type HelloScalars {
                  str: String
                  int: Int
                  bool: Boolean
                }

                type Subscription {
                  subscribeHelloScalars(str: String, int: Int, bool: Boolean): HelloScalars
                }
                """##)
    }

    func test030_Unreferenced_type_implementing_referenced_interface() {
        let sdl = ##"""

                  type Concrete implements Interface {
                    key: String
                  }

                  interface Interface {
                    key: String
                  }

                  type Query {
                    interface: Interface
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Concrete implements Interface {
                  key: String
                }

                interface Interface {
                  key: String
                }

                type Query {
                  interface: Interface
                }
                """##)
    }

    func test031_Unreferenced_interface_implementing_referenced_interface() {
        let sdl = ##"""

                  interface Child implements Parent {
                    key: String
                  }

                  interface Parent {
                    key: String
                  }

                  type Query {
                    interfaceField: Parent
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                interface Child implements Parent {
                  key: String
                }

                interface Parent {
                  key: String
                }

                type Query {
                  interfaceField: Parent
                }
                """##)
    }

    func test032_Unreferenced_type_implementing_referenced_union() {
        let sdl = ##"""

                  type Concrete {
                    key: String
                  }

                  type Query {
                    union: Union
                  }

                  union Union = Concrete
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Concrete {
                  key: String
                }

                type Query {
                  union: Union
                }

                union Union = Concrete
                """##)
    }

    func test033_Supports_deprecated() {
        let sdl = ##"""

                  enum MyEnum {
                    VALUE
                    OLD_VALUE @deprecated
                    OTHER_VALUE @deprecated(reason: "Terrible reasons")
                  }

                  input MyInput {
                    oldInput: String @deprecated
                    otherInput: String @deprecated(reason: "Use newInput")
                    newInput: String
                  }

                  type Query {
                    field1: String @deprecated
                    field2: Int @deprecated(reason: "Because I said so")
                    enum: MyEnum
                    field3(oldArg: String @deprecated, arg: String): String
                    field4(oldArg: String @deprecated(reason: "Why not?"), arg: String): String
                    field5(arg: MyInput): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                enum MyEnum {
                  VALUE
                  OLD_VALUE @deprecated
                  OTHER_VALUE @deprecated(reason: "Terrible reasons")
                }

                input MyInput {
                  oldInput: String @deprecated
                  otherInput: String @deprecated(reason: "Use newInput")
                  newInput: String
                }

                type Query {
                  field1: String @deprecated
                  field2: Int @deprecated(reason: "Because I said so")
                  enum: MyEnum
                  field3(oldArg: String @deprecated, arg: String): String
                  field4(oldArg: String @deprecated(reason: "Why not?"), arg: String): String
                  field5(arg: MyInput): String
                }
                """##)
    }

    func test034_Supports_specifiedBy() {
        let sdl = ##"""

                  scalar Foo @specifiedBy(url: "https://example.com/foo_spec")

                  type Query {
                    foo: Foo @deprecated
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                scalar Foo @specifiedBy(url: "https://example.com/foo_spec")

                type Query {
                  foo: Foo @deprecated
                }
                """##)
    }

    func test035_Correctly_extend_scalar_type() {
        let sdl = ##"""

                  scalar SomeScalar
                  extend scalar SomeScalar @foo
                  extend scalar SomeScalar @bar

                  directive @foo on SCALAR
                  directive @bar on SCALAR
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                directive @foo on SCALAR

                directive @bar on SCALAR

                scalar SomeScalar
                """##)
    }

    func test036_Correctly_extend_scalar_type() {
        let sdl = ##"""

                  scalar SomeScalar
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                scalar SomeScalar
                """##)
    }

    func test037_Correctly_extend_scalar_type() {
        let sdl = ##"""

                  extend scalar SomeScalar @foo

                  extend scalar SomeScalar @bar
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 2:21"##,
                ##"Unknown directive "@foo". @ 2:32"##,
                ##"Cannot extend type "SomeScalar" because it is not defined. @ 4:21"##,
                ##"Unknown directive "@bar". @ 4:32"##
            ])
    }

    func test038_Correctly_extend_object_type() {
        let sdl = ##"""

                  type SomeObject implements Foo {
                    first: String
                  }

                  extend type SomeObject implements Bar {
                    second: Int
                  }

                  extend type SomeObject implements Baz {
                    third: Float
                  }

                  interface Foo
                  interface Bar
                  interface Baz
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type Foo must define one or more fields. @ 14:7"##,
                ##"Type Bar must define one or more fields. @ 15:7"##,
                ##"Type Baz must define one or more fields. @ 16:7"##
            ],
            printed: ##"""
                type SomeObject implements Foo & Bar & Baz {
                  first: String
                  second: Int
                  third: Float
                }

                interface Foo

                interface Bar

                interface Baz
                """##)
    }

    func test039_Correctly_extend_object_type() {
        let sdl = ##"""

                  type SomeObject implements Foo & Bar & Baz {
                    first: String
                    second: Int
                    third: Float
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "Foo". @ 2:34"##,
                ##"Unknown type "Bar". @ 2:40"##,
                ##"Unknown type "Baz". @ 2:46"##
            ])
    }

    func test040_Correctly_extend_object_type() {
        let sdl = ##"""

                  type SomeObject implements Foo {
                    first: String
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "Foo". @ 2:34"##
            ])
    }

    func test041_Correctly_extend_object_type() {
        let sdl = ##"""

                  extend type SomeObject implements Bar {
                    second: Int
                  }

                  extend type SomeObject implements Baz {
                    third: Float
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeObject" because it is not defined. @ 2:19"##,
                ##"Unknown type "Bar". @ 2:41"##,
                ##"Cannot extend type "SomeObject" because it is not defined. @ 6:19"##,
                ##"Unknown type "Baz". @ 6:41"##
            ])
    }

    func test042_Correctly_extend_interface_type() {
        let sdl = ##"""

                  interface SomeInterface {
                    first: String
                  }

                  extend interface SomeInterface {
                    second: Int
                  }

                  extend interface SomeInterface {
                    third: Float
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  first: String
                  second: Int
                  third: Float
                }
                """##)
    }

    func test043_Correctly_extend_interface_type() {
        let sdl = ##"""

                  interface SomeInterface {
                    first: String
                    second: Int
                    third: Float
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  first: String
                  second: Int
                  third: Float
                }
                """##)
    }

    func test044_Correctly_extend_interface_type() {
        let sdl = ##"""

                  interface SomeInterface {
                    first: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                interface SomeInterface {
                  first: String
                }
                """##)
    }

    func test045_Correctly_extend_interface_type() {
        let sdl = ##"""

                  extend interface SomeInterface {
                    second: Int
                  }

                  extend interface SomeInterface {
                    third: Float
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 2:24"##,
                ##"Cannot extend type "SomeInterface" because it is not defined. @ 6:24"##
            ])
    }

    func test046_Correctly_extend_union_type() {
        let sdl = ##"""

                  union SomeUnion = FirstType
                  extend union SomeUnion = SecondType
                  extend union SomeUnion = ThirdType

                  type FirstType
                  type SecondType
                  type ThirdType
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Type FirstType must define one or more fields. @ 6:7"##,
                ##"Type SecondType must define one or more fields. @ 7:7"##,
                ##"Type ThirdType must define one or more fields. @ 8:7"##
            ],
            printed: ##"""
                union SomeUnion = FirstType | SecondType | ThirdType

                type FirstType

                type SecondType

                type ThirdType
                """##)
    }

    func test047_Correctly_extend_union_type() {
        let sdl = ##"""

                  union SomeUnion = FirstType | SecondType | ThirdType
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Unknown type "FirstType". @ 2:25"##,
                ##"Unknown type "SecondType". @ 2:37"##,
                ##"Unknown type "ThirdType". @ 2:50"##
            ])
    }

    func test048_Correctly_extend_union_type() {
        let sdl = ##"""

                  extend union SomeUnion = SecondType

                  extend union SomeUnion = ThirdType
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 2:20"##,
                ##"Unknown type "SecondType". @ 2:32"##,
                ##"Cannot extend type "SomeUnion" because it is not defined. @ 4:20"##,
                ##"Unknown type "ThirdType". @ 4:32"##
            ])
    }

    func test049_Correctly_extend_enum_type() {
        let sdl = ##"""

                  enum SomeEnum {
                    FIRST
                  }

                  extend enum SomeEnum {
                    SECOND
                  }

                  extend enum SomeEnum {
                    THIRD
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum SomeEnum {
                  FIRST
                  SECOND
                  THIRD
                }
                """##)
    }

    func test050_Correctly_extend_enum_type() {
        let sdl = ##"""

                  enum SomeEnum {
                    FIRST
                    SECOND
                    THIRD
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum SomeEnum {
                  FIRST
                  SECOND
                  THIRD
                }
                """##)
    }

    func test051_Correctly_extend_enum_type() {
        let sdl = ##"""

                  enum SomeEnum {
                    FIRST
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum SomeEnum {
                  FIRST
                }
                """##)
    }

    func test052_Correctly_extend_enum_type() {
        let sdl = ##"""

                  extend enum SomeEnum {
                    SECOND
                  }

                  extend enum SomeEnum {
                    THIRD
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 2:19"##,
                ##"Cannot extend type "SomeEnum" because it is not defined. @ 6:19"##
            ])
    }

    func test053_Correctly_extend_input_object_type() {
        let sdl = ##"""

                  input SomeInput {
                    first: String
                  }

                  extend input SomeInput {
                    second: Int
                  }

                  extend input SomeInput {
                    third: Float
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input SomeInput {
                  first: String
                  second: Int
                  third: Float
                }
                """##)
    }

    func test054_Correctly_extend_input_object_type() {
        let sdl = ##"""

                  input SomeInput {
                    first: String
                    second: Int
                    third: Float
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input SomeInput {
                  first: String
                  second: Int
                  third: Float
                }
                """##)
    }

    func test055_Correctly_extend_input_object_type() {
        let sdl = ##"""

                  input SomeInput {
                    first: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input SomeInput {
                  first: String
                }
                """##)
    }

    func test056_Correctly_extend_input_object_type() {
        let sdl = ##"""

                  extend input SomeInput {
                    second: Int
                  }

                  extend input SomeInput {
                    third: Float
                  }
                
            """##
        expectBuildErrors(
            sdl,
            [
                ##"Cannot extend type "SomeInput" because it is not defined. @ 2:20"##,
                ##"Cannot extend type "SomeInput" because it is not defined. @ 6:20"##
            ])
    }

    func test057_Correctly_assign_AST_nodes() {
        let sdl = ##"""

                  schema {
                    query: Query
                  }

                  type Query {
                    testField(testArg: TestInput): TestUnion
                  }

                  input TestInput {
                    testInputField: TestEnum
                  }

                  enum TestEnum {
                    TEST_VALUE
                  }

                  union TestUnion = TestType

                  interface TestInterface {
                    interfaceField: String
                  }

                  type TestType implements TestInterface {
                    interfaceField: String
                  }

                  scalar TestScalar

                  directive @test(arg: TestScalar) on FIELD
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                directive @test(arg: TestScalar) on FIELD

                type Query {
                  testField(testArg: TestInput): TestUnion
                }

                input TestInput {
                  testInputField: TestEnum
                }

                enum TestEnum {
                  TEST_VALUE
                }

                union TestUnion = TestType

                interface TestInterface {
                  interfaceField: String
                }

                type TestType implements TestInterface {
                  interfaceField: String
                }

                scalar TestScalar
                """##)
    }

    func test058_Root_operation_types_with_custom_names() {
        let sdl = ##"""

                  schema {
                    query: SomeQuery
                    mutation: SomeMutation
                    subscription: SomeSubscription
                  }
                  type SomeQuery
                  type SomeMutation
                  type SomeSubscription
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type SomeQuery must define one or more fields. @ 7:7"##,
                ##"Type SomeMutation must define one or more fields. @ 8:7"##,
                ##"Type SomeSubscription must define one or more fields. @ 9:7"##
            ],
            printed: ##"""
                schema {
                  query: SomeQuery
                  mutation: SomeMutation
                  subscription: SomeSubscription
                }

                type SomeQuery

                type SomeMutation

                type SomeSubscription
                """##)
    }

    func test059_Default_root_operation_type_names() {
        let sdl = ##"""

                  type Query
                  type Mutation
                  type Subscription
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 2:7"##,
                ##"Type Mutation must define one or more fields. @ 3:7"##,
                ##"Type Subscription must define one or more fields. @ 4:7"##
            ],
            printed: ##"""
                type Query

                type Mutation

                type Subscription
                """##)
    }

    func test060_Do_not_override_standard_types() {
        let sdl = ##"""

                  scalar ID

                  scalar __Schema
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""

                """##)
    }

    func test061_Allows_to_reference_introspection_types() {
        let sdl = ##"""

                  type Query {
                    introspectionField: __EnumValue
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  introspectionField: __EnumValue
                }
                """##)
    }

}
