import JSON

/// The fields of one source value for the default resolver, opened once
/// per object as a ``FieldValueProviding`` (JSON objects and dictionaries
/// through small adapters); the executor then reads each field through the
/// borrowed existential, copying nothing per field.
enum SourceFields {
    /// The fields of `source`, classified through the process-wide cache.
    static func of(_ source: ResolvedValue) -> any FieldValueProviding {
        of(source.map { SourceAccess.of($0).access.kind }, source)
    }

    /// The fields of `source`, whose dynamic type `kind` was worked out for.
    static func of(_ kind: SourceAccess.Kind?, _ source: ResolvedValue) -> any FieldValueProviding {
        switch kind {
        case .provider(let type)?:
            return open(type, source)
        case .jsonValue?:
            if let json = source as? JSONValue, case .object(let members) = json {
                return JSONObjectFields(object: members)
            }
        case .jsonObject?:
            if let object = source as? JSONObject { return JSONObjectFields(object: object) }
        case .dictionary?:
            if let dictionary = source as? [String: any Sendable] { return DictionaryFields(dictionary: dictionary) }
        case .optionalDictionary?:
            if let dictionary = source as? [String: ResolvedValue] {
                return OptionalDictionaryFields(dictionary: dictionary)
            }
        case .dynamic?:
            return dynamicFields(source)
        case nil:
            break
        }
        return NoFields()
    }

    /// The fields of `source` found by dynamic casts, in the default resolver's order of kinds.
    private static func dynamicFields(_ source: ResolvedValue) -> any FieldValueProviding {
        if let json = source as? JSONValue {
            if case .object(let members) = json { return JSONObjectFields(object: members) }
            return NoFields()
        }
        if let object = source as? JSONObject { return JSONObjectFields(object: object) }
        if let provider = source as? any FieldValueProviding { return provider }
        if let dictionary = source as? [String: any Sendable] { return DictionaryFields(dictionary: dictionary) }
        if let dictionary = source as? [String: ResolvedValue] {
            return OptionalDictionaryFields(dictionary: dictionary)
        }
        return NoFields()
    }

    /// `source` as a provider of type `P` (a cast to a concrete type: no conformance lookup).
    private static func open<P: FieldValueProviding>(_: P.Type, _ source: ResolvedValue) -> any FieldValueProviding {
        guard let value = source else { return NoFields() }
        return provider(value, as: P.self)
    }

    /// `value` (opened: its own type `T`, which is `P` for the sources the plan's access was
    /// worked out for) as a `P`: a cast from `P` to `P`, which the runtime answers with a copy,
    /// not by unwrapping an existential and checking a class. Matched as a pattern: `as? P`
    /// would look up the metadata of `P?` on every call.
    private static func provider<T: Sendable, P: FieldValueProviding>(_ value: T, as _: P.Type)
        -> any FieldValueProviding
    {
        switch value {
        case let provider as P: return provider
        default: return NoFields()
        }
    }
}

/// A source without readable fields: every field is nil.
struct NoFields: FieldValueProviding {
    subscript(field name: String) -> ResolvedValue { nil }
}

/// The members of a JSON object as fields.
private struct JSONObjectFields: FieldValueProviding {
    let object: JSONObject
    subscript(field name: String) -> ResolvedValue { object[name] }
}

/// The entries of a dictionary as fields.
private struct DictionaryFields: FieldValueProviding {
    let dictionary: [String: any Sendable]
    subscript(field name: String) -> ResolvedValue { dictionary[name] }
}

/// The entries of a dictionary of optionals as fields.
private struct OptionalDictionaryFields: FieldValueProviding {
    let dictionary: [String: ResolvedValue]
    subscript(field name: String) -> ResolvedValue { dictionary[name] ?? nil }
}
