// The named types of a schema. Each is a final class so that types are cheap
// references with identity; the schema builder fills in their members (which
// may refer to each other in cycles) and never changes them afterwards.
//
// Sendable: `@unchecked` (see SchemaSendability.swift) because members are `internal(set) var`, written only
// while the schema is being built (before the schema value is returned to
// anyone), and read-only from then on. Never mutate a type that belongs to a
// built `GraphQLSchema`.

/// A scalar type: one of the five built-ins or a custom scalar from SDL.
public final class GraphQLScalarType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The URL from `@specifiedBy(url:)`, if any.
    public internal(set) var specifiedByURL: String?
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: ScalarTypeDefinition?
    /// The `extend scalar` nodes applied to it.
    public internal(set) var extensionASTNodes: [ScalarTypeDefinition] = []
    /// True for the five built-in scalars of the specification.
    public let isSpecified: Bool

    /// A scalar type.
    public init(
        name: String, description: String? = nil, specifiedByURL: String? = nil,
        astNode: ScalarTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.astNode = astNode
        self.isSpecified = false
    }

    init(specified name: String, description: String) {
        self.name = name
        self.description = description
        self.isSpecified = true
    }
}

/// An object type: named fields, implemented interfaces.
public final class GraphQLObjectType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The fields, in SDL order.
    public internal(set) var fields: [GraphQLField] = [] { didSet { fieldsByName = GraphQLField.index(fields) } }
    /// The fields by name.
    public private(set) var fieldsByName: [String: GraphQLField] = [:]
    /// The interfaces it implements, in SDL order.
    public internal(set) var interfaces: [GraphQLInterfaceType] = [] {
        didSet { declaredInterfaces = interfaces.map { .interface($0) } }
    }
    /// Every implemented type as declared (non-interfaces included), for `validateSchema`.
    var declaredInterfaces: [GraphQLNamedType] = []
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: ObjectTypeDefinition?
    /// The `extend type` nodes applied to it.
    public internal(set) var extensionASTNodes: [ObjectTypeDefinition] = []

    /// An object type; fields and interfaces may be set afterwards by the builder.
    public init(
        name: String, description: String? = nil, fields: [GraphQLField] = [],
        interfaces: [GraphQLInterfaceType] = [], astNode: ObjectTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.declaredInterfaces = interfaces.map { .interface($0) }
        self.astNode = astNode
        self.fields = fields
        self.fieldsByName = GraphQLField.index(fields)
    }

    /// A field by name.
    @inlinable public func field(named name: String) -> GraphQLField? { fieldsByName[name] }
}

/// An interface type: named fields that implementing objects (and interfaces) share.
public final class GraphQLInterfaceType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The fields, in SDL order.
    public internal(set) var fields: [GraphQLField] = [] { didSet { fieldsByName = GraphQLField.index(fields) } }
    /// The fields by name.
    public private(set) var fieldsByName: [String: GraphQLField] = [:]
    /// The interfaces it implements, in SDL order.
    public internal(set) var interfaces: [GraphQLInterfaceType] = [] {
        didSet { declaredInterfaces = interfaces.map { .interface($0) } }
    }
    /// Every implemented type as declared (non-interfaces included), for `validateSchema`.
    var declaredInterfaces: [GraphQLNamedType] = []
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: InterfaceTypeDefinition?
    /// The `extend interface` nodes applied to it.
    public internal(set) var extensionASTNodes: [InterfaceTypeDefinition] = []

    /// An interface type; fields and interfaces may be set afterwards by the builder.
    public init(
        name: String, description: String? = nil, fields: [GraphQLField] = [],
        interfaces: [GraphQLInterfaceType] = [], astNode: InterfaceTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.declaredInterfaces = interfaces.map { .interface($0) }
        self.astNode = astNode
        self.fields = fields
        self.fieldsByName = GraphQLField.index(fields)
    }

    /// A field by name.
    @inlinable public func field(named name: String) -> GraphQLField? { fieldsByName[name] }
}

/// A union type: one of several object types.
public final class GraphQLUnionType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The member object types, in SDL order.
    public internal(set) var types: [GraphQLObjectType] = [] { didSet { declaredMembers = types.map { .object($0) } } }
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: UnionTypeDefinition?
    /// The `extend union` nodes applied to it.
    public internal(set) var extensionASTNodes: [UnionTypeDefinition] = []
    /// Every member as declared (non-object types and repeats included), for `validateSchema`.
    var declaredMembers: [GraphQLNamedType] = []

    /// A union type; members may be set afterwards by the builder.
    public init(
        name: String, description: String? = nil, types: [GraphQLObjectType] = [],
        astNode: UnionTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.types = types
        self.declaredMembers = types.map { .object($0) }
        self.astNode = astNode
    }
}

/// An enum type: a closed set of named values.
public final class GraphQLEnumType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The values, in SDL order.
    public internal(set) var values: [GraphQLEnumValue] = [] {
        didSet { valuesByName = GraphQLEnumValue.index(values) }
    }
    /// The values by name.
    public private(set) var valuesByName: [String: GraphQLEnumValue] = [:]
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: EnumTypeDefinition?
    /// The `extend enum` nodes applied to it.
    public internal(set) var extensionASTNodes: [EnumTypeDefinition] = []

    /// An enum type; values may be set afterwards by the builder.
    public init(
        name: String, description: String? = nil, values: [GraphQLEnumValue] = [],
        astNode: EnumTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.astNode = astNode
        self.values = values
        self.valuesByName = GraphQLEnumValue.index(values)
    }

    /// A value by name.
    @inlinable public func value(named name: String) -> GraphQLEnumValue? { valuesByName[name] }
}

/// An input object type: named input fields.
public final class GraphQLInputObjectType {
    /// The type's name.
    public let name: String
    /// The type's description.
    public internal(set) var description: String?
    /// The input fields, in SDL order.
    public internal(set) var fields: [GraphQLInputField] = [] {
        didSet { fieldsByName = GraphQLInputField.index(fields) }
    }
    /// The input fields by name.
    public private(set) var fieldsByName: [String: GraphQLInputField] = [:]
    /// True for a `@oneOf` input object (exactly one field must be given, non-null).
    public internal(set) var isOneOf: Bool
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: InputObjectTypeDefinition?
    /// The `extend input` nodes applied to it.
    public internal(set) var extensionASTNodes: [InputObjectTypeDefinition] = []

    /// An input object type; fields may be set afterwards by the builder.
    public init(
        name: String, description: String? = nil, fields: [GraphQLInputField] = [],
        isOneOf: Bool = false, astNode: InputObjectTypeDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.isOneOf = isOneOf
        self.astNode = astNode
        self.fields = fields
        self.fieldsByName = GraphQLInputField.index(fields)
    }

    /// An input field by name.
    @inlinable public func field(named name: String) -> GraphQLInputField? { fieldsByName[name] }
}
