import GraphQL

/// Every resolver of the served schema, bound by type and field name.
enum MenagerieResolvers {
    static func all() -> ResolverMap {
        var map = Resolvers()
        QueryResolvers.register(&map)
        BreedResolvers.register(&map)
        AnimalResolvers.register(&map)
        MonsterResolvers.register(&map)
        CommonResolvers.register(&map)
        return map.resolvers
    }

    /// The fields of the schema's object types that have no resolver (bound on the
    /// type or on one of its interfaces); introspection types are the engine's.
    static func unresolvedFields(schema: GraphQLSchema, resolvers: ResolverMap) -> [String] {
        var missing: [String] = []
        for type in schema.types {
            guard case .object(let object) = type, !object.name.hasPrefix("__") else { continue }
            for field in object.fields {
                if resolvers[object.name, field.name] != nil { continue }
                if object.interfaces.contains(where: { resolvers[$0.name, field.name] != nil }) { continue }
                missing.append("\(object.name).\(field.name)")
            }
        }
        return missing.sorted()
    }
}

/// Why Menagerie cannot start: the schema does not build, or resolvers and schema do not match.
public struct MenagerieStartupError: Error, CustomStringConvertible {
    /// One line per problem.
    public var problems: [String]

    public var description: String {
        "Menagerie cannot start:\n" + problems.map { "  - " + $0 }.joined(separator: "\n")
    }
}
