import JSON
import Synchronization

/// How a planned field gets its value.
enum ResolveKind: Sendable {
    case sync(SyncFieldResolver)
    case async(AsyncFieldResolver)
    /// The default resolver: read the field from the source value.
    case property
    /// `__typename`.
    case typeName
    /// A field of the introspection types or `__schema` / `__type`.
    case introspection(IntrospectionField)
}

/// The fields of one object type for one merged selection set, in response
/// order, with everything that does not depend on the source value worked
/// out once per request (field definitions, resolvers, coerced arguments).
final class ObjectPlan: Sendable {
    let type: GraphQLObjectType
    let fields: [FieldPlan]
    /// The type's `isTypeOf` check, if one is bound.
    let isTypeOf: IsTypeOfCheck?
    /// Whether some field uses the default resolver.
    let hasPropertyFields: Bool

    init(type: GraphQLObjectType, fields: [FieldPlan], isTypeOf: IsTypeOfCheck?) {
        self.type = type
        self.fields = fields
        self.isTypeOf = isTypeOf
        self.hasPropertyFields = fields.contains { $0.isPlainProperty }
    }
}

/// One response key of an object plan: the merged field selections, their
/// definition and resolver, the coerced arguments (or the coercion error),
/// and lazily the plans of the sub-selections per runtime object type.
final class FieldPlan: Sendable {
    let responseKey: String
    let nodes: [Field]
    let definition: GraphQLField
    let parentType: GraphQLObjectType
    let returnType: GraphQLType
    let kind: ResolveKind
    let arguments: Result<FieldArguments, GraphQLError>
    /// True when the field uses the default resolver and its arguments coerced.
    let isPlainProperty: Bool
    /// The sub-plans by runtime type; the last one used is checked first.
    private let subplans = Mutex<(last: ObjectPlan?, all: [ObjectIdentifier: ObjectPlan])>((nil, [:]))

    init(responseKey: String, nodes: [Field], definition: GraphQLField, parentType: GraphQLObjectType,
         kind: ResolveKind, arguments: Result<FieldArguments, GraphQLError>) {
        self.responseKey = responseKey
        self.nodes = nodes
        self.definition = definition
        self.parentType = parentType
        self.returnType = definition.type
        self.kind = kind
        self.arguments = arguments
        if case .property = kind, case .success = arguments { isPlainProperty = true } else { isPlainProperty = false }
    }

    /// The plan of this field's sub-selections on `type`, built on first use.
    func subplan(for type: GraphQLObjectType, in context: ExecutionContext) -> ObjectPlan {
        let key = ObjectIdentifier(type)
        let cached = subplans.withLock { cache -> ObjectPlan? in
            if let last = cache.last, last.type === type { return last }
            guard let plan = cache.all[key] else { return nil }
            cache.last = plan
            return plan
        }
        if let cached { return cached }
        let selectionSets = nodes.compactMap(\.selectionSet)
        let plan = context.buildObjectPlan(type, selectionSets: selectionSets)
        return subplans.withLock { cache in
            let chosen = cache.all[key] ?? plan
            cache.all[key] = chosen
            cache.last = chosen
            return chosen
        }
    }
}

extension ExecutionContext {
    /// Plans the selection sets `selectionSets` on the object type `type`.
    func buildObjectPlan(_ type: GraphQLObjectType, selectionSets: [SelectionSet]) -> ObjectPlan {
        let groups = collectFields(type, selectionSets)
        var fields: [FieldPlan] = []
        fields.reserveCapacity(groups.count)
        for group in groups {
            let first = group.nodes[0]
            guard let definition = schema.fieldDefinition(parentType: .object(type), name: first.name.value) else {
                continue  // Unknown fields are skipped (validation reports them).
            }
            let kind: ResolveKind
            if definition === Introspection.typeNameMetaField {
                kind = .typeName
            } else if definition.index >= 0, definition.index < Introspection.fieldCount {
                if let field = IntrospectionField(parent: type.name, field: definition) {
                    kind = .introspection(field)
                } else {
                    kind = .property
                }
            } else if definition.index >= 0, definition.index < executable.resolvers.count,
                      let resolver = executable.resolvers[definition.index] {
                switch resolver {
                case .sync(let resolve): kind = .sync(resolve)
                case .async(let resolve): kind = .async(resolve)
                }
            } else {
                kind = .property
            }
            let arguments: Result<FieldArguments, GraphQLError>
            if definition.args.isEmpty {
                arguments = .success(.empty)
            } else {
                do {
                    arguments = .success(try executable.coercer.argumentValues(
                        definition.args, first.arguments, variables: variables, source: source, owner: first.loc))
                } catch {
                    arguments = .failure(error)
                }
            }
            fields.append(FieldPlan(responseKey: group.key, nodes: group.nodes, definition: definition,
                                    parentType: type, kind: kind, arguments: arguments))
        }
        return ObjectPlan(type: type, fields: fields, isTypeOf: executable.isTypeOfChecks[type.name])
    }
}
