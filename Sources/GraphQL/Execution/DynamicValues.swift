import JSON

// Cheap checks on resolved values (existentials). Comparing metatypes is a
// pointer comparison; dynamic casts and protocol conformance lookups are
// much slower, so they only run after a metatype check says they will match
// or when nothing cheaper applies.

/// Whether two metatypes are the same type.
@inline(__always) func isSameType(_ lhs: any Any.Type, _ rhs: any Any.Type) -> Bool {
    ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
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
