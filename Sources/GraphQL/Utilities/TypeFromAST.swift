/// The schema type a type reference names (`[Foo!]` → list of non-null Foo),
/// or nil when the named type is not in the schema (graphql-js's `typeFromAST`).
public func typeFromAST(_ schema: GraphQLSchema, _ typeNode: TypeNode) -> GraphQLType? {
    switch typeNode {
    case .named(let named):
        return schema.type(named: named.name.value).map { .named($0) }
    case .list(let list):
        return typeFromAST(schema, list.type).map { .list($0) }
    case .nonNull(let nonNull):
        return typeFromAST(schema, nonNull.type).map { .nonNull($0) }
    }
}
