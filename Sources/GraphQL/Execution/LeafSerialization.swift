import JSON

/// Thrown by a serializer when the value stands for null.
enum NullSerialization: Error {
    case null
}

extension ExecutionContext {
    /// The result value of a scalar (graphql-js `serialize` of the built-ins,
    /// or the custom scalar's ``ScalarCoercion``).
    func serializeScalar(_ scalar: GraphQLScalarType, _ value: any Sendable) throws -> JSONValue {
        if scalar === GraphQLScalarType.string { return try LeafSerializer.string(value) }
        if scalar === GraphQLScalarType.int { return try LeafSerializer.int(value) }
        if scalar === GraphQLScalarType.float { return try LeafSerializer.float(value) }
        if scalar === GraphQLScalarType.boolean { return try LeafSerializer.boolean(value) }
        if scalar === GraphQLScalarType.id { return try LeafSerializer.id(value) }
        if isNullValue(value) { throw NullSerialization.null }
        if let coercion = executable.scalars[scalar.name] {
            let result = try coercion.serialize(value)
            if result.isNull {
                throw GraphQLError(
                    message:
                        "Expected `\(scalar.name).serialize(\(Inspect.any(value)))` to return non-nullable value, returned: null"
                )
            }
            return result
        }
        guard let json = JSONValue(resolved: value) else {
            throw GraphQLError(
                message:
                    "Expected `\(scalar.name).serialize(\(Inspect.any(value)))` to return non-nullable value, returned: undefined"
            )
        }
        return json
    }

    /// The result value of a leaf of a planned kind (throws ``NullSerialization/null`` for null values).
    @inline(__always)
    func serializeLeaf(_ leaf: LeafKind, _ value: any Sendable) throws -> JSONValue {
        switch leaf {
        case .string: return try LeafSerializer.string(value)
        case .int: return try LeafSerializer.int(value)
        case .float: return try LeafSerializer.float(value)
        case .boolean: return try LeafSerializer.boolean(value)
        case .id: return try LeafSerializer.id(value)
        case .enumType(let type): return try serializeEnum(type, value)
        case .custom(let scalar): return try serializeScalar(scalar, value)
        }
    }

    /// The result value of an enum: the name of one of its values.
    func serializeEnum(_ type: GraphQLEnumType, _ value: any Sendable) throws -> JSONValue {
        let name: String
        switch value {
        case let string as String: name = string
        case let convertible as any GraphQLEnumValueConvertible: name = convertible.graphQLEnumName
        case let json as JSONValue:
            if case .null = json { throw NullSerialization.null }
            guard case .string(let string) = json else {
                throw GraphQLError(message: "Enum \"\(type.name)\" cannot represent value: \(Inspect.json(json))")
            }
            name = string
        case let raw as any RawRepresentable<String>: name = raw.rawValue
        default:
            if isNoneOptional(value) { throw NullSerialization.null }
            throw GraphQLError(message: "Enum \"\(type.name)\" cannot represent value: \(Inspect.any(value))")
        }
        guard type.value(named: name) != nil else {
            throw GraphQLError(message: "Enum \"\(type.name)\" cannot represent value: \(Inspect.json(.string(name)))")
        }
        return .string(name)
    }
}

/// The built-in scalars' output coercion, with graphql-js's rules and messages.
enum LeafSerializer {
    /// A number or Boolean from common Swift and JSON representations.
    private enum Primitive {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case other
    }

    private static func primitive(_ value: any Sendable) throws -> Primitive {
        switch value {
        case let string as String: return .string(string)
        case let int as Int: return .int(int)
        case let double as Double: return .double(double)
        case let bool as Bool: return .bool(bool)
        case let json as JSONValue:
            switch json {
            case .null: throw NullSerialization.null
            case .string(let string): return .string(string)
            case .int(let int): return .int(int)
            case .double(let double): return .double(double)
            case .bool(let bool): return .bool(bool)
            default: return .other
            }
        case let float as Float: return .double(Double(float))
        case let int as Int32: return .int(Int(int))
        case let int as Int64: return .int(Int(int))
        case let int as Int16: return .int(Int(int))
        case let int as Int8: return .int(Int(int))
        case let int as UInt32: return .int(Int(int))
        case let int as UInt16: return .int(Int(int))
        case let int as UInt8: return .int(Int(int))
        case let int as UInt: return int <= UInt(Int.max) ? .int(Int(int)) : .double(Double(int))
        case let int as UInt64: return int <= UInt64(Int.max) ? .int(Int(int)) : .double(Double(int))
        case let substring as Substring: return .string(String(substring))
        default:
            if isNoneOptional(value) { throw NullSerialization.null }
            return .other
        }
    }

    /// JavaScript's `Number(string)` for the strings a resolver may return.
    private static func number(_ string: String) -> Double? {
        let trimmed = string.trimmingWhitespace
        if trimmed.isEmpty { return nil }
        return Double(trimmed)
    }

    static func int(_ value: any Sendable) throws -> JSONValue {
        if isSameType(type(of: value), Int.self) {
            let int = loadExactType(value, as: Int.self)
            guard int >= graphQLMinInt, int <= graphQLMaxInt else {
                throw GraphQLError(message: "Int cannot represent non 32-bit signed integer value: \(int)")
            }
            return .int(int)
        }
        let number: Double
        switch try primitive(value) {
        case .int(let int):
            guard int >= graphQLMinInt, int <= graphQLMaxInt else {
                throw GraphQLError(message: "Int cannot represent non 32-bit signed integer value: \(int)")
            }
            return .int(int)
        case .double(let double): number = double
        case .bool(let bool): return .int(bool ? 1 : 0)
        case .string(let string):
            guard let parsed = Self.number(string) else {
                throw GraphQLError(message: "Int cannot represent non-integer value: \(Inspect.any(value))")
            }
            number = parsed
        case .other:
            throw GraphQLError(message: "Int cannot represent non-integer value: \(Inspect.any(value))")
        }
        guard number.isFinite, number.rounded(.towardZero) == number else {
            throw GraphQLError(message: "Int cannot represent non-integer value: \(Inspect.any(value))")
        }
        guard number >= Double(graphQLMinInt), number <= Double(graphQLMaxInt) else {
            throw GraphQLError(message: "Int cannot represent non 32-bit signed integer value: \(Inspect.any(value))")
        }
        return .int(Int(number))
    }

    static func float(_ value: any Sendable) throws -> JSONValue {
        if isSameType(type(of: value), Double.self) {
            let double = loadExactType(value, as: Double.self)
            guard double.isFinite else {
                throw GraphQLError(
                    message: "Float cannot represent non numeric value: \(javaScriptNumberString(double))")
            }
            return .double(double)
        }
        switch try primitive(value) {
        case .int(let int): return .double(Double(int))
        case .double(let double):
            guard double.isFinite else {
                throw GraphQLError(
                    message: "Float cannot represent non numeric value: \(javaScriptNumberString(double))")
            }
            return .double(double)
        case .bool(let bool): return .double(bool ? 1 : 0)
        case .string(let string):
            guard let number = Self.number(string), number.isFinite else {
                throw GraphQLError(message: "Float cannot represent non numeric value: \(Inspect.any(value))")
            }
            return .double(number)
        case .other:
            throw GraphQLError(message: "Float cannot represent non numeric value: \(Inspect.any(value))")
        }
    }

    static func string(_ value: any Sendable) throws -> JSONValue {
        if isSameType(type(of: value), String.self) { return .string(loadExactType(value, as: String.self)) }
        switch try primitive(value) {
        case .string(let string): return .string(string)
        case .bool(let bool): return .string(bool ? "true" : "false")
        case .int(let int): return .string(String(int))
        case .double(let double):
            guard double.isFinite else { break }
            return .string(javaScriptNumberString(double))
        case .other:
            if let convertible = value as? any GraphQLEnumValueConvertible {
                return .string(convertible.graphQLEnumName)
            }
        }
        throw GraphQLError(message: "String cannot represent value: \(Inspect.any(value))")
    }

    static func boolean(_ value: any Sendable) throws -> JSONValue {
        if isSameType(type(of: value), Bool.self) { return .bool(loadExactType(value, as: Bool.self)) }
        switch try primitive(value) {
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .bool(int != 0)
        case .double(let double) where double.isFinite: return .bool(double != 0)
        default:
            throw GraphQLError(message: "Boolean cannot represent a non boolean value: \(Inspect.any(value))")
        }
    }

    static func id(_ value: any Sendable) throws -> JSONValue {
        if isSameType(type(of: value), String.self) { return .string(loadExactType(value, as: String.self)) }
        switch try primitive(value) {
        case .string(let string): return .string(string)
        case .int(let int): return .string(String(int))
        case .double(let double) where double.isFinite && double.rounded(.towardZero) == double:
            return .string(javaScriptNumberString(double))
        default:
            throw GraphQLError(message: "ID cannot represent value: \(Inspect.any(value))")
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
