/// The small enums a planned field is classified by, worked out once per
/// request so the executor's loop switches on plain values.

/// How the object loop runs a planned field (a plain enum: switching on it copies nothing).
enum FieldStrategy: Sendable {
    /// The default resolver.
    case property
    /// A ``TypedFieldResolver``.
    case typed
    /// A ``GeneralFieldResolver``: completed inline when ready, filled in later when pending.
    case general
    /// Anything else (`__typename`, introspection, argument errors): ``ExecutionContext/executeField(_:_:_:)``.
    case other
}

/// A ``LeafKind`` without its payload.
enum LeafTag: Sendable {
    case string, int, float, boolean, id, enumType, custom

    init(_ kind: LeafKind) {
        switch kind {
        case .string: self = .string
        case .int: self = .int
        case .float: self = .float
        case .boolean: self = .boolean
        case .id: self = .id
        case .enumType: self = .enumType
        case .custom: self = .custom
        }
    }
}

/// The serialisation of a leaf type, decided once per planned field.
enum LeafKind: Sendable {
    case string, int, float, boolean, id
    case enumType(GraphQLEnumType)
    case custom(GraphQLScalarType)

    /// The kind for a named scalar or enum type; nil for other types.
    init?(_ type: GraphQLType) {
        guard case .named(let named) = type else { return nil }
        switch named {
        case .scalar(let scalar):
            if scalar === GraphQLScalarType.string {
                self = .string
            } else if scalar === GraphQLScalarType.int {
                self = .int
            } else if scalar === GraphQLScalarType.float {
                self = .float
            } else if scalar === GraphQLScalarType.boolean {
                self = .boolean
            } else if scalar === GraphQLScalarType.id {
                self = .id
            } else {
                self = .custom(scalar)
            }
        case .enum(let enumType):
            self = .enumType(enumType)
        default:
            return nil
        }
    }
}
