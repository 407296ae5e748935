import JSON

// Cheap checks on resolved values (existentials). Comparing metatypes is a
// pointer comparison; dynamic casts and protocol conformance lookups are
// much slower, so they only run after a metatype check says they will match
// or when nothing cheaper applies.

/// The metadata kind of `Optional` (`MetadataKind::Optional`, stable ABI).
private let optionalMetadataKind: UInt = 0x202

/// Whether `type` is an `Optional` type.
@inline(__always) func isOptionalType(_ type: any Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return metadata.load(as: UInt.self) == optionalMetadataKind
}

/// Whether two metatypes are the same type.
@inline(__always) func isSameType(_ lhs: any Any.Type, _ rhs: any Any.Type) -> Bool {
    ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
}

/// The value held by the existential `value`, whose dynamic type the caller
/// has checked to be exactly `T` (``isSameType(_:_:)``), read without a
/// dynamic cast. Only for types stored inline in an existential's buffer
/// (at most three words, word-aligned, bitwise-takable: `String`, `Int`,
/// `Double`, `Bool`, arrays, class references).
@inline(__always) func loadExactType<T>(_ value: any Sendable, as type: T.Type) -> T {
    withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
}

/// Whether a non-nil resolved value stands for null: ``JSONValue/null`` or a
/// boxed `Optional.none` (e.g. an item of a `[String?]`).
@inline(__always) func isNullValue(_ value: any Sendable) -> Bool {
    let type = type(of: value)
    if isSameType(type, JSONValue.self) {
        if let json = value as? JSONValue, case .null = json { return true }
        return false
    }
    if isOptionalType(type) { return isNoneOptional(value) }
    return false
}
