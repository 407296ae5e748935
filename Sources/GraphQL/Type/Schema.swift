/// A GraphQL schema: root operation types, every named type (in SDL order,
/// built-in scalars where first referenced, introspection types last, as
/// graphql-js orders them), and directives.
///
/// Build one from SDL with `buildSchema(_:)` / `buildASTSchema(_:)`, then
/// check it with `validateSchema(_:)`. A schema is immutable: `Sendable`
/// (`@unchecked` only because its lookup tables are computed once in `init`).
public final class GraphQLSchema {
    /// The schema's description (from `"""..."""` before `schema {}`).
    public let description: String?
    /// The root type of queries.
    public let queryType: GraphQLObjectType?
    /// The root type of mutations.
    public let mutationType: GraphQLObjectType?
    /// The root type of subscriptions.
    public let subscriptionType: GraphQLObjectType?
    /// Every named type, in order (see above).
    public let types: [GraphQLNamedType]
    /// Every named type by name.
    public let typeMap: [String: GraphQLNamedType]
    /// The directives, custom ones in SDL order then the built-in ones not redefined.
    public let directives: [GraphQLDirective]
    /// The `schema` definition it was built from, if any.
    public let astNode: SchemaDefinition?
    /// The `extend schema` nodes applied to it.
    public let extensionASTNodes: [SchemaExtension]
    /// The source the schema was built from (to turn node ranges into lines and columns).
    public let source: Source?

    /// The number of field indexes in use (`GraphQLField.index` is below it).
    public let fieldCount: Int

    /// Named types that are declared more than once (only possible when the
    /// schema is assembled by hand); reported by `validateSchema`.
    let duplicateTypeNames: [String]

    /// Root operation types named in SDL that are not object types (set by
    /// the builder before the schema is handed out); reported by `validateSchema`.
    var invalidRootTypes: [OperationType: GraphQLNamedType] = [:]

    /// `validateSchema`'s result, once computed.
    let validationErrorsCache = ValidationCache()

    private let implementations: [String: (objects: [GraphQLObjectType], interfaces: [GraphQLInterfaceType])]
    private let subTypes: [ObjectIdentifier: Set<ObjectIdentifier>]
    private let directivesByName: [String: GraphQLDirective]

    /// A schema of the given roots, types and directives. Types reachable from
    /// the roots, from `types` and from directive arguments are all included.
    /// `directives` defaults to the built-in ones.
    ///
    /// The initializer numbers the fields of the types (`GraphQLField.index`):
    /// a type belongs to one schema.
    public init(
        query: GraphQLObjectType?, mutation: GraphQLObjectType? = nil, subscription: GraphQLObjectType? = nil,
        types: [GraphQLNamedType] = [], directives: [GraphQLDirective] = GraphQLDirective.specifiedDirectives,
        description: String? = nil, astNode: SchemaDefinition? = nil,
        extensionASTNodes: [SchemaExtension] = [], source: Source? = nil
    ) {
        self.description = description
        self.queryType = query
        self.mutationType = mutation
        self.subscriptionType = subscription
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
        self.source = source

        // Collect types: user types in order, each followed by what it
        // references that is not collected yet (graphql-js's order).
        var collector = TypeCollector()
        collector.reserved = Set(types.map(\.identity))
        for type in types {
            collector.reserved.remove(type.identity)
            collector.collect(type)
        }
        if let query { collector.collect(.object(query)) }
        if let mutation { collector.collect(.object(mutation)) }
        if let subscription { collector.collect(.object(subscription)) }
        for directive in directives {
            for arg in directive.args { collector.collect(arg.type.namedType) }
        }
        _ = Introspection.fieldCount
        collector.collect(.object(Introspection.schemaType))

        var typeMap: [String: GraphQLNamedType] = [:]
        typeMap.reserveCapacity(collector.ordered.count)
        var duplicates: [String] = []
        var implementations: [String: (objects: [GraphQLObjectType], interfaces: [GraphQLInterfaceType])] = [:]
        var ordered: [GraphQLNamedType] = []
        for type in collector.ordered {
            if typeMap[type.name] != nil {
                duplicates.append(type.name)
                continue
            }
            typeMap[type.name] = type
            ordered.append(type)
            switch type {
            case .object(let object):
                for interface in object.interfaces {
                    implementations[interface.name, default: ([], [])].objects.append(object)
                }
            case .interface(let interfaceType):
                for interface in interfaceType.interfaces {
                    implementations[interface.name, default: ([], [])].interfaces.append(interfaceType)
                }
            default:
                break
            }
        }
        self.types = ordered
        self.typeMap = typeMap
        self.duplicateTypeNames = duplicates
        self.implementations = implementations

        var subTypes: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        for type in ordered {
            switch type {
            case .union(let union):
                subTypes[ObjectIdentifier(union)] = Set(union.types.map { ObjectIdentifier($0) })
            case .interface(let interface):
                let found = implementations[interface.name]
                subTypes[ObjectIdentifier(interface)] = Set(
                    (found?.objects.map { ObjectIdentifier($0) } ?? [])
                        + (found?.interfaces.map { ObjectIdentifier($0) } ?? []))
            default:
                break
            }
        }
        self.subTypes = subTypes

        var directivesByName: [String: GraphQLDirective] = [:]
        for directive in directives where directivesByName[directive.name] == nil {
            directivesByName[directive.name] = directive
        }
        self.directivesByName = directivesByName

        // Coerce default values once (the types are complete now). Shared
        // built-in directives and introspection fields did so themselves.
        for type in ordered where !type.isBuiltIn {
            switch type {
            case .object(let object):
                for field in object.fields where field.args.contains(where: { $0.defaultValue != nil }) {
                    for index in field.args.indices { field.args[index].resolveDefaultValue() }
                }
            case .interface(let interface):
                for field in interface.fields where field.args.contains(where: { $0.defaultValue != nil }) {
                    for index in field.args.indices { field.args[index].resolveDefaultValue() }
                }
            case .inputObject(let input) where input.fields.contains(where: { $0.defaultValue != nil }):
                var fields = input.fields
                for index in fields.indices { fields[index].resolveDefaultValue() }
                input.fields = fields
            default:
                break
            }
        }
        for directive in directives
        where !directive.isSpecified && directive.args.contains(where: { $0.defaultValue != nil }) {
            for index in directive.args.indices { directive.args[index].resolveDefaultValue() }
        }

        // Number the fields: introspection ones have fixed numbers.
        var fieldCount = Introspection.fieldCount
        for type in ordered where !type.isIntrospectionType {
            let fields: [GraphQLField]
            switch type {
            case .object(let object): fields = object.fields
            case .interface(let interface): fields = interface.fields
            default: continue
            }
            for field in fields {
                field.index = fieldCount
                field.parentTypeName = type.name
                fieldCount += 1
            }
        }
        self.fieldCount = fieldCount
    }

    /// Takes the type graph apart when the schema goes: types refer to each
    /// other, and releasing a long chain of them (hostile SDL) would recurse
    /// once per link and overflow the stack; cycles (recursive types) would
    /// never be released at all. A type is therefore useful only while its
    /// schema lives (the built-in scalars and introspection types, shared by
    /// all schemas, are left as they are).
    deinit {
        for type in types where !type.isBuiltIn {
            switch type {
            case .object(let object):
                object.fields = []
                object.interfaces = []
            case .interface(let interface):
                interface.fields = []
                interface.interfaces = []
            case .union(let union):
                union.types = []
            case .inputObject(let input):
                input.fields = []
            case .scalar, .enum:
                break
            }
        }
    }

    /// A named type by name.
    @inlinable public func type(named name: String) -> GraphQLNamedType? { typeMap[name] }

    /// A directive by name.
    public func directive(named name: String) -> GraphQLDirective? { directivesByName[name] }

    /// The root type of an operation type.
    public func rootType(for operation: OperationType) -> GraphQLObjectType? {
        switch operation {
        case .query: return queryType
        case .mutation: return mutationType
        case .subscription: return subscriptionType
        }
    }

    /// The object types an abstract type may resolve to: a union's members,
    /// or the object types implementing an interface (SDL order). Empty for
    /// other kinds.
    public func possibleTypes(of type: GraphQLNamedType) -> [GraphQLObjectType] {
        switch type {
        case .union(let union): return union.types
        case .interface(let interface): return implementations[interface.name]?.objects ?? []
        default: return []
        }
    }

    /// True when `maybeSubType` is a member of the union `abstractType`, or
    /// implements the interface `abstractType` (directly or not, as the
    /// schema declares it).
    public func isSubType(_ abstractType: GraphQLNamedType, _ maybeSubType: GraphQLNamedType) -> Bool {
        subTypes[abstractType.identity]?.contains(maybeSubType.identity) ?? false
    }

    /// True when `type` may be the runtime type of `abstractType` (a union
    /// member or an object implementing the interface).
    public func isPossibleType(_ abstractType: GraphQLNamedType, _ type: GraphQLObjectType) -> Bool {
        isSubType(abstractType, .object(type))
    }

    /// The field definition `name` of `parentType`, including the meta fields
    /// (`__typename` anywhere composite; `__schema` and `__type` on the query root).
    public func fieldDefinition(parentType: GraphQLNamedType, name: String) -> GraphQLField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if name == "__typename", parentType.isCompositeType { return Introspection.typeNameMetaField }
            if let queryType, case .object(let object) = parentType, object === queryType {
                if name == "__schema" { return Introspection.schemaMetaField }
                if name == "__type" { return Introspection.typeMetaField }
            }
        }
        return parentType.field(named: name)
    }
}

/// Collects named types depth-first, in the order of graphql-js's
/// recursive `collectReferencedTypes`, with an explicit stack (a long chain of
/// types in hostile SDL cannot overflow the call stack).
private struct TypeCollector {
    var reserved: Set<ObjectIdentifier> = []
    var seen: Set<ObjectIdentifier> = []
    var ordered: [GraphQLNamedType] = []
    private var stack: [GraphQLNamedType] = []

    mutating func collect(_ root: GraphQLNamedType) {
        stack.append(root)
        var children: [GraphQLNamedType] = []
        while let type = stack.popLast() {
            let id = type.identity
            if seen.contains(id) || reserved.contains(id) { continue }
            seen.insert(id)
            ordered.append(type)
            children.removeAll(keepingCapacity: true)
            switch type {
            case .union(let union):
                children += union.declaredMembers
            case .object(let object):
                children += object.declaredInterfaces
                appendFieldTypes(object.fields, to: &children)
            case .interface(let interface):
                children += interface.declaredInterfaces
                appendFieldTypes(interface.fields, to: &children)
            case .inputObject(let input):
                for field in input.fields { children.append(field.type.namedType) }
            case .scalar, .enum:
                break
            }
            // Last pushed is visited first: push the children in reverse.
            stack += children.reversed()
        }
    }

    private func appendFieldTypes(_ fields: [GraphQLField], to children: inout [GraphQLNamedType]) {
        for field in fields {
            children.append(field.type.namedType)
            for arg in field.args { children.append(arg.type.namedType) }
        }
    }
}
