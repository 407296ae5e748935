import JSON

// Runtime input values are `JSONValue`s: `Int` → `.int`, `Float` → `.double`,
// `String` and `ID` → `.string`, `Boolean` → `.bool`, an enum value → `.string`
// with its name, a list → `.array`, an input object → `.object` (fields in
// the type's field order), null → `.null`. A custom scalar keeps the literal's
// shape (`valueFromASTUntyped`).

/// Coerces an AST value to a runtime input value of `type`, as graphql-js's
/// `valueFromAST`: returns nil when the value is invalid for the type (never
/// throws); `.null` is a valid null. `variables` are the coerced variable
/// values; a variable absent from them is invalid (or omitted inside lists and
/// input objects, where defaults apply).
public func valueFromAST(_ valueNode: Value, type: GraphQLType, variables: [String: JSONValue]? = nil) -> JSONValue? {
    var budget = maxDefaultExpansions
    return coerceLiteral(valueNode, type: type, variables: variables, defaultsDepth: 0, budget: &budget)
}

/// How many input field defaults one coercion may expand in all (hostile SDL
/// could otherwise make nested defaults expand exponentially).
private let maxDefaultExpansions = 1_000

/// How many input field defaults may be expanded inside one another: a cycle
/// of defaults (`input A { b: B = {} } input B { a: A = {} }`) makes the value
/// invalid instead of recursing forever.
private let maxNestedDefaults = 32

private func coerceLiteral(
    _ valueNode: Value, type: GraphQLType, variables: [String: JSONValue]?,
    defaultsDepth: Int, budget: inout Int
) -> JSONValue? {
    if case .variable(let variable) = valueNode {
        guard let value = variables?[variable.name.value] else { return nil }
        if value == .null && type.isNonNull { return nil }
        return value
    }
    switch type {
    case .nonNull(let inner):
        if case .null = valueNode { return nil }
        return coerceLiteral(
            valueNode, type: inner, variables: variables, defaultsDepth: defaultsDepth, budget: &budget)
    case .list(let itemType):
        if case .null = valueNode { return .null }
        if case .list(let list) = valueNode {
            var coerced: [JSONValue] = []
            coerced.reserveCapacity(list.values.count)
            for item in list.values {
                if isMissingVariable(item, variables) {
                    if itemType.isNonNull { return nil }
                    coerced.append(.null)
                } else {
                    guard
                        let value = coerceLiteral(
                            item, type: itemType, variables: variables, defaultsDepth: defaultsDepth, budget: &budget)
                    else { return nil }
                    coerced.append(value)
                }
            }
            return .array(coerced)
        }
        guard
            let value = coerceLiteral(
                valueNode, type: itemType, variables: variables, defaultsDepth: defaultsDepth, budget: &budget)
        else { return nil }
        return .array([value])
    case .named(let named):
        if case .null = valueNode { return .null }
        switch named {
        case .inputObject(let input):
            guard case .object(let object) = valueNode else { return nil }
            var coerced = JSONObject()
            for field in input.fields {
                let fieldNode = object.fields.first { $0.name.value == field.name }
                if let fieldNode, !isMissingVariable(fieldNode.value, variables) {
                    guard
                        let value = coerceLiteral(
                            fieldNode.value, type: field.type, variables: variables, defaultsDepth: defaultsDepth,
                            budget: &budget)
                    else { return nil }
                    coerced.append(field.name, value)
                } else if let defaultValue = field.defaultValue {
                    if let value = field.coercedDefaultValue {
                        coerced.append(field.name, value)
                        continue
                    }
                    budget -= 1
                    guard defaultsDepth < maxNestedDefaults, budget > 0,
                        let value = coerceLiteral(
                            defaultValue, type: field.type, variables: nil,
                            defaultsDepth: defaultsDepth + 1, budget: &budget)
                    else {
                        // An invalid default counts as none (graphql-js keeps it undefined).
                        if field.type.isNonNull { return nil }
                        continue
                    }
                    coerced.append(field.name, value)
                } else if field.type.isNonNull {
                    return nil
                }
            }
            if input.isOneOf {
                guard coerced.count == 1, coerced.entries[0].value != .null else { return nil }
            }
            return .object(coerced)
        case .enum(let enumType):
            guard case .enumValue(let literal) = valueNode, enumType.value(named: literal.value) != nil else {
                return nil
            }
            return .string(literal.value)
        case .scalar(let scalar):
            return parseScalarLiteral(valueNode, scalar: scalar, variables: variables)
        case .object, .interface, .union:
            return nil
        }
    }
}

/// Coerces a literal for a scalar type: the built-ins as graphql-js's
/// `parseLiteral`, custom scalars as `valueFromASTUntyped`.
public func parseScalarLiteral(_ valueNode: Value, scalar: GraphQLScalarType, variables: [String: JSONValue]? = nil)
    -> JSONValue?
{
    guard scalar.isSpecified else { return valueFromASTUntyped(valueNode, variables: variables) }
    switch scalar.name {
    case "Int":
        guard case .int(let literal) = valueNode, let value = Int(literal.value),
            value >= graphQLMinInt, value <= graphQLMaxInt
        else { return nil }
        return .int(value)
    case "Float":
        let text: String
        switch valueNode {
        case .int(let literal): text = literal.value
        case .float(let literal): text = literal.value
        default: return nil
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    case "String":
        guard case .string(let literal) = valueNode else { return nil }
        return .string(literal.value)
    case "Boolean":
        guard case .boolean(let literal) = valueNode else { return nil }
        return .bool(literal.value)
    case "ID":
        switch valueNode {
        case .string(let literal): return .string(literal.value)
        case .int(let literal): return .string(literal.value)
        default: return nil
        }
    default:
        return valueFromASTUntyped(valueNode, variables: variables)
    }
}

/// The JavaScript-like value of a literal, with no type: as graphql-js's
/// `valueFromASTUntyped` (an absent variable gives nil).
public func valueFromASTUntyped(_ valueNode: Value, variables: [String: JSONValue]? = nil) -> JSONValue? {
    switch valueNode {
    case .null: return .null
    case .int(let literal):
        if let value = Int(literal.value) { return .int(value) }
        guard let value = Double(literal.value), value.isFinite else { return nil }
        return .double(value)
    case .float(let literal):
        guard let value = Double(literal.value), value.isFinite else { return nil }
        return .double(value)
    case .string(let literal): return .string(literal.value)
    case .enumValue(let literal): return .string(literal.value)
    case .boolean(let literal): return .bool(literal.value)
    case .list(let list):
        var values: [JSONValue] = []
        for item in list.values {
            guard let value = valueFromASTUntyped(item, variables: variables) else { return nil }
            values.append(value)
        }
        return .array(values)
    case .object(let object):
        var result = JSONObject()
        for field in object.fields {
            guard let value = valueFromASTUntyped(field.value, variables: variables) else { return nil }
            result[field.name.value] = value
        }
        return .object(result)
    case .variable(let variable):
        return variables?[variable.name.value]
    }
}

private func isMissingVariable(_ valueNode: Value, _ variables: [String: JSONValue]?) -> Bool {
    guard case .variable(let variable) = valueNode else { return false }
    return variables?[variable.name.value] == nil
}
