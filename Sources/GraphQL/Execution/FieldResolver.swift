import Base
import JSON

/// A value produced by a resolver: any sendable value, or nil for null.
///
/// Leaves may be `String`, `Int` (and the other fixed-width integers),
/// `Double`, `Float`, `Bool`, ``JSONValue`` or an enum value's name; lists are
/// Swift arrays (or ``JSONValue/array(_:)``); objects are whatever the
/// resolvers of the object type's fields expect (the default resolver reads
/// dictionaries, ``JSONObject``s and ``FieldValueProviding`` values).
public typealias ResolvedValue = (any Sendable)?

/// A field's value as a resolver gives it: ready now, or to be awaited (graphql-js's
/// `PromiseOrValue`). A ready value completes inline, with no task; pending work runs in the
/// executor's asynchronous phase.
public enum Resolution: Sendable {
    /// The value, now (nil for null).
    case ready(ResolvedValue)
    /// The work that produces it.
    case pending(Eventual<ResolvedValue>.Work)
    /// An asynchronous function to call with the field's own source, arguments, context and
    /// ``ResolveInfo``: pending work described without capturing them (no allocation per
    /// field; what ``ResolverMap/asyncField(_:_:_:)`` returns).
    case awaiting(AsyncFieldResolver)

    /// The resolution of an eventual value.
    @inlinable @inline(__always)
    public init<Value: Sendable>(_ value: Eventual<Value>) {
        switch value {
        case .ready(let ready): self = .ready(ready)
        case .pending(let work): self = .pending { try await work() }
        }
    }
}

/// A resolver: `(source, arguments, context, info) throws -> Resolution`, one body whether the
/// value is at hand (``Eventual/ready(_:)``) or must be awaited (``Eventual/pending(_:)``).
///
/// A thrown error (now, or from the pending work) becomes a field error at the field's path (a
/// thrown ``GraphQLError`` keeps its message and extensions).
public typealias GeneralFieldResolver =
    @Sendable (
        _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
    ) throws -> Resolution

/// A resolver whose value is always at hand; bound as a ``GeneralFieldResolver`` that is always
/// ready (``ResolverMap/field(_:_:_:)``).
public typealias SyncFieldResolver =
    @Sendable (
        _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
    ) throws -> ResolvedValue

/// A resolver whose value is always awaited; bound as a ``GeneralFieldResolver`` that is always
/// pending (``ResolverMap/asyncField(_:_:_:)``). It runs on the executor of its caller
/// (`nonisolated(nonsending)`), so a resolver that does not suspend costs no executor hop.
public typealias AsyncFieldResolver =
    nonisolated(nonsending) @Sendable (
        _ source: ResolvedValue, _ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo
    ) async throws -> ResolvedValue

/// How one field's value is produced (a field without one uses the default resolver, which
/// reads the field from its source: the spec's default field resolution).
public enum FieldResolver: Sendable {
    /// A function of a source of a known Swift type: the cheapest resolver (no cast, no
    /// arguments, leaves unboxed).
    case typed(TypedFieldResolver)
    /// Any other resolver: arguments, context and ``ResolveInfo``, a value ready or pending.
    case general(GeneralFieldResolver)
}

/// Picks the object type of a value of an interface or union type: returns
/// the name of an object type that is a possible type of the abstract type
/// (nil: cannot tell, which is a field error).
public typealias TypeResolver =
    @Sendable (
        _ value: any Sendable, _ context: ResolvedValue, _ info: ResolveInfo
    ) throws -> String?

/// Whether `value` is of the object type the check is registered for (used
/// for abstract types without a ``TypeResolver``, in possible-type order).
public typealias IsTypeOfCheck =
    @Sendable (
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
