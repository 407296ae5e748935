import JSON

/// A value produced by a resolver: any sendable value, or nil for null.
///
/// Leaves may be `String`, `Int` (and the other fixed-width integers),
/// `Double`, `Float`, `Bool`, ``JSONValue`` or an enum value's name; lists are
/// Swift arrays (or ``JSONValue/array(_:)``); objects are whatever the
/// resolvers of the object type's fields expect (the default resolver reads
/// dictionaries, ``JSONObject``s and ``FieldValueProviding`` values).
public typealias ResolvedValue = (any Sendable)?

/// A synchronous resolver: `(source, arguments, context, info) throws -> value`.
///
/// A thrown error becomes a field error at the field's path (a thrown
/// ``GraphQLError`` keeps its message and extensions).
public typealias SyncFieldResolver = @Sendable (
    _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
) throws -> ResolvedValue

/// An asynchronous resolver: like ``SyncFieldResolver`` but `async`.
///
/// It runs on the executor of its caller (`nonisolated(nonsending)`), so a
/// resolver that does not suspend costs no executor hop.
public typealias AsyncFieldResolver = nonisolated(nonsending) @Sendable (
    _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
) async throws -> ResolvedValue

/// What an ``ImmediateFieldResolver`` found: the value, or that it has to wait.
public enum ImmediateResolution: Sendable {
    /// The value, at once (nil for null).
    case value(ResolvedValue)
    /// No value without waiting: the field's asynchronous resolver runs instead.
    case suspend
}

/// The synchronous half of a field that is usually answered at once (e.g. from a cache) and
/// sometimes has to wait: ``ImmediateResolution/value(_:)`` completes the field inline, as a
/// ``SyncFieldResolver`` would; ``ImmediateResolution/suspend`` hands it to its
/// ``AsyncFieldResolver`` (graphql-js's resolvers that return a value or a promise).
public typealias ImmediateFieldResolver = @Sendable (
    _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
) throws -> ImmediateResolution

/// How one field's value is produced.
///
/// Synchronous resolvers run inline, without tasks or suspension; only
/// asynchronous resolvers make their part of the tree asynchronous.
public enum FieldResolver: Sendable {
    /// A resolver that returns at once.
    case sync(SyncFieldResolver)
    /// A resolver that may suspend.
    case async(AsyncFieldResolver)
    /// A synchronous resolver of sources of a known Swift type.
    case typed(TypedFieldResolver)
    /// A resolver tried synchronously first: when it answers, the field costs no task and
    /// no suspension; when it cannot, the asynchronous resolver runs as for ``async(_:)``.
    case immediateOrAsync(ImmediateFieldResolver, AsyncFieldResolver)
}

/// Picks the object type of a value of an interface or union type: returns
/// the name of an object type that is a possible type of the abstract type
/// (nil: cannot tell, which is a field error).
public typealias TypeResolver = @Sendable (
    _ value: any Sendable, _ context: ResolvedValue, _ info: ResolveInfo
) throws -> String?

/// Whether `value` is of the object type the check is registered for (used
/// for abstract types without a ``TypeResolver``, in possible-type order).
public typealias IsTypeOfCheck = @Sendable (
    _ value: any Sendable, _ context: ResolvedValue, _ info: ResolveInfo
) throws -> Bool

/// Serialisation and parsing of a custom scalar (the built-in scalars need none).
///
/// Errors thrown by the closures become the messages of the coercion errors.
/// A scalar without coercion passes JSON-compatible values through unchanged.
public struct ScalarCoercion: Sendable {
    /// Internal value → JSON result value.
    public var serialize: @Sendable (_ value: any Sendable) throws -> JSONValue
    /// JSON input (a variable's value) → internal input value.
    public var parseValue: @Sendable (_ value: JSONValue) throws -> JSONValue
    /// Literal in a document → internal input value. When nil, the literal is
    /// turned into JSON (variables substituted) and given to `parseValue`.
    public var parseLiteral: (@Sendable (_ literal: Value, _ variables: [String: JSONValue]) throws -> JSONValue)?

    /// A coercion from its three functions (`parseLiteral` optional).
    public init(
        serialize: @escaping @Sendable (_ value: any Sendable) throws -> JSONValue,
        parseValue: @escaping @Sendable (_ value: JSONValue) throws -> JSONValue = { $0 },
        parseLiteral: (@Sendable (_ literal: Value, _ variables: [String: JSONValue]) throws -> JSONValue)? = nil
    ) {
        self.serialize = serialize
        self.parseValue = parseValue
        self.parseLiteral = parseLiteral
    }
}

/// A value that the default resolver can read fields from.
///
/// Conform model types to this instead of writing one resolver per field:
/// `subscript(field:)` returns the stored value of the named field (nil for
/// null or unknown).
public protocol FieldValueProviding: Sendable {
    /// The value of the field named `name`.
    subscript(field name: String) -> ResolvedValue { get }
}

/// A value that knows its GraphQL object type's name (used to resolve
/// interfaces and unions when no ``TypeResolver`` is bound).
public protocol GraphQLTypeNameProviding: Sendable {
    /// The name of the object type of this value.
    var graphQLTypeName: String { get }
}

/// A Swift value that stands for a GraphQL enum value.
public protocol GraphQLEnumValueConvertible: Sendable {
    /// The name of the enum value (as in the schema).
    var graphQLEnumName: String { get }
}
