// Cases adapted from graphql-js 16 `printSchema-test.ts` (its SDL inputs); the expected
// errors and printed SDL are what graphql-js 16.6 produces for them.
// Generated once by Tests/Scripts/typesystem/gen-cases.sh; edit by hand from here on.
import XCTest
@testable import GraphQL

final class PrintSchemaCasesTests: XCTestCase {
    func test000_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: String
                }
                """##)
    }

    func test001_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: [String]
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: [String]
                }
                """##)
    }

    func test002_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: String!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: String!
                }
                """##)
    }

    func test003_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: [String]!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: [String]!
                }
                """##)
    }

    func test004_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: [String!]
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: [String!]
                }
                """##)
    }

    func test005_Prints_String_Field() {
        let sdl = ##"""

                  type Query {
                    singleField: [String!]!
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField: [String!]!
                }
                """##)
    }

    func test006_Print_Object_Field() {
        let sdl = ##"""

                  type Foo {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type Foo {
                  str: String
                }
                """##)
    }

    func test007_Prints_String_Field_With_Int_Arg() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int): String
                }
                """##)
    }

    func test008_Prints_String_Field_With_Int_Arg_With_Default() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int = 2): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int = 2): String
                }
                """##)
    }

    func test009_Prints_String_Field_With_Int_Arg_With_Default_Null() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int = null): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int = null): String
                }
                """##)
    }

    func test010_Prints_String_Field_With_Int_Arg() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int!): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int!): String
                }
                """##)
    }

    func test011_Prints_String_Field_With_Multiple_Args() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int, argTwo: String): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int, argTwo: String): String
                }
                """##)
    }

    func test012_Prints_String_Field_With_Multiple_Args_First_is_Default() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int = 1, argTwo: String, argThree: Boolean): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int = 1, argTwo: String, argThree: Boolean): String
                }
                """##)
    }

    func test013_Prints_String_Field_With_Multiple_Args_Second_is_Default() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int, argTwo: String = "foo", argThree: Boolean): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int, argTwo: String = "foo", argThree: Boolean): String
                }
                """##)
    }

    func test014_Prints_String_Field_With_Multiple_Args_Last_is_Default() {
        let sdl = ##"""

                  type Query {
                    singleField(argOne: Int, argTwo: String, argThree: Boolean = false): String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  singleField(argOne: Int, argTwo: String, argThree: Boolean = false): String
                }
                """##)
    }

    func test015_Prints_schema_with_description() {
        let sdl = ##"""

                  """Schema description."""
                  schema {
                    query: Query
                  }

                  type Query
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 7:7"##
            ],
            printed: ##"""
                """Schema description."""
                schema {
                  query: Query
                }

                type Query
                """##)
    }

    func test016_Omits_schema_of_common_names() {
        let sdl = ##"""

                  type Query

                  type Mutation

                  type Subscription
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type Query must define one or more fields. @ 2:7"##,
                ##"Type Mutation must define one or more fields. @ 4:7"##,
                ##"Type Subscription must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                type Query

                type Mutation

                type Subscription
                """##)
    }

    func test017_Prints_custom_query_root_types() {
        let sdl = ##"""

                  schema {
                    query: CustomType
                  }

                  type CustomType
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Type CustomType must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                schema {
                  query: CustomType
                }

                type CustomType
                """##)
    }

    func test018_Prints_custom_mutation_root_types() {
        let sdl = ##"""

                  schema {
                    mutation: CustomType
                  }

                  type CustomType
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided. @ 2:7"##,
                ##"Type CustomType must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                schema {
                  mutation: CustomType
                }

                type CustomType
                """##)
    }

    func test019_Prints_custom_subscription_root_types() {
        let sdl = ##"""

                  schema {
                    subscription: CustomType
                  }

                  type CustomType
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided. @ 2:7"##,
                ##"Type CustomType must define one or more fields. @ 6:7"##
            ],
            printed: ##"""
                schema {
                  subscription: CustomType
                }

                type CustomType
                """##)
    }

    func test020_Print_Interface() {
        let sdl = ##"""

                  type Bar implements Foo {
                    str: String
                  }

                  interface Foo {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type Bar implements Foo {
                  str: String
                }

                interface Foo {
                  str: String
                }
                """##)
    }

    func test021_Print_Multiple_Interface() {
        let sdl = ##"""

                  type Bar implements Foo & Baz {
                    str: String
                    int: Int
                  }

                  interface Foo {
                    str: String
                  }

                  interface Baz {
                    int: Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                type Bar implements Foo & Baz {
                  str: String
                  int: Int
                }

                interface Foo {
                  str: String
                }

                interface Baz {
                  int: Int
                }
                """##)
    }

    func test022_Print_Hierarchical_Interface() {
        let sdl = ##"""

                  type Bar implements Foo & Baz {
                    str: String
                    int: Int
                  }

                  interface Foo {
                    str: String
                  }

                  interface Baz implements Foo {
                    int: Int
                    str: String
                  }

                  type Query {
                    bar: Bar
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Bar implements Foo & Baz {
                  str: String
                  int: Int
                }

                interface Foo {
                  str: String
                }

                interface Baz implements Foo {
                  int: Int
                  str: String
                }

                type Query {
                  bar: Bar
                }
                """##)
    }

    func test023_Print_Unions() {
        let sdl = ##"""

                  union SingleUnion = Foo

                  type Foo {
                    bool: Boolean
                  }

                  union MultipleUnion = Foo | Bar

                  type Bar {
                    str: String
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                union SingleUnion = Foo

                type Foo {
                  bool: Boolean
                }

                union MultipleUnion = Foo | Bar

                type Bar {
                  str: String
                }
                """##)
    }

    func test024_Print_Input_Type() {
        let sdl = ##"""

                  input InputType {
                    int: Int
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                input InputType {
                  int: Int
                }
                """##)
    }

    func test025_Custom_Scalar() {
        let sdl = ##"""

                  scalar Odd
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                scalar Odd
                """##)
    }

    func test026_Custom_Scalar_with_specifiedByURL() {
        let sdl = ##"""

                  scalar Foo @specifiedBy(url: "https://example.com/foo_spec")
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                scalar Foo @specifiedBy(url: "https://example.com/foo_spec")
                """##)
    }

    func test027_Enum() {
        let sdl = ##"""

                  enum RGB {
                    RED
                    GREEN
                    BLUE
                  }
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                enum RGB {
                  RED
                  GREEN
                  BLUE
                }
                """##)
    }

    func test028_Prints_empty_types() {
        let sdl = ##"""

                  enum SomeEnum

                  input SomeInputObject

                  interface SomeInterface

                  type SomeObject

                  union SomeUnion
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##,
                ##"Enum type SomeEnum must define one or more values. @ 2:7"##,
                ##"Input Object type SomeInputObject must define one or more fields. @ 4:7"##,
                ##"Type SomeInterface must define one or more fields. @ 6:7"##,
                ##"Type SomeObject must define one or more fields. @ 8:7"##,
                ##"Union type SomeUnion must define one or more member types. @ 10:7"##
            ],
            printed: ##"""
                enum SomeEnum

                input SomeInputObject

                interface SomeInterface

                type SomeObject

                union SomeUnion
                """##)
    }

    func test029_Prints_custom_directives() {
        let sdl = ##"""

                  directive @simpleDirective on FIELD

                  """Complex Directive"""
                  directive @complexDirective(stringArg: String, intArg: Int = -1) repeatable on FIELD | QUERY
                
            """##
        expectSchema(
            sdl,
            errors: [
                ##"Query root type must be provided."##
            ],
            printed: ##"""
                directive @simpleDirective on FIELD

                """Complex Directive"""
                directive @complexDirective(stringArg: String, intArg: Int = -1) repeatable on FIELD | QUERY
                """##)
    }

    func test030_Prints_an_empty_description() {
        let sdl = ##"""

                  type Query {
                    """"""
                    singleField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  """"""
                  singleField: String
                }
                """##)
    }

    func test031_Prints_an_description_with_only_whitespace() {
        let sdl = ##"""

                  type Query {
                    " "
                    singleField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  " "
                  singleField: String
                }
                """##)
    }

    func test032_One_line_prints_a_short_description() {
        let sdl = ##"""

                  type Query {
                    """This field is awesome"""
                    singleField: String
                  }
                
            """##
        expectSchema(
            sdl, errors: [],
            printed: ##"""
                type Query {
                  """This field is awesome"""
                  singleField: String
                }
                """##)
    }

}
