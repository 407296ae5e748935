import JSON
import Locking
import Synchronization

/// How a planned field gets its value.
enum ResolveKind: Sendable {
    case typed(TypedFieldResolver)
    case general(GeneralFieldResolver)
    /// The default resolver: read the field from the source value.
    case property
    /// `__typename`.
    case typeName
    /// A field of the introspection types or `__schema` / `__type`.
    case introspection(IntrospectionField)
}

/// The fields of one object type for one merged selection set, in response
/// order, with everything that does not depend on the source value worked
/// out once (field definitions, resolvers, coerced arguments): per request, or
/// once for every request of an operation without variables (``OperationPlanCache``).
/// A plan refers to no request: the executor passes its own context along.
final class ObjectPlan: Sendable {
    let type: GraphQLObjectType
    let fields: [FieldPlan]
    /// ``fields`` unretained, for the executor's loop (see `UnmanagedFieldList.swift`).
    let unmanagedFields: UnmanagedFieldList
    /// The type's `isTypeOf` check, if one is bound.
    let isTypeOf: IsTypeOfCheck?
    /// Whether some field uses the default resolver.
    let hasPropertyFields: Bool
    /// How the default resolver reads the sources (the type of the source the plan was built for).
    let sourceAccess: SourceAccessCache
    /// The selected field nodes, as ``ResolveInfo/subfields(on:)`` gives them (made on first use).
    private let selectedFieldNodes = AtomicLazyReference<FieldNodes>()

    /// A plan of `fields`, built for a source like `sample` (the first one it completes, if known).
    init(type: GraphQLObjectType, fields: [FieldPlan], isTypeOf: IsTypeOfCheck?, sample: ResolvedValue) {
        self.type = type
        self.fields = fields
        self.unmanagedFields = UnmanagedFieldList(borrowing: fields)
        self.isTypeOf = isTypeOf
        let hasPropertyFields = fields.contains { $0.strategy == .property }
        self.hasPropertyFields = hasPropertyFields
        self.sourceAccess = SourceAccessCache(sample: hasPropertyFields ? sample : nil)
    }

    /// The field nodes of this plan's selection, made by `collect` the first time: a plan depends
    /// on nothing `collect` may not (its selection sets, type and variables), so every later
    /// call would make the same list.
    func selectedFields(_ collect: () -> [Field]) -> [Field] {
        if let known = selectedFieldNodes.load() { return known.nodes }
        return selectedFieldNodes.storeIfNil(FieldNodes(nodes: collect())).nodes
    }
}

/// A list of field nodes, as one reference (for ``ObjectPlan``'s lazy slot).
final class FieldNodes: Sendable {
    let nodes: [Field]
    init(nodes: [Field]) { self.nodes = nodes }
}

/// One response key of an object plan: the merged field selections, their
/// definition and resolver, the coerced arguments (or the coercion error),
/// and lazily the plans of the sub-selections per runtime object type.
final class FieldPlan: Sendable {
    let responseKey: String
    /// The field's name in the schema.
    let fieldName: String
    let nodes: [Field]
    let definition: GraphQLField
    let parentType: GraphQLObjectType
    let returnType: GraphQLType
    let kind: ResolveKind
    let arguments: Result<FieldArguments, GraphQLError>
    /// The general resolver, when the field has one and its arguments coerced.
    let generalResolver: GeneralFieldResolver?
    /// Set once the general resolver answered ``Resolution/awaiting(_:)``: from then on the object
    /// loop leaves the call to the asynchronous phase (where the resolver is called as usual),
    /// so a field that is always awaited costs the loop nothing.
    let callsLater = Atomic<Bool>(false)
    /// The typed resolver's function, when the field has one and its arguments coerced.
    let typedCall: (@Sendable (_ source: ResolvedValue, _ other: inout ResolvedValue) throws -> TypedLeaf)?
    /// How the executor's object loop runs the field (worked out once).
    let strategy: FieldStrategy
    /// The leaf type's kind without its payload (cheap to compare), nil for non-leaves.
    let leafTag: LeafTag?
    /// The coerced arguments (empty when coercion failed).
    let coercedArguments: FieldArguments
    /// How a leaf return type (`T` or `T!` for a scalar or enum `T`) is serialised; nil otherwise.
    let leaf: LeafKind?
    /// Whether the return type is non-null.
    let returnsNonNull: Bool
    /// The object type when the return type is `T` or `T!` for an object type `T`.
    let objectType: GraphQLObjectType?
    /// Whether the return type is a list of `String` (any nullability).
    let isStringList: Bool
    /// The named type when it is an object type (the return type without list and non-null wrappers).
    private let namedObjectType: GraphQLObjectType?
    /// The sub-plan for ``namedObjectType``, owned here once built and lent to the executor
    /// without a retain (see `LentLazyReference.swift`).
    private let namedObjectSubplan = LentLazyReference<ObjectPlan>()
    /// For an abstract named type, a slot per possible type (made on first use): the sub-plans
    /// of a list of interface or union items are found without a lock.
    private let possibleTypeSubplans = LentLazyReference<PossibleTypeSubplans>()
    /// The sub-plans of any other runtime type; the last one used is checked first.
    private let subplans = Locked<(last: ObjectPlan?, all: [ObjectIdentifier: ObjectPlan])>((nil, [:]))

    init(
        responseKey: String, nodes: [Field], definition: GraphQLField, parentType: GraphQLObjectType,
        kind: ResolveKind, arguments: Result<FieldArguments, GraphQLError>
    ) {
        self.responseKey = responseKey
        self.fieldName = definition.name
        self.nodes = nodes
        self.definition = definition
        self.parentType = parentType
        self.returnType = definition.type
        self.kind = kind
        self.arguments = arguments
        if case .general(let resolve) = kind, case .success = arguments {
            generalResolver = resolve
        } else {
            generalResolver = nil
        }
        if case .typed(let resolve) = kind, case .success = arguments {
            typedCall = resolve.call
        } else {
            typedCall = nil
        }
        if case .success(let coerced) = arguments { coercedArguments = coerced } else { coercedArguments = .empty }
        returnsNonNull = definition.type.isNonNull
        leaf = LeafKind(definition.type.nullableType)
        leafTag = leaf.map(LeafTag.init)
        switch (kind, arguments) {
        case (.property, .success): strategy = .property
        case (.typed, .success): strategy = .typed
        case (.general, .success): strategy = .general
        default: strategy = .other
        }
        if case .named(.object(let objectType)) = definition.type.nullableType {
            self.objectType = objectType
        } else {
            self.objectType = nil
        }
        if case .list(let itemType) = definition.type.nullableType,
            case .named(.scalar(let scalar)) = itemType.nullableType, scalar === GraphQLScalarType.string
        {
            isStringList = true
        } else {
            isStringList = false
        }
        if case .object(let objectType) = definition.type.namedType {
            namedObjectType = objectType
        } else {
            namedObjectType = nil
        }
    }

    /// Calls `body` with the plan of this field's sub-selections on its named object type (built
    /// on first use, for `value`) lent without a retain; nil when the named type is not an object type.
    @inline(__always)
    func withNamedObjectSubplan<Result>(
        in context: ExecutionContext, for value: any Sendable, _ body: (ObjectPlan) -> Result
    ) -> Result? {
        if let result = namedObjectSubplan.withObject(body) { return result }
        guard let type = namedObjectType else { return nil }
        return body(subplan(for: type, in: context, sample: value))
    }

    /// The plan of this field's sub-selections on `type`, built on first use (for a source like
    /// `sample`: see ``SourceAccessCache``).
    func subplan(for type: GraphQLObjectType, in context: ExecutionContext, sample: ResolvedValue) -> ObjectPlan {
        if type === namedObjectType {
            if let plan = namedObjectSubplan.object() { return plan }
            return namedObjectSubplan.storeIfNil(
                context.buildObjectPlan(type, selectionSets: nodes.compactMap(\.selectionSet), sample: sample))
        }
        if namedObjectType == nil,
            let plan = withPossibleTypes(
                context,
                { table -> ObjectPlan? in
                    guard let slot = table.slot(for: type) else { return nil }
                    if let plan = slot.plan.object() { return plan }
                    return slot.plan.storeIfNil(
                        context.buildObjectPlan(type, selectionSets: nodes.compactMap(\.selectionSet), sample: sample))
                })
        {
            return plan
        }
        let key = ObjectIdentifier(type)
        let cached = subplans.withLock { cache -> ObjectPlan? in
            if let last = cache.last, last.type === type { return last }
            guard let plan = cache.all[key] else { return nil }
            cache.last = plan
            return plan
        }
        if let cached { return cached }
        let selectionSets = nodes.compactMap(\.selectionSet)
        let plan = context.buildObjectPlan(type, selectionSets: selectionSets, sample: sample)
        return subplans.withLock { cache in
            let chosen = cache.all[key] ?? plan
            cache.all[key] = chosen
            cache.last = chosen
            return chosen
        }
    }
}

extension FieldPlan {
    /// `body` applied to the table of the possible types of the field's abstract named type
    /// (made on first use, lent without a retain); nil for another kind of type, or more
    /// possible types than ``PossibleTypeSubplans/maxTypes``.
    @inline(__always)
    private func withPossibleTypes<Result>(
        _ context: ExecutionContext,
        _ body: (PossibleTypeSubplans) -> Result?
    ) -> Result? {
        if let result = possibleTypeSubplans.withObject({ $0.types.isEmpty ? nil : body($0) }) {
            return result
        }
        let namedType = definition.type.namedType
        guard namedType.isAbstractType else { return nil }
        var types = context.schema.possibleTypes(of: namedType)
        if types.count > PossibleTypeSubplans.maxTypes { types = [] }
        let table = possibleTypeSubplans.storeIfNil(
            PossibleTypeSubplans(
                abstractType: namedType, types: types,
                typeResolver: context.executable.typeResolvers[namedType.name]))
        return table.types.isEmpty ? nil : body(table)
    }

    /// The table of the abstract type `abstractType` when that is the field's named type (its
    /// few possible types and its type resolver, looked up once per plan; the type found by
    /// identity); nil otherwise (the caller then looks in the schema, which also names what is
    /// wrong).
    func possibleTypes(of abstractType: GraphQLNamedType, in context: ExecutionContext) -> PossibleTypeSubplans? {
        withPossibleTypes(context) { table in table.abstractType == abstractType.identity ? table : nil }
    }
}

/// One lazily made sub-plan per possible type of an abstract type, found by identity.
final class PossibleTypeSubplans: Sendable {
    /// The most possible types given slots (a linear search stays cheaper than a locked table).
    static let maxTypes = 16

    /// The sub-plan of one possible type, made on first use.
    final class Slot: Sendable {
        let plan = LentLazyReference<ObjectPlan>()
    }

    /// The abstract type (compared by identity: no string compared per item).
    let abstractType: ObjectIdentifier
    /// Its possible types (empty when there are more than ``maxTypes``).
    let types: [GraphQLObjectType]
    /// Its type resolver (nil: none registered).
    let typeResolver: TypeResolver?
    private let slots: [Slot]

    init(abstractType: GraphQLNamedType, types: [GraphQLObjectType], typeResolver: TypeResolver?) {
        self.abstractType = abstractType.identity
        self.types = types
        self.typeResolver = typeResolver
        slots = types.map { _ in Slot() }
    }

    /// The slot of `type`, nil when it is not one of ``types``.
    func slot(for type: GraphQLObjectType) -> Slot? {
        for index in types.indices where types[index] === type { return slots[index] }
        return nil
    }

    /// The possible type named `name`, nil when none is.
    func type(named name: String) -> GraphQLObjectType? {
        for type in types where type.name == name { return type }
        return nil
    }
}

extension ExecutionContext {
    /// Plans the selection sets `selectionSets` on the object type `type`, for a source like
    /// `sample` (nil when none is at hand).
    func buildObjectPlan(_ type: GraphQLObjectType, selectionSets: [SelectionSet], sample: ResolvedValue)
        -> ObjectPlan
    {
        let groups = collectFields(type, selectionSets)
        var fields: [FieldPlan] = []
        fields.reserveCapacity(groups.count)
        for group in groups {
            let first = group.nodes[0]
            guard let definition = schema.fieldDefinition(parentType: .object(type), name: first.name.value) else {
                continue // Unknown fields are skipped (validation reports them).
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
                let resolver = executable.resolvers[definition.index]
            {
                switch resolver {
                case .typed(let resolve): kind = .typed(resolve)
                case .general(let resolve): kind = .general(resolve)
                }
            } else {
                kind = .property
            }
            let arguments: Result<FieldArguments, GraphQLError>
            if definition.args.isEmpty {
                arguments = .success(.empty)
            } else {
                do {
                    arguments = .success(
                        try executable.coercer.argumentValues(
                            definition.args, first.arguments, variables: variables, source: source, owner: first.loc))
                } catch {
                    arguments = .failure(error)
                }
            }
            fields.append(
                FieldPlan(
                    responseKey: group.key, nodes: group.nodes, definition: definition,
                    parentType: type, kind: kind, arguments: arguments))
        }
        return ObjectPlan(type: type, fields: fields, isTypeOf: executable.isTypeOfChecks[type.name], sample: sample)
    }
}
