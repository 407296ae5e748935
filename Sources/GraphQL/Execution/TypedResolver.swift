import JSON

/// A synchronous resolver of a field on sources of a known Swift type: a
/// function from the source to the field's value, such as `{ $0.name }`.
///
/// Bound with ``ResolverMap/field(_:_:on:_:)``. The engine hands the function
/// its source already typed (a class or inline value is read in place, no
/// dynamic cast) and takes back common leaf values (`String`, `Int`,
/// `Double`, `Bool` and their optionals) without boxing them, so a typed
/// resolver costs little more than reading the property. Such a resolver
/// gets no arguments, context or ``ResolveInfo``; use ``SyncFieldResolver``
/// when it needs them.
public struct TypedFieldResolver: Sendable {
    /// The name of the source type, for the error when a source is of another type.
    @usableFromInline let sourceTypeName: String
    /// Resolves the field on `source`: a leaf value unboxed, or ``TypedLeaf/other``
    /// with the value written to `other`.
    @usableFromInline let call: @Sendable (_ source: ResolvedValue, _ other: inout ResolvedValue) throws -> TypedLeaf

    /// A resolver reading a `Value` from a `Source`.
    @inlinable
    public init<Source: Sendable, Value: Sendable>(
        on sourceType: Source.Type, _ resolve: @escaping @Sendable (Source) throws -> Value
    ) {
        let name = String(describing: sourceType)
        sourceTypeName = name
        call = { source, other in
            try withTypedSource(source, as: Source.self, typeName: name) { TypedLeaf(try resolve($0), other: &other) }
        }
    }

    /// A resolver reading a list, `[Item]`, from a `Source`.
    ///
    /// The items reach the engine as `[any Sendable]`, boxed by this code (specialised for `Item`),
    /// which a list field reads in place. Handed over as `[Item]`, the list would go through the
    /// runtime's array cast, which checks and boxes it item by item: 2% of a 20-item list query's
    /// CPU (see docs/performance.md, "Fast paths"). `[String]` keeps its unboxed leaf, and an
    /// `[any Sendable]` is handed over as it is.
    @inlinable
    public init<Source: Sendable, Item: Sendable>(
        on sourceType: Source.Type, list resolve: @escaping @Sendable (Source) throws -> [Item]
    ) {
        if Item.self == String.self || Item.self == (any Sendable).self {
            self.init(on: sourceType, resolve)
        } else {
            self.init(on: sourceType) { source in try resolve(source).map { $0 as any Sendable } }
        }
    }
}

/// A typed resolver's value when it is a common leaf (unboxed, a plain
/// enum cheap to move), or ``other`` for a value handed over separately.
@usableFromInline
enum TypedLeaf {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case stringList([String])
    case null
    case other

    /// The leaf for `value`, or ``other`` after storing `value` in `other`.
    @inlinable @inline(__always)
    init<Value: Sendable>(_ value: Value, other: inout ResolvedValue) {
        // Each `Value.self ==` test is decided at compile time once the resolver is
        // specialised, and so is the cast after it; the casts are conditional so that
        // nothing here can trap.
        if Value.self == String.self, let value = value as? String {
            self = .string(value)
        } else if Value.self == Int.self, let value = value as? Int {
            self = .int(value)
        } else if Value.self == Double.self, let value = value as? Double {
            self = .double(value)
        } else if Value.self == Bool.self, let value = value as? Bool {
            self = .bool(value)
        } else if Value.self == [String].self, let value = value as? [String] {
            self = .stringList(value)
        } else if Value.self == String?.self, let value = value as? String? {
            self = value.map { .string($0) } ?? .null
        } else if Value.self == Int?.self, let value = value as? Int? {
            self = value.map { .int($0) } ?? .null
        } else if Value.self == Double?.self, let value = value as? Double? {
            self = value.map { .double($0) } ?? .null
        } else if Value.self == Bool?.self, let value = value as? Bool? {
            self = value.map { .bool($0) } ?? .null
        } else {
            other = value
            self = .other
        }
    }
}

/// A resolver's source as a `Source`, as a typed resolver gets its own: read in place when the
/// value is exactly a `Source` held inline (a class reference, or a small value), through a
/// dynamic cast otherwise. A source of another type throws the typed resolvers' error (a field
/// error).
///
/// For resolvers that also need their arguments, context or ``ResolveInfo``, or that are
/// asynchronous:
/// `resolvers.asyncField("Item", "price") { source, _, _, _ in try await prices.load(typedSource(source, as: Item.self)) }`.
@inlinable
public func typedSource<Source: Sendable>(_ source: ResolvedValue, as sourceType: Source.Type) throws -> Source {
    try withTypedSource(source, as: sourceType, typeName: String(describing: sourceType)) { $0 }
}

/// The error for a source that is not of a typed resolver's source type.
@usableFromInline
func sourceTypeMismatch(_ typeName: String, _ source: ResolvedValue) -> GraphQLError {
    GraphQLError(message: "Expected a source value of type \(typeName), got: \(Inspect.any(source)).")
}
