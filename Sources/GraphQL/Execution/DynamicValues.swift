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

/// The items of `value` when it is a Swift array, as a list field reads them; nil otherwise.
///
/// `[any Sendable]` is read in place after a metatype check. A typed array (`[Item]`) goes
/// through the runtime's cast, which checks and boxes it item by item: 2% of a 20-item list
/// query's CPU. Typed resolvers of lists therefore hand over `[any Sendable]`, boxed by code
/// specialised for their items (``TypedFieldResolver/init(on:list:)``; docs/performance.md,
/// "Fast paths"); the cast remains for general resolvers that return typed arrays.
@inline(__always) func listItems(_ value: any Sendable) -> [any Sendable]? {
    if isSameType(type(of: value), [any Sendable].self) { return loadExactType(value, as: [any Sendable].self) }
    return value as? [any Sendable]
}
