/// Any GraphQL type as it appears in a position (a field's type, an
/// argument's type): a named type, possibly wrapped in lists and non-nulls.
///
/// `GraphQLType` is a value (cheap to copy: the named types inside are class
/// references). Equality compares named types by identity.
public indirect enum GraphQLType: Sendable, Hashable, CustomStringConvertible {
    /// A named type (scalar, object, interface, union, enum or input object).
    case named(GraphQLNamedType)
    /// `[T]`.
    case list(GraphQLType)
    /// `T!`. The wrapped type is never itself `.nonNull` in a valid schema.
    case nonNull(GraphQLType)

    /// The named type at the core of the wrappers (`Foo` for `[Foo!]!`).
    @inlinable public var namedType: GraphQLNamedType {
        switch self {
        case .named(let named): return named
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    /// True for `T!`.
    @inlinable public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outer non-null wrapper (`[Foo!]` for `[Foo!]!`).
    @inlinable public var nullableType: GraphQLType {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The type one level in: `Foo!` for `[Foo!]`, `[Foo]` for `[Foo]!`, nil for a named type.
    @inlinable public var ofType: GraphQLType? {
        switch self {
        case .named: return nil
        case .list(let inner), .nonNull(let inner): return inner
        }
    }

    /// True when the type may be used as an input (argument, variable, input field).
    public var isInputType: Bool { namedType.isInputType }
    /// True when the type may be used as an output (field).
    public var isOutputType: Bool { namedType.isOutputType }
    /// True when the named type is a scalar or an enum.
    public var isLeafType: Bool { namedType.isLeafType }

    /// The type as written in GraphQL: `[Foo!]!`.
    public var description: String {
        switch self {
        case .named(let named): return named.name
        case .list(let inner): return "[" + inner.description + "]"
        case .nonNull(let inner): return inner.description + "!"
        }
    }
}

/// A named type of a schema. The payloads are final classes, immutable once the
/// schema is built: equality and hashing are by identity.
public enum GraphQLNamedType: Sendable, Hashable, CustomStringConvertible {
    case scalar(GraphQLScalarType)
    case object(GraphQLObjectType)
    case interface(GraphQLInterfaceType)
    case union(GraphQLUnionType)
    case `enum`(GraphQLEnumType)
    case inputObject(GraphQLInputObjectType)

    /// The type's name.
    @inlinable public var name: String {
        switch self {
        case .scalar(let t): return t.name
        case .object(let t): return t.name
        case .interface(let t): return t.name
        case .union(let t): return t.name
        case .enum(let t): return t.name
        case .inputObject(let t): return t.name
        }
    }

    /// The type's description.
    public var typeDescription: String? {
        switch self {
        case .scalar(let t): return t.description
        case .object(let t): return t.description
        case .interface(let t): return t.description
        case .union(let t): return t.description
        case .enum(let t): return t.description
        case .inputObject(let t): return t.description
        }
    }

    /// The `__TypeKind` of the type.
    public var kind: TypeKind {
        switch self {
        case .scalar: return .scalar
        case .object: return .object
        case .interface: return .interface
        case .union: return .union
        case .enum: return .enum
        case .inputObject: return .inputObject
        }
    }

    /// The name, as `description`.
    public var description: String { name }

    /// The class instance inside, for identity.
    @usableFromInline var identity: ObjectIdentifier {
        switch self {
        case .scalar(let t): return ObjectIdentifier(t)
        case .object(let t): return ObjectIdentifier(t)
        case .interface(let t): return ObjectIdentifier(t)
        case .union(let t): return ObjectIdentifier(t)
        case .enum(let t): return ObjectIdentifier(t)
        case .inputObject(let t): return ObjectIdentifier(t)
        }
    }

    @inlinable public static func == (lhs: GraphQLNamedType, rhs: GraphQLNamedType) -> Bool {
        lhs.identity == rhs.identity
    }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    /// Scalars, enums and input objects.
    public var isInputType: Bool {
        switch self {
        case .scalar, .enum, .inputObject: return true
        default: return false
        }
    }

    /// Scalars, objects, interfaces, unions and enums.
    public var isOutputType: Bool {
        switch self {
        case .inputObject: return false
        default: return true
        }
    }

    /// Scalars and enums.
    public var isLeafType: Bool {
        switch self {
        case .scalar, .enum: return true
        default: return false
        }
    }

    /// Objects, interfaces and unions.
    public var isCompositeType: Bool {
        switch self {
        case .object, .interface, .union: return true
        default: return false
        }
    }

    /// Interfaces and unions.
    public var isAbstractType: Bool {
        switch self {
        case .interface, .union: return true
        default: return false
        }
    }

    /// The fields of an object or interface type (empty for other kinds).
    public var fields: [GraphQLField] {
        switch self {
        case .object(let t): return t.fields
        case .interface(let t): return t.fields
        default: return []
        }
    }

    /// A field of an object or interface type by name.
    @inlinable public func field(named name: String) -> GraphQLField? {
        switch self {
        case .object(let t): return t.field(named: name)
        case .interface(let t): return t.field(named: name)
        default: return nil
        }
    }

    /// The interfaces an object or interface type implements (empty otherwise).
    public var interfaces: [GraphQLInterfaceType] {
        switch self {
        case .object(let t): return t.interfaces
        case .interface(let t): return t.interfaces
        default: return []
        }
    }

    /// The object type inside, if it is one.
    public var asObject: GraphQLObjectType? { if case .object(let t) = self { return t }; return nil }
    /// The interface type inside, if it is one.
    public var asInterface: GraphQLInterfaceType? { if case .interface(let t) = self { return t }; return nil }
    /// The scalar type inside, if it is one.
    public var asScalar: GraphQLScalarType? { if case .scalar(let t) = self { return t }; return nil }

    /// True for the five built-in scalars (`Int`, `Float`, `String`, `Boolean`, `ID`).
    public var isSpecifiedScalar: Bool {
        if case .scalar(let t) = self { return t.isSpecified }
        return false
    }

    /// True for the introspection types (`__Schema`, `__Type`, ...).
    public var isIntrospectionType: Bool { Introspection.typeNames.contains(name) }

    /// True for built-in scalars and introspection types (never printed in SDL).
    public var isBuiltIn: Bool { isSpecifiedScalar || isIntrospectionType }
}

/// The kinds of types, as introspection reports them (`__TypeKind`).
public enum TypeKind: String, Sendable, CaseIterable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case inputObject = "INPUT_OBJECT"
    case list = "LIST"
    case nonNull = "NON_NULL"
}

extension GraphQLType {
    /// The `__TypeKind` of this type.
    public var kind: TypeKind {
        switch self {
        case .named(let named): return named.kind
        case .list: return .list
        case .nonNull: return .nonNull
        }
    }
}
