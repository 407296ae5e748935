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

/// How the default resolver reads fields from a source value.
enum SourceReader {
    case provider(any FieldValueProviding)
    case json(JSONObject)
    case dictionary([String: any Sendable])
    case optionalDictionary([String: (any Sendable)?])
    case none

    init(_ source: ResolvedValue) {
        guard let source else { self = .none; return }
        let type = type(of: source)
        if isSameType(type, JSONValue.self) {
            if let json = source as? JSONValue, case .object(let object) = json { self = .json(object) } else { self = .none }
            return
        }
        if isSameType(type, JSONObject.self), let object = source as? JSONObject { self = .json(object); return }
        if let provider = source as? any FieldValueProviding { self = .provider(provider); return }
        if let dictionary = source as? [String: any Sendable] { self = .dictionary(dictionary); return }
        if let dictionary = source as? [String: (any Sendable)?] { self = .optionalDictionary(dictionary); return }
        self = .none
    }

    @inline(__always) func read(_ name: String) -> ResolvedValue {
        switch self {
        case .provider(let provider): return provider[field: name]
        case .json(let object): return object[name]
        case .dictionary(let dictionary): return dictionary[name]
        case .optionalDictionary(let dictionary): return dictionary[name] ?? nil
        case .none: return nil
        }
    }
}
