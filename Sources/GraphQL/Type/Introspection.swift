/// The introspection meta types (`__Schema`, `__Type`, `__Field`,
/// `__InputValue`, `__EnumValue`, `__Directive`, `__TypeKind`,
/// `__DirectiveLocation`) and the meta fields `__schema`, `__type` and
/// `__typename`, as the September 2025 specification and graphql-js 16 define
/// them (descriptions included). The executor resolves them.
///
/// These are shared by every schema. Their fields (and the three meta fields)
/// carry the fixed indexes `0..<Introspection.fieldCount`; a schema numbers
/// its own fields from there on.
public enum Introspection {
    /// The names of the introspection types.
    public static let typeNames: Set<String> = [
        "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field", "__InputValue", "__EnumValue",
        "__TypeKind"
    ]

    /// `__Schema`.
    public static var schemaType: GraphQLObjectType { _ = wired; return _schemaType }
    private static let _schemaType = GraphQLObjectType(
        name: "__Schema",
        description:
            "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations."
    )
    /// `__Directive`.
    public static var directiveType: GraphQLObjectType { _ = wired; return _directiveType }
    private static let _directiveType = GraphQLObjectType(
        name: "__Directive",
        description:
            "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor."
    )
    /// `__DirectiveLocation`.
    public static var directiveLocationType: GraphQLEnumType { _ = wired; return _directiveLocationType }
    private static let _directiveLocationType = GraphQLEnumType(
        name: "__DirectiveLocation",
        description:
            "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.",
        values: DirectiveLocation.allCases.map {
            GraphQLEnumValue(name: $0.rawValue, description: $0.introspectionDescription)
        })
    /// `__Type`.
    public static var typeType: GraphQLObjectType { _ = wired; return _typeType }
    private static let _typeType = GraphQLObjectType(
        name: "__Type",
        description:
            "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types."
    )
    /// `__Field`.
    public static var fieldType: GraphQLObjectType { _ = wired; return _fieldType }
    private static let _fieldType = GraphQLObjectType(
        name: "__Field",
        description:
            "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type."
    )
    /// `__InputValue`.
    public static var inputValueType: GraphQLObjectType { _ = wired; return _inputValueType }
    private static let _inputValueType = GraphQLObjectType(
        name: "__InputValue",
        description:
            "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value."
    )
    /// `__EnumValue`.
    public static var enumValueType: GraphQLObjectType { _ = wired; return _enumValueType }
    private static let _enumValueType = GraphQLObjectType(
        name: "__EnumValue",
        description:
            "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string."
    )
    /// `__TypeKind`.
    public static var typeKindType: GraphQLEnumType { _ = wired; return _typeKindType }
    private static let _typeKindType = GraphQLEnumType(
        name: "__TypeKind",
        description: "An enum describing what kind of type a given `__Type` is.",
        values: TypeKind.allCases.map { GraphQLEnumValue(name: $0.rawValue, description: $0.introspectionDescription) })

    /// `__schema: __Schema!`, on the query root type.
    public static let schemaMetaField = GraphQLField(
        name: "__schema", type: .nonNull(.named(.object(schemaType))),
        description: "Access the current type schema of this server.")
    /// `__type(name: String!): __Type`, on the query root type.
    public static let typeMetaField = GraphQLField(
        name: "__type", type: .named(.object(typeType)),
        description: "Request the type information of a single type.",
        args: [GraphQLArgument(name: "name", type: .nonNull(string))])
    /// `__typename: String!`, on every object, interface and union type.
    public static let typeNameMetaField = GraphQLField(
        name: "__typename", type: .nonNull(string),
        description: "The name of the current Object type at runtime.")

    /// The introspection types, in graphql-js's order.
    public static let types: [GraphQLNamedType] = {
        _ = wired
        return [
            .object(schemaType), .object(directiveType), .enum(directiveLocationType), .object(typeType),
            .object(fieldType), .object(inputValueType), .object(enumValueType), .enum(typeKindType)
        ]
    }()

    /// How many field indexes the introspection fields use (schema fields start here).
    public static let fieldCount: Int = {
        _ = wired
        return numberedFields.count
    }()

    /// Every introspection field (and meta field) by its index.
    static let numberedFields: [GraphQLField] = {
        _ = wired
        var fields: [GraphQLField] = [schemaMetaField, typeMetaField, typeNameMetaField]
        fields += schemaType.fields
        fields += directiveType.fields
        fields += typeType.fields
        fields += fieldType.fields
        fields += inputValueType.fields
        fields += enumValueType.fields
        for (index, field) in fields.enumerated() { field.index = index }
        return fields
    }()

    private static let string: GraphQLType = .named(.scalar(.string))
    private static let boolean: GraphQLType = .named(.scalar(.boolean))

    /// Fills in the fields of the introspection types once (they refer to each other).
    private static let wired: Bool = {
        func list(_ type: GraphQLObjectType) -> GraphQLType { .list(.nonNull(.named(.object(type)))) }
        func nonNullList(_ type: GraphQLObjectType) -> GraphQLType { .nonNull(list(type)) }
        // `Boolean! = false`: non-null since the September 2025 spec (graphql-js 17; 16 has `Boolean`).
        var includeDeprecated = [
            GraphQLArgument(
                name: "includeDeprecated", type: .nonNull(boolean),
                defaultValue: .boolean(BooleanValue(value: false)))
        ]
        includeDeprecated[0].resolveDefaultValue()
        let typeRef: GraphQLType = .named(.object(_typeType))
        _schemaType.fields = [
            GraphQLField(name: "description", type: string),
            GraphQLField(
                name: "types", type: nonNullList(_typeType),
                description: "A list of all types supported by this server."),
            GraphQLField(
                name: "queryType", type: .nonNull(typeRef),
                description: "The type that query operations will be rooted at."),
            GraphQLField(
                name: "mutationType", type: typeRef,
                description: "If this server supports mutation, the type that mutation operations will be rooted at."),
            GraphQLField(
                name: "subscriptionType", type: typeRef,
                description:
                    "If this server support subscription, the type that subscription operations will be rooted at."),
            GraphQLField(
                name: "directives", type: nonNullList(_directiveType),
                description: "A list of all directives supported by this server.")
        ]
        _directiveType.fields = [
            GraphQLField(name: "name", type: .nonNull(string)),
            GraphQLField(name: "description", type: string),
            GraphQLField(name: "isRepeatable", type: .nonNull(boolean)),
            GraphQLField(name: "locations", type: .nonNull(.list(.nonNull(.named(.enum(_directiveLocationType)))))),
            GraphQLField(name: "args", type: nonNullList(_inputValueType), args: includeDeprecated)
        ]
        _typeType.fields = [
            GraphQLField(name: "kind", type: .nonNull(.named(.enum(_typeKindType)))),
            GraphQLField(name: "name", type: string),
            GraphQLField(name: "description", type: string),
            GraphQLField(name: "specifiedByURL", type: string),
            GraphQLField(name: "fields", type: list(_fieldType), args: includeDeprecated),
            GraphQLField(name: "interfaces", type: list(_typeType)),
            GraphQLField(name: "possibleTypes", type: list(_typeType)),
            GraphQLField(name: "enumValues", type: list(_enumValueType), args: includeDeprecated),
            GraphQLField(name: "inputFields", type: list(_inputValueType), args: includeDeprecated),
            GraphQLField(name: "ofType", type: typeRef),
            GraphQLField(name: "isOneOf", type: boolean)
        ]
        _fieldType.fields = [
            GraphQLField(name: "name", type: .nonNull(string)),
            GraphQLField(name: "description", type: string),
            GraphQLField(name: "args", type: nonNullList(_inputValueType), args: includeDeprecated),
            GraphQLField(name: "type", type: .nonNull(typeRef)),
            GraphQLField(name: "isDeprecated", type: .nonNull(boolean)),
            GraphQLField(name: "deprecationReason", type: string)
        ]
        _inputValueType.fields = [
            GraphQLField(name: "name", type: .nonNull(string)),
            GraphQLField(name: "description", type: string),
            GraphQLField(name: "type", type: .nonNull(typeRef)),
            GraphQLField(
                name: "defaultValue", type: string,
                description: "A GraphQL-formatted string representing the default value for this input value."),
            GraphQLField(name: "isDeprecated", type: .nonNull(boolean)),
            GraphQLField(name: "deprecationReason", type: string)
        ]
        _enumValueType.fields = [
            GraphQLField(name: "name", type: .nonNull(string)),
            GraphQLField(name: "description", type: string),
            GraphQLField(name: "isDeprecated", type: .nonNull(boolean)),
            GraphQLField(name: "deprecationReason", type: string)
        ]
        for type in [_schemaType, _directiveType, _typeType, _fieldType, _inputValueType, _enumValueType] {
            for field in type.fields { field.parentTypeName = type.name }
        }
        return true
    }()
}

extension TypeKind {
    /// The description of the `__TypeKind` value.
    var introspectionDescription: String {
        switch self {
        case .scalar: return "Indicates this type is a scalar."
        case .object: return "Indicates this type is an object. `fields` and `interfaces` are valid fields."
        case .interface:
            return "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."
        case .union: return "Indicates this type is a union. `possibleTypes` is a valid field."
        case .enum: return "Indicates this type is an enum. `enumValues` is a valid field."
        case .inputObject: return "Indicates this type is an input object. `inputFields` is a valid field."
        case .list: return "Indicates this type is a list. `ofType` is a valid field."
        case .nonNull: return "Indicates this type is a non-null. `ofType` is a valid field."
        }
    }
}

extension DirectiveLocation {
    /// The description of the `__DirectiveLocation` value.
    var introspectionDescription: String {
        switch self {
        case .query: return "Location adjacent to a query operation."
        case .mutation: return "Location adjacent to a mutation operation."
        case .subscription: return "Location adjacent to a subscription operation."
        case .field: return "Location adjacent to a field."
        case .fragmentDefinition: return "Location adjacent to a fragment definition."
        case .fragmentSpread: return "Location adjacent to a fragment spread."
        case .inlineFragment: return "Location adjacent to an inline fragment."
        case .variableDefinition: return "Location adjacent to a variable definition."
        case .schema: return "Location adjacent to a schema definition."
        case .scalar: return "Location adjacent to a scalar definition."
        case .object: return "Location adjacent to an object type definition."
        case .fieldDefinition: return "Location adjacent to a field definition."
        case .argumentDefinition: return "Location adjacent to an argument definition."
        case .interface: return "Location adjacent to an interface definition."
        case .union: return "Location adjacent to a union definition."
        case .enum: return "Location adjacent to an enum definition."
        case .enumValue: return "Location adjacent to an enum value definition."
        case .inputObject: return "Location adjacent to an input object type definition."
        case .inputFieldDefinition: return "Location adjacent to an input object field definition."
        }
    }
}
