import JSON

/// A field of an object or interface type.
///
/// A final class: its identity (`ObjectIdentifier(field)`) and its
/// schema-wide `index` are stable for the life of the schema, so the executor
/// can key resolvers on either (`index` suits a flat array of resolvers).
/// Immutable once its schema is built (see `NamedTypes.swift`).
public final class GraphQLField {
    /// The field's name.
    public let name: String
    /// The field's description.
    public internal(set) var description: String?
    /// The field's type.
    public internal(set) var type: GraphQLType
    /// The arguments, in SDL order.
    public internal(set) var args: [GraphQLArgument]
    /// The reason from `@deprecated`, if the field is deprecated.
    public internal(set) var deprecationReason: String?
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: FieldDefinition?
    /// The name of the object or interface type that declares it.
    public internal(set) var parentTypeName: String = ""
    /// A number unique among the fields of one schema, from 0 up to
    /// `schema.fieldCount - 1`. The meta
    /// fields `__typename`, `__schema`, `__type` and the introspection types'
    /// fields have fixed numbers below `Introspection.fieldCount`.
    public internal(set) var index: Int = -1

    /// A field definition.
    public init(
        name: String, type: GraphQLType, description: String? = nil, args: [GraphQLArgument] = [],
        deprecationReason: String? = nil, astNode: FieldDefinition? = nil
    ) {
        self.name = name
        self.type = type
        self.description = description
        self.args = args
        self.deprecationReason = deprecationReason
        self.astNode = astNode
    }

    /// True when the field is deprecated.
    @inlinable public var isDeprecated: Bool { deprecationReason != nil }

    /// An argument by name.
    @inlinable public func argument(named name: String) -> GraphQLArgument? {
        for arg in args where arg.name == name { return arg }
        return nil
    }

    static func index(_ fields: [GraphQLField]) -> [String: GraphQLField] {
        var byName: [String: GraphQLField] = [:]
        byName.reserveCapacity(fields.count)
        for field in fields where byName[field.name] == nil { byName[field.name] = field }
        return byName
    }
}

/// An argument of a field or a directive, or a field of an input object type
/// (graphql-js's `GraphQLInputValue` shape, shared by both).
public struct GraphQLInputValue: Sendable {
    /// The argument's or field's name.
    public var name: String
    /// The argument's or field's description.
    public var description: String?
    /// The argument's or field's type (an input type in a valid schema).
    public var type: GraphQLType
    /// The default value as written in SDL (an AST value; coerce it with
    /// `valueFromAST(_:type:)`), or nil when there is none.
    public var defaultValue: Value?
    /// The reason from `@deprecated`, if the argument or field is deprecated.
    public var deprecationReason: String?
    /// The SDL definition it was built from, if any.
    public var astNode: InputValueDefinition?

    /// An argument or input field definition.
    public init(
        name: String, type: GraphQLType, description: String? = nil, defaultValue: Value? = nil,
        deprecationReason: String? = nil, astNode: InputValueDefinition? = nil
    ) {
        self.name = name
        self.type = type
        self.description = description
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.astNode = astNode
    }

    /// True when the argument or field is deprecated.
    @inlinable public var isDeprecated: Bool { deprecationReason != nil }

    /// True when the argument or field must be given: non-null and without a default.
    @inlinable public var isRequired: Bool { type.isNonNull && defaultValue == nil }

    /// The default value coerced to the type (`valueFromAST`), nil when there
    /// is none or it is invalid. Filled in when the schema is built.
    public internal(set) var coercedDefaultValue: JSONValue?
    /// The default value as `__InputValue.defaultValue` and `printSchema`
    /// write it (coerced, then printed back), nil when there is none or it
    /// is invalid. Filled in when the schema is built.
    public internal(set) var printedDefaultValue: String?

    /// Computes `coercedDefaultValue` and `printedDefaultValue` from `defaultValue` and `type`.
    mutating func resolveDefaultValue() {
        guard let defaultValue else { return }
        coercedDefaultValue = valueFromAST(defaultValue, type: type)
        printedDefaultValue = coercedDefaultValue.flatMap { astFromValue($0, type: type) }.map(\.printed)
    }

    static func index(_ fields: [GraphQLInputValue]) -> [String: GraphQLInputValue] {
        var byName: [String: GraphQLInputValue] = [:]
        byName.reserveCapacity(fields.count)
        for field in fields where byName[field.name] == nil { byName[field.name] = field }
        return byName
    }
}

/// An argument of a field or a directive.
public typealias GraphQLArgument = GraphQLInputValue

/// A field of an input object type.
public typealias GraphQLInputField = GraphQLInputValue

/// A value of an enum type. Its runtime representation (in coerced inputs and
/// in results) is its name.
public struct GraphQLEnumValue: Sendable {
    /// The value's name.
    public var name: String
    /// The value's description.
    public var description: String?
    /// The reason from `@deprecated`, if the value is deprecated.
    public var deprecationReason: String?
    /// The SDL definition it was built from, if any.
    public var astNode: EnumValueDefinition?

    /// An enum value definition.
    public init(
        name: String, description: String? = nil, deprecationReason: String? = nil,
        astNode: EnumValueDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.astNode = astNode
    }

    /// True when the value is deprecated.
    @inlinable public var isDeprecated: Bool { deprecationReason != nil }

    static func index(_ values: [GraphQLEnumValue]) -> [String: GraphQLEnumValue] {
        var byName: [String: GraphQLEnumValue] = [:]
        byName.reserveCapacity(values.count)
        for value in values where byName[value.name] == nil { byName[value.name] = value }
        return byName
    }
}
