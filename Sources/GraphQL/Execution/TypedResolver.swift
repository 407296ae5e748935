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
        if Value.self == String.self {
            self = .string(unsafeBitCast(value, to: String.self))
        } else if Value.self == Int.self {
            self = .int(unsafeBitCast(value, to: Int.self))
        } else if Value.self == Double.self {
            self = .double(unsafeBitCast(value, to: Double.self))
        } else if Value.self == Bool.self {
            self = .bool(unsafeBitCast(value, to: Bool.self))
        } else if Value.self == [String].self {
            self = .stringList(unsafeBitCast(value, to: [String].self))
        } else if Value.self == String?.self {
            self = unsafeBitCast(value, to: String?.self).map { .string($0) } ?? .null
        } else if Value.self == Int?.self {
            self = unsafeBitCast(value, to: Int?.self).map { .int($0) } ?? .null
        } else if Value.self == Double?.self {
            self = unsafeBitCast(value, to: Double?.self).map { .double($0) } ?? .null
        } else if Value.self == Bool?.self {
            self = unsafeBitCast(value, to: Bool?.self).map { .bool($0) } ?? .null
        } else {
            other = value
            self = .other
        }
    }
}

/// Calls `body` with `source` as a `Source`: borrowed in place when the
/// existential holds exactly a `Source` stored inline (no copy, no dynamic
/// cast), else through a dynamic cast; a source of another type is an error.
@inlinable @inline(__always)
func withTypedSource<Source, Result>(_ source: ResolvedValue, as sourceType: Source.Type, typeName: String,
                                     _ body: (Source) throws -> Result) throws -> Result {
    try withUnsafePointer(to: source) { pointer in
        let raw = UnsafeRawPointer(pointer)
        if isExactInlineValue(raw, of: Source.self) {
            return try body(raw.assumingMemoryBound(to: Source.self).pointee)
        }
        guard let typed = pointer.pointee.flatMap({ $0 as? Source }) else {
            throw sourceTypeMismatch(typeName, pointer.pointee)
        }
        return try body(typed)
    }
}

/// Whether the `(any Sendable)?` at `raw` holds a value of exactly the type
/// `type`, stored in the existential's inline buffer.
@usableFromInline
func isExactInlineValue(_ raw: UnsafeRawPointer, of type: any Any.Type) -> Bool {
    guard let metadata = ExistentialLayout.metadata(raw) else { return false }
    return metadata == unsafeBitCast(type, to: UnsafeRawPointer.self) && isStoredInline(type)
}

/// The error for a source that is not of a typed resolver's source type.
@usableFromInline
func sourceTypeMismatch(_ typeName: String, _ source: ResolvedValue) -> GraphQLError {
    GraphQLError(message: "Expected a source value of type \(typeName), got: \(Inspect.any(source)).")
}

/// The layout of a `(any Sendable)?` (stable ABI): the value buffer (three
/// words), then the type metadata pointer, null for `nil`.
enum ExistentialLayout {
    /// Whether the layout is the expected one (a constant).
    @inline(__always) static var isExpected: Bool {
        MemoryLayout<ResolvedValue>.size == 4 * MemoryLayout<UnsafeRawPointer>.size
    }

    /// The type metadata of the value in the container at `raw` (nil for `nil`).
    @inline(__always) static func metadata(_ raw: UnsafeRawPointer) -> UnsafeRawPointer? {
        guard isExpected else { return nil }
        return raw.load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self)
    }
}
