import JSON

/// The AST literal for a runtime input value of `type`, as graphql-js's
/// `astFromValue`: input object fields in the type's order (absent ones left
/// out), a non-list value for a list type as that item, numbers as `Int`
/// literals when integral, an `ID` of digits as an `Int` literal. Returns nil
/// when the value cannot be represented (e.g. null for a non-null type, a
/// name that is not a value of the enum).
public func astFromValue(_ value: JSONValue, type: GraphQLType) -> Value? {
    switch type {
    case .nonNull(let inner):
        guard let ast = astFromValue(value, type: inner) else { return nil }
        if case .null = ast { return nil }
        return ast
    case .list(let itemType):
        if case .null = value { return .null(NullValue()) }
        if case .array(let items) = value {
            return .list(ListValue(values: items.compactMap { astFromValue($0, type: itemType) }))
        }
        return astFromValue(value, type: itemType)
    case .named(let named):
        if case .null = value { return .null(NullValue()) }
        switch named {
        case .inputObject(let input):
            guard case .object(let object) = value else { return nil }
            var fields: [ObjectField] = []
            for field in input.fields {
                guard let fieldValue = object[field.name], let ast = astFromValue(fieldValue, type: field.type) else {
                    continue
                }
                fields.append(ObjectField(name: Name(value: field.name), value: ast))
            }
            return .object(ObjectValue(fields: fields))
        case .enum(let enumType):
            guard case .string(let name) = value, enumType.value(named: name) != nil else { return nil }
            return .enumValue(EnumValue(value: name))
        case .scalar(let scalar):
            return astFromScalar(value, scalar: scalar)
        case .object, .interface, .union:
            return nil
        }
    }
}

private func astFromScalar(_ value: JSONValue, scalar: GraphQLScalarType) -> Value? {
    let serialized: JSONValue
    if scalar.isSpecified {
        guard let value = serializeSpecifiedScalar(value, name: scalar.name) else { return nil }
        serialized = value
    } else {
        serialized = value
    }
    switch serialized {
    case .null: return nil
    case .bool(let flag): return .boolean(BooleanValue(value: flag))
    case .int(let number): return .int(IntValue(value: String(number)))
    case .double(let number):
        guard number.isFinite else { return nil }
        let text = javaScriptNumberString(number)
        return isIntegerString(text) ? .int(IntValue(value: text)) : .float(FloatValue(value: text))
    case .string(let text):
        if scalar === GraphQLScalarType.id && isIntegerString(text) { return .int(IntValue(value: text)) }
        return .string(StringValue(value: text))
    case .array, .object:
        // graphql-js throws "Cannot convert value to AST" here.
        return nil
    }
}

/// The result coercion of the built-in scalars (graphql-js's `serialize`), on runtime values.
func serializeSpecifiedScalar(_ value: JSONValue, name: String) -> JSONValue? {
    switch name {
    case "Int":
        switch value {
        case .int(let number): return number >= graphQLMinInt && number <= graphQLMaxInt ? .int(number) : nil
        case .double(let number):
            guard number.rounded() == number, number >= Double(graphQLMinInt), number <= Double(graphQLMaxInt) else {
                return nil
            }
            return .int(Int(number))
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .string(let text):
            guard !text.isEmpty, let number = Double(text), number.rounded() == number,
                number >= Double(graphQLMinInt), number <= Double(graphQLMaxInt)
            else { return nil }
            return .int(Int(number))
        default: return nil
        }
    case "Float":
        switch value {
        case .int(let number): return .double(Double(number))
        case .double(let number): return number.isFinite ? .double(number) : nil
        case .bool(let flag): return .double(flag ? 1 : 0)
        case .string(let text):
            guard !text.isEmpty, let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        default: return nil
        }
    case "String":
        switch value {
        case .string: return value
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .int(let number): return .string(String(number))
        case .double(let number): return number.isFinite ? .string(javaScriptNumberString(number)) : nil
        default: return nil
        }
    case "Boolean":
        switch value {
        case .bool: return value
        case .int(let number): return .bool(number != 0)
        case .double(let number): return number.isFinite ? .bool(number != 0) : nil
        default: return nil
        }
    case "ID":
        switch value {
        case .string: return value
        case .int(let number): return .string(String(number))
        case .double(let number):
            guard number.rounded() == number, number.isFinite else { return nil }
            return .string(javaScriptNumberString(number))
        default: return nil
        }
    default:
        return value
    }
}

/// `/^-?(?:0|[1-9][0-9]*)$/`.
func isIntegerString(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard let first = bytes.first, first >= 48, first <= 57 else { return false }
    if first == 48 { return bytes.count == 1 }
    return bytes.allSatisfy { $0 >= 48 && $0 <= 57 }
}
