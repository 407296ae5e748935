// Cases for the execution oracle: each runs in graphql-js 16 (execution-oracle.js)
// and the recorded result becomes the expectation of the Swift test
// OracleExecutionTests. Data is plain JSON (root values), so both engines'
// default resolvers apply; abstract types resolve by `__typename`.

const S = {};

S.scalars = `
type Query {
  int: Int, float: Float, string: String, boolean: Boolean, id: ID
  ints: [Int], nnInt: Int!, color: Color, colors: [Color]
  echo(int: Int, float: Float, string: String, boolean: Boolean, id: ID, color: Color): String
  obj: Obj
}
type Obj { a: Int, b: String, nested: Obj }
enum Color { RED GREEN BLUE }
`;

S.nonNull = `
type Query { a: DataType, nn: DataType! }
type DataType {
  sync: String
  syncNonNull: String!
  syncNest: DataType
  syncNonNullNest: DataType!
  list: [String]
  listNN: [String!]
  nnList: [String]!
  nnListNN: [String!]!
}
`;

S.variables = `
input TestInputObject { a: String, b: [String], c: String!, d: ComplexScalar }
input TestNestedInputObject { na: TestInputObject!, nb: String! }
enum TestEnum { NULL UNDEFINED NAN FALSE CUSTOM DEFAULT_VALUE }
scalar ComplexScalar
input TestDefaults { int: Int = 1, str: String = "s", list: [Int] = [1, 2], e: TestEnum = CUSTOM }
type Query {
  fieldWithEnumInput(input: TestEnum): String
  fieldWithNonNullableEnumInput(input: TestEnum!): String
  fieldWithObjectInput(input: TestInputObject): String
  fieldWithNullableStringInput(input: String): String
  fieldWithNonNullableStringInput(input: String!): String
  fieldWithDefaultArgumentValue(input: String = "Hello World"): String
  fieldWithNonNullableStringInputAndDefaultArgumentValue(input: String! = "Hello World"): String
  fieldWithNestedInputObject(input: TestNestedInputObject = {na: {c: "c"}, nb: "nb"}): String
  list(input: [String]): String
  nnList(input: [String]!): String
  listNN(input: [String!]): String
  nnListNN(input: [String!]!): String
  defaults(input: TestDefaults = {}): String
  ints(input: [Int]): String
  float(input: Float): String
  id(input: ID): String
}
`;

S.directives = `type Query { a: String, b: String }`;

S.abstract = `
interface Pet { name: String }
type Dog implements Pet { name: String, woofs: Boolean }
type Cat implements Pet { name: String, meows: Boolean }
type Human { name: String, pets: [Pet], friends: [Named] }
union Named = Dog | Cat | Human
type Query { pets: [Pet], named: [Named], pet: Pet, human: Human }
`;

S.mutation = `
type Query { a: Int }
type Mutation { first: Int, second: String, third: Obj }
type Obj { x: Int }
`;

S.introspect = `
"""The schema."""
schema { query: QueryRoot mutation: MutationRoot }
"""Roots"""
type QueryRoot implements Node {
  id: ID!
  "A field"
  field(a: Int = 3, b: [String!]! = ["x"], c: Input = {f: 1.5}, old: String @deprecated(reason: "gone")): String
  old: Int @deprecated
  older: Int @deprecated(reason: "Because")
  u: U
  e: Kind
  d: Date
}
type MutationRoot { m(x: Input): Int }
interface Node { id: ID! }
union U = QueryRoot | MutationRoot
enum Kind { ONE "two" TWO THREE @deprecated(reason: "no") }
input Input { f: Float = 2, g: Kind = ONE, h: [Kind] = [TWO], old: Int @deprecated }
scalar Date @specifiedBy(url: "https://example.com/date")
"A directive"
directive @cached(ttl: Int = 60, scope: Kind) repeatable on FIELD_DEFINITION | OBJECT
`;

const scalarRoot = { int: 1, float: 1.5, string: "s", boolean: true, id: "1", ints: [1, 2, null], nnInt: 3,
  color: "RED", colors: ["RED", "BLUE"], obj: { a: 1, b: "b", nested: { a: 2, b: null, nested: null } } };

const nnData = { sync: "sync", syncNonNull: "syncNonNull", list: ["a", null], listNN: ["a"], nnList: [null], nnListNN: ["x"] };
nnData.syncNest = { ...nnData, syncNest: null, syncNonNullNest: null };
nnData.syncNonNullNest = { ...nnData, syncNest: null, syncNonNullNest: null };

const pets = [{ __typename: "Dog", name: "Odie", woofs: true }, { __typename: "Cat", name: "Garfield", meows: false }];
const abstractRoot = { pets, named: [...pets, { __typename: "Human", name: "Jon", pets }], pet: pets[0],
  human: { name: "Jon", pets, friends: pets } };

module.exports = [
  // Operation selection
  { name: "inline operation", sdl: S.scalars, query: "{ int }", root: scalarRoot },
  { name: "only operation", sdl: S.scalars, query: "query Example { int }", root: scalarRoot },
  { name: "named operation", sdl: S.scalars, query: "query A { int } query B { string }", operationName: "B", root: scalarRoot },
  { name: "no operation", sdl: S.scalars, query: "fragment F on Query { int }", root: scalarRoot },
  { name: "multiple without name", sdl: S.scalars, query: "query A { int } query B { string }", root: scalarRoot },
  { name: "unknown operation name", sdl: S.scalars, query: "query A { int }", operationName: "Z", root: scalarRoot },
  { name: "empty operation name", sdl: S.scalars, query: "query A { int }", operationName: "", root: scalarRoot },
  { name: "no mutation type", sdl: S.scalars, query: "mutation { int }", root: scalarRoot },
  { name: "mutation", sdl: S.mutation, query: "mutation { first second third { x } }", root: { first: 1, second: "2", third: { x: 3 } } },
  { name: "ignores non-executable definitions", sdl: S.scalars, query: "{ int } type Foo { a: Int }", root: scalarRoot },

  // Leaf values
  { name: "scalars", sdl: S.scalars, query: "{ int float string boolean id ints nnInt color colors }", root: scalarRoot },
  { name: "aliases and merging", sdl: S.scalars, query: "{ x: int int ...F obj { a } obj { b ... on Obj { a nested { a } } } } fragment F on Query { int x: int string }", root: scalarRoot },
  { name: "field order", sdl: S.scalars, query: "{ string ...F int ... on Query { boolean string } } fragment F on Query { float int }", root: scalarRoot },
  { name: "int out of range", sdl: S.scalars, query: "{ int }", root: { int: 2147483648 } },
  { name: "int not integer", sdl: S.scalars, query: "{ int }", root: { int: 1.5 } },
  { name: "int from string", sdl: S.scalars, query: "{ int }", root: { int: "12" } },
  { name: "int from bad string", sdl: S.scalars, query: "{ int }", root: { int: "abc" } },
  { name: "int from boolean", sdl: S.scalars, query: "{ int a: ints }", root: { int: true, ints: [1, "x", 2.5, false] } },
  { name: "float from string", sdl: S.scalars, query: "{ float }", root: { float: "1.25" } },
  { name: "float integral", sdl: S.scalars, query: "{ float }", root: { float: 3 } },
  { name: "float from object", sdl: S.scalars, query: "{ float }", root: { float: { a: 1 } } },
  { name: "string from number", sdl: S.scalars, query: "{ string a: id }", root: { string: 1.5, id: 12 } },
  { name: "string from boolean", sdl: S.scalars, query: "{ string }", root: { string: false } },
  { name: "string from list", sdl: S.scalars, query: "{ string }", root: { string: [1, "a"] } },
  { name: "id from float", sdl: S.scalars, query: "{ id }", root: { id: 1.5 } },
  { name: "id from boolean", sdl: S.scalars, query: "{ id }", root: { id: true } },
  { name: "boolean from number", sdl: S.scalars, query: "{ boolean }", root: { boolean: 0 } },
  { name: "boolean from string", sdl: S.scalars, query: "{ boolean }", root: { boolean: "true" } },
  { name: "enum invalid", sdl: S.scalars, query: "{ color colors }", root: { color: "PURPLE", colors: ["RED", "red", 1] } },
  { name: "non-null leaf null", sdl: S.scalars, query: "{ int nnInt }", root: { int: 1, nnInt: null } },
  { name: "not a list", sdl: S.scalars, query: "{ ints }", root: { ints: 5 } },
  { name: "object scalar for list item", sdl: S.scalars, query: "{ obj { a nested { a b nested { a } } } }", root: scalarRoot },
  { name: "typename", sdl: S.scalars, query: "{ __typename obj { __typename a } t: __typename }", root: scalarRoot },

  // Arguments (literals)
  { name: "argument literals", sdl: S.scalars, query: `{ echo(int: 1, float: 2, string: "s", boolean: false, id: 4, color: RED) }`, root: { echo: "ok" } },

  // Variables
  { name: "variables: object input", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { a: "foo", b: ["bar"], c: "baz" } }, root: { fieldWithObjectInput: "x" } },
  { name: "variables: single value to list", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { a: "foo", b: "bar", c: "baz" } }, root: { fieldWithObjectInput: "x" } },
  { name: "variables: null for non-null field", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { a: "foo", b: "bar", c: null } } },
  { name: "variables: not an object", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: "foo bar" } },
  { name: "variables: missing required field", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { a: "foo", b: "bar" } } },
  { name: "variables: nested errors", sdl: S.variables, query: `query q($input: TestNestedInputObject) { fieldWithNestedInputObject(input: $input) }`, variables: { input: { na: { a: "foo" } } } },
  { name: "variables: unknown field", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { a: "foo", b: "bar", c: "baz", extra: "dog", ca: 1 } } },
  { name: "variables: required not provided", sdl: S.variables, query: `query q($value: String!) { fieldWithNonNullableStringInput(input: $value) }`, variables: {} },
  { name: "variables: non-null given null", sdl: S.variables, query: `query q($value: String!) { fieldWithNonNullableStringInput(input: $value) }`, variables: { value: null } },
  { name: "variables: wrong scalar type", sdl: S.variables, query: `query q($a: Int, $b: Float, $c: String, $d: Boolean, $e: ID) { fieldWithNullableStringInput }`, variables: { a: "1", b: "x", c: 1, d: 1, e: true } },
  { name: "variables: int range", sdl: S.variables, query: `query q($a: Int, $b: Int) { fieldWithNullableStringInput }`, variables: { a: 2147483648, b: 1.5 } },
  { name: "variables: enum values", sdl: S.variables, query: `query q($a: TestEnum, $b: TestEnum, $c: TestEnum) { fieldWithNullableStringInput }`, variables: { a: "CUSTOM", b: "custom", c: 3 } },
  { name: "variables: list of non-null with null", sdl: S.variables, query: `query q($input: [String!]) { listNN(input: $input) }`, variables: { input: ["A", null, "B"] } },
  { name: "variables: non-null list null", sdl: S.variables, query: `query q($input: [String]!) { nnList(input: $input) }`, variables: { input: null } },
  { name: "variables: list item bad", sdl: S.variables, query: `query q($input: [Int]) { ints(input: $input) }`, variables: { input: [1, "b", [3]] } },
  { name: "variables: uses defaults", sdl: S.variables, query: `query q($input: String = "Hi", $other: TestEnum = DEFAULT_VALUE) { fieldWithNullableStringInput(input: $input) }`, variables: {}, root: { fieldWithNullableStringInput: "ok" } },
  { name: "variables: invalid input type", sdl: S.variables, query: `query q($input: Query) { fieldWithNullableStringInput }`, variables: {} },
  { name: "variables: unknown type", sdl: S.variables, query: `query q($input: Nope) { fieldWithNullableStringInput }`, variables: {} },
  { name: "variables: custom scalar passes through", sdl: S.variables, query: `query q($input: TestInputObject) { fieldWithObjectInput(input: $input) }`, variables: { input: { c: "foo", d: { any: [1, "x"] } } }, root: { fieldWithObjectInput: "x" } },

  // Arguments
  { name: "argument missing required", sdl: S.variables, query: `{ fieldWithNonNullableStringInput }`, root: { fieldWithNonNullableStringInput: "x" } },
  { name: "argument variable not provided", sdl: S.variables, query: `query q($v: String) { fieldWithNonNullableStringInput(input: $v) a: fieldWithDefaultArgumentValue(input: $v) }`, variables: {}, root: { fieldWithNonNullableStringInput: "x", fieldWithDefaultArgumentValue: "d" } },
  { name: "argument variable null for non-null", sdl: S.variables, query: `query q($v: String) { fieldWithNonNullableStringInput(input: $v) }`, variables: { v: null }, root: { fieldWithNonNullableStringInput: "x" } },
  { name: "argument default with non-null", sdl: S.variables, query: `{ fieldWithNonNullableStringInputAndDefaultArgumentValue }`, root: { fieldWithNonNullableStringInputAndDefaultArgumentValue: "x" } },

  // Directives
  { name: "skip and include", sdl: S.directives, query: `{ a b @skip(if: true) }`, root: { a: "a", b: "b" } },
  { name: "include false", sdl: S.directives, query: `{ a b @include(if: false) }`, root: { a: "a", b: "b" } },
  { name: "skip false include true", sdl: S.directives, query: `{ a @skip(if: false) b @include(if: true) }`, root: { a: "a", b: "b" } },
  { name: "skip wins", sdl: S.directives, query: `{ a b @include(if: true) @skip(if: true) }`, root: { a: "a", b: "b" } },
  { name: "skip on fragment spread", sdl: S.directives, query: `{ a ...F @skip(if: true) ... on Query @include(if: false) { b } } fragment F on Query { b }`, root: { a: "a", b: "b" } },
  { name: "include on inline fragment", sdl: S.directives, query: `{ a ... @include(if: true) { b } }`, root: { a: "a", b: "b" } },
  { name: "directive variables", sdl: S.directives, query: `query q($s: Boolean!, $i: Boolean!) { a @skip(if: $s) b @include(if: $i) }`, variables: { s: true, i: true }, root: { a: "a", b: "b" } },
  { name: "skip on one of merged fields", sdl: S.directives, query: `{ a @skip(if: true) a }`, root: { a: "a", b: "b" } },

  // Non-null propagation
  { name: "nullable field null", sdl: S.nonNull, query: `{ a { sync syncNest { sync } } }`, root: { a: { ...nnData, sync: null, syncNest: null } } },
  { name: "non-null field null bubbles to parent", sdl: S.nonNull, query: `{ a { sync syncNest { syncNonNull } } }`, root: { a: { ...nnData, syncNest: { syncNonNull: null } } } },
  { name: "non-null bubbles through non-null", sdl: S.nonNull, query: `{ a { syncNest { syncNonNullNest { syncNonNullNest { syncNonNull } } } } }`, root: { a: { syncNest: { syncNonNullNest: { syncNonNullNest: { syncNonNull: null } } } } } },
  { name: "non-null bubbles to root", sdl: S.nonNull, query: `{ nn { syncNonNull } }`, root: { nn: { syncNonNull: null } } },
  { name: "lists nullability", sdl: S.nonNull, query: `{ a { list listNN nnList nnListNN } }`, root: { a: { list: ["a", null], listNN: ["a", null], nnList: null, nnListNN: [null] } } },
  { name: "lists values", sdl: S.nonNull, query: `{ a { list listNN nnList nnListNN } }`, root: { a: nnData } },
  { name: "non-null list null in nullable parent", sdl: S.nonNull, query: `{ a { sync nnList } b: a { sync } }`, root: { a: { sync: "s", nnList: null } } },

  // Abstract types
  { name: "interface by typename", sdl: S.abstract, query: `{ pets { __typename name ... on Dog { woofs } ... on Cat { meows } } }`, root: abstractRoot },
  { name: "union by typename", sdl: S.abstract, query: `{ named { __typename ... on Dog { name woofs } ... on Cat { name meows } ... on Human { name pets { name } } } }`, root: abstractRoot },
  { name: "fragments on interfaces in union", sdl: S.abstract, query: `{ named { ... on Pet { name } ...H } } fragment H on Human { friends { ... on Named { __typename } } }`, root: abstractRoot },
  { name: "abstract without typename", sdl: S.abstract, query: `{ pet { name } }`, root: { pet: { name: "x" } } },
  { name: "abstract to unknown type", sdl: S.abstract, query: `{ pet { name } }`, root: { pet: { __typename: "Fish", name: "x" } } },
  { name: "abstract to non-object", sdl: S.abstract, query: `{ pet { name } }`, root: { pet: { __typename: "Named", name: "x" } } },
  { name: "abstract to impossible type", sdl: S.abstract, query: `{ pet { name } }`, root: { pet: { __typename: "Human", name: "x" } } },

  // Introspection
  { name: "introspection: full", sdl: S.introspect, query: "INTROSPECTION", root: {} },
  { name: "introspection: type", sdl: S.introspect, query: `{ __type(name: "QueryRoot") { name kind fields(includeDeprecated: true) { name isDeprecated deprecationReason args(includeDeprecated: true) { name defaultValue isDeprecated deprecationReason } } } k: __type(name: "Kind") { enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } } i: __type(name: "Input") { inputFields { name defaultValue } all: inputFields(includeDeprecated: true) { name isDeprecated } } }`, root: {} },
  { name: "introspection: unknown type", sdl: S.introspect, query: `{ __type(name: "Nope") { name } }`, root: {} },
  { name: "introspection: schema", sdl: S.introspect, query: `{ __schema { description queryType { name } mutationType { name } subscriptionType { name } directives { name description isRepeatable locations args { name defaultValue type { kind name ofType { name } } } } } }`, root: {} },
  { name: "introspection: wrappers", sdl: S.introspect, query: `{ __type(name: "QueryRoot") { fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } interfaces { name } possibleTypes { name } } u: __type(name: "U") { possibleTypes { name } fields { name } } d: __type(name: "Date") { specifiedByURL } }`, root: {} },
  { name: "introspection: typename on meta types", sdl: S.introspect, query: `{ __schema { __typename queryType { __typename fields { __typename type { __typename } } } } }`, root: {} },
];
