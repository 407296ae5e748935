/// The schema's classes are `@unchecked Sendable` (unsafe by design).
///
/// The named types, fields, directives and the schema itself are final classes (cheap references
/// with identity, whose members may refer to each other in cycles), so the schema builder fills in
/// their members after creating them: the members are `internal(set) var` (and
/// `GraphQLSchema.invalidRootTypes` a `var`), which the compiler cannot prove Sendable. Making them
/// Sendable by construction means building the type graph immutably (or locking every member read:
/// field lookups are on the executor's hot path); not done.
///
/// - Unsafe: `@unchecked Sendable` on classes with mutable members: the compiler does not check
///   that they are shared between tasks without races.
/// - Invariant: those members are written only while the schema is being built (by
///   `buildASTSchema`/`buildSchema`/`GraphQLSchema.init` and the builder's helpers, before the
///   schema is returned to anyone) and only read from then on. Never mutate a type that belongs to
///   a built `GraphQLSchema`. (Only `validationErrorsCache` changes later: it is a `Locked`.)
/// - Checked by: `swift test --sanitize=thread --filter GraphQLTests` (the concurrent execution
///   tests share one schema across tasks: a write after publication is reported as a race; CI,
///   `.ci/run` step 4).

extension GraphQLSchema: @unchecked Sendable {}
extension GraphQLScalarType: @unchecked Sendable {}
extension GraphQLObjectType: @unchecked Sendable {}
extension GraphQLInterfaceType: @unchecked Sendable {}
extension GraphQLUnionType: @unchecked Sendable {}
extension GraphQLEnumType: @unchecked Sendable {}
extension GraphQLInputObjectType: @unchecked Sendable {}
extension GraphQLDirective: @unchecked Sendable {}
extension GraphQLField: @unchecked Sendable {}
