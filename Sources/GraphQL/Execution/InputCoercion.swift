import JSON

/// Input coercion as the GraphQL specification defines it and graphql-js
/// implements it (`coerceInputValue`, `valueFromAST`, `getVariableValues`,
/// `getArgumentValues`), with graphql-js's error messages.
///
/// Coerced values are ``JSONValue``s: enum values are their names, input
/// objects ``JSONObject``s in field-definition order; custom scalars are what
/// their ``ScalarCoercion`` returns.
struct InputCoercer: Sendable {
    let schema: GraphQLSchema
    let scalars: [String: ScalarCoercion]
    /// Whether messages end with graphql-js's " Did you mean …?" suggestions.
    var suggestions = true

    /// This coercer with suggestions on or off.
    func suggesting(_ on: Bool) -> InputCoercer {
        var copy = self
        copy.suggestions = on
        return copy
    }

    /// A coercion failure at `path` inside the value (input object keys, list indexes).
    struct Failure: Error {
        var path: [PathComponent]
        var value: JSONValue
        var message: String
    }

    // MARK: Variables (JSON input)

    /// Coerces a variable's JSON value to `type` (graphql-js `coerceInputValue`).
    /// Reports every failure through `onError`.
    func coerceInput(
        _ value: JSONValue, _ type: GraphQLType, path: [PathComponent] = [],
        onError: (Failure) -> Void
    ) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                onError(
                    Failure(
                        path: path, value: value,
                        message: "Expected non-nullable type \"\(type)\" not to be null."))
                return .null
            }
            return coerceInput(value, inner, path: path, onError: onError)
        case .list(let itemType):
            if value.isNull { return .null }
            if case .array(let items) = value {
                var result: [JSONValue] = []
                result.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    result.append(coerceInput(item, itemType, path: path + [.index(index)], onError: onError))
                }
                return .array(result)
            }
            // A single value is a list of one.
            return .array([coerceInput(value, itemType, path: path, onError: onError)])
        case .named(let named):
            if value.isNull { return .null }
            switch named {
            case .inputObject(let inputType):
                return coerceInputObject(value, inputType, path: path, onError: onError)
            case .enum(let enumType):
                do {
                    return try parseEnumValue(value, enumType)
                } catch {
                    onError(Failure(path: path, value: value, message: error.message))
                    return .null
                }
            case .scalar(let scalar):
                do {
                    return try parseScalarValue(value, scalar)
                } catch let error as GraphQLError {
                    onError(Failure(path: path, value: value, message: error.message))
                } catch {
                    onError(
                        Failure(
                            path: path, value: value,
                            message: "Expected type \"\(scalar.name)\". \(errorMessage(error))"))
                }
                return .null
            case .object, .interface, .union:
                onError(
                    Failure(path: path, value: value, message: "Expected type \"\(named.name)\" to be an input type."))
                return .null
            }
        }
    }

    private func coerceInputObject(
        _ value: JSONValue, _ type: GraphQLInputObjectType, path: [PathComponent],
        onError: (Failure) -> Void
    ) -> JSONValue {
        guard case .object(let input) = value else {
            onError(Failure(path: path, value: value, message: "Expected type \"\(type.name)\" to be an object."))
            return .null
        }
        var result = JSONObject()
        for field in type.fields {
            guard let fieldValue = input[field.name] else {
                if let defaultValue = field.defaultValue {
                    if let coerced = literalValue(defaultValue, field.type, variables: nil) {
                        result.append(field.name, coerced)
                    }
                } else if field.type.isNonNull {
                    onError(
                        Failure(
                            path: path, value: value,
                            message: "Field \"\(field.name)\" of required type \"\(field.type)\" was not provided."))
                }
                continue
            }
            result.append(
                field.name, coerceInput(fieldValue, field.type, path: path + [.key(field.name)], onError: onError))
        }
        for key in input.keys where type.field(named: key) == nil {
            let suggestion = suggestions ? didYouMean(suggestionList(key, type.fields.map(\.name))) : ""
            onError(
                Failure(
                    path: path, value: value,
                    message: "Field \"\(key)\" is not defined by type \"\(type.name)\"." + suggestion))
        }
        if type.isOneOf {
            if input.count != 1 {
                onError(
                    Failure(
                        path: path, value: value,
                        message: "Exactly one key must be specified for OneOf type \"\(type.name)\"."))
            } else if let only = input.entries.first, only.value.isNull {
                onError(Failure(path: path, value: value, message: "Field \"\(only.key)\" must be non-null."))
            }
        }
        return .object(result)
    }

    /// Parses a JSON input value as an enum value (graphql-js `GraphQLEnumType.parseValue`).
    func parseEnumValue(_ value: JSONValue, _ type: GraphQLEnumType) throws(GraphQLError) -> JSONValue {
        guard case .string(let name) = value else {
            throw GraphQLError(
                message: "Enum \"\(type.name)\" cannot represent non-string value: \(Inspect.json(value))."
                    + enumSuggestion(Inspect.json(value), type))
        }
        guard type.value(named: name) != nil else {
            throw GraphQLError(
                message: "Value \"\(name)\" does not exist in \"\(type.name)\" enum."
                    + enumSuggestion(name, type))
        }
        return value
    }

    private func enumSuggestion(_ input: String, _ type: GraphQLEnumType) -> String {
        guard suggestions else { return "" }
        return didYouMean("the enum value", suggestionList(input, type.values.map(\.name)))
    }

    /// Parses a JSON input value as a scalar (graphql-js `parseValue` of the built-ins).
    func parseScalarValue(_ value: JSONValue, _ scalar: GraphQLScalarType) throws -> JSONValue {
        switch scalar.isSpecified ? scalar.name : "" {
        case "Int":
            guard let number = value.numberValue, number.rounded() == number, number.isFinite else {
                throw GraphQLError(message: "Int cannot represent non-integer value: \(Inspect.json(value))")
            }
            guard number >= Double(graphQLMinInt), number <= Double(graphQLMaxInt) else {
                throw GraphQLError(
                    message: "Int cannot represent non 32-bit signed integer value: \(Inspect.json(value))")
            }
            return .int(Int(number))
        case "Float":
            guard let number = value.numberValue, number.isFinite else {
                throw GraphQLError(message: "Float cannot represent non numeric value: \(Inspect.json(value))")
            }
            if case .int = value { return value }
            return .double(number)
        case "String":
            guard case .string = value else {
                throw GraphQLError(message: "String cannot represent a non string value: \(Inspect.json(value))")
            }
            return value
        case "Boolean":
            guard case .bool = value else {
                throw GraphQLError(message: "Boolean cannot represent a non boolean value: \(Inspect.json(value))")
            }
            return value
        case "ID":
            switch value {
            case .string: return value
            case .int(let int): return .string(String(int))
            case .double(let double) where double.rounded() == double && abs(double) < 1e21:
                return .string(javaScriptNumberString(double))
            default:
                throw GraphQLError(message: "ID cannot represent value: \(Inspect.json(value))")
            }
        default:
            if let coercion = scalars[scalar.name] {
                return try coercion.parseValue(value)
            }
            return value
        }
    }

    // MARK: Literals (valueFromAST)

    /// The value of the literal `node` as input of `type`, with `variables`
    /// substituted; nil when the literal is invalid (graphql-js `valueFromAST`).
    func literalValue(_ node: Value, _ type: GraphQLType, variables: [String: JSONValue]?) -> JSONValue? {
        if case .variable(let variable) = node {
            guard let variables, let value = variables[variable.name.value] else { return nil }
            if value.isNull, type.isNonNull { return nil }
            return value
        }
        switch type {
        case .nonNull(let inner):
            if case .null = node { return nil }
            return literalValue(node, inner, variables: variables)
        case .list(let itemType):
            if case .null = node { return .null }
            if case .list(let list) = node {
                var items: [JSONValue] = []
                items.reserveCapacity(list.values.count)
                for item in list.values {
                    if isMissingVariable(item, variables) {
                        if itemType.isNonNull { return nil }
                        items.append(.null)
                        continue
                    }
                    guard let value = literalValue(item, itemType, variables: variables) else { return nil }
                    items.append(value)
                }
                return .array(items)
            }
            guard let single = literalValue(node, itemType, variables: variables) else { return nil }
            return .array([single])
        case .named(let named):
            if case .null = node { return .null }
            switch named {
            case .inputObject(let inputType):
                guard case .object(let object) = node else { return nil }
                var result = JSONObject()
                for field in inputType.fields {
                    let fieldNode = object.fields.first { $0.name.value == field.name }
                    guard let fieldNode, !isMissingVariable(fieldNode.value, variables) else {
                        if let defaultValue = field.defaultValue {
                            guard let coerced = literalValue(defaultValue, field.type, variables: nil) else {
                                return nil
                            }
                            result.append(field.name, coerced)
                        } else if field.type.isNonNull {
                            return nil
                        }
                        continue
                    }
                    guard let value = literalValue(fieldNode.value, field.type, variables: variables) else {
                        return nil
                    }
                    result.append(field.name, value)
                }
                if inputType.isOneOf {
                    guard result.count == 1, let only = result.entries.first, !only.value.isNull else { return nil }
                }
                return .object(result)
            case .enum(let enumType):
                guard case .enumValue(let enumValue) = node, enumType.value(named: enumValue.value) != nil else {
                    return nil
                }
                return .string(enumValue.value)
            case .scalar(let scalar):
                return try? parseScalarLiteral(node, scalar, variables: variables)
            case .object, .interface, .union:
                return nil
            }
        }
    }

    private func isMissingVariable(_ node: Value, _ variables: [String: JSONValue]?) -> Bool {
        guard case .variable(let variable) = node else { return false }
        return variables?[variable.name.value] == nil
    }

    /// Parses a literal as a scalar (graphql-js `parseLiteral` of the built-ins).
    func parseScalarLiteral(_ node: Value, _ scalar: GraphQLScalarType, variables: [String: JSONValue]?) throws
        -> JSONValue
    {
        switch scalar.isSpecified ? scalar.name : "" {
        case "Int":
            guard case .int(let int) = node, let number = Int(int.value),
                number >= graphQLMinInt, number <= graphQLMaxInt
            else {
                throw GraphQLError(message: "Int cannot represent value: \(node.printed)")
            }
            return .int(number)
        case "Float":
            switch node {
            case .int(let int):
                if let number = Int(int.value) { return .int(number) }
                guard let number = Double(int.value) else { break }
                return .double(number)
            case .float(let float):
                guard let number = Double(float.value), number.isFinite else { break }
                return .double(number)
            default: break
            }
            throw GraphQLError(message: "Float cannot represent non numeric value: \(node.printed)")
        case "String":
            guard case .string(let string) = node else {
                throw GraphQLError(message: "String cannot represent a non string value: \(node.printed)")
            }
            return .string(string.value)
        case "Boolean":
            guard case .boolean(let boolean) = node else {
                throw GraphQLError(message: "Boolean cannot represent a non boolean value: \(node.printed)")
            }
            return .bool(boolean.value)
        case "ID":
            switch node {
            case .string(let string): return .string(string.value)
            case .int(let int): return .string(int.value)
            default:
                throw GraphQLError(message: "ID cannot represent a non-string and non-integer value: \(node.printed)")
            }
        default:
            if let coercion = scalars[scalar.name] {
                if let parseLiteral = coercion.parseLiteral {
                    return try parseLiteral(node, variables ?? [:])
                }
                guard let json = untypedValue(node, variables: variables) else {
                    throw GraphQLError(message: "Expected value of type \"\(scalar.name)\".")
                }
                return try coercion.parseValue(json)
            }
            guard let json = untypedValue(node, variables: variables) else {
                throw GraphQLError(message: "Expected value of type \"\(scalar.name)\".")
            }
            return json
        }
    }

    /// A literal as JSON, without a type (graphql-js `valueFromASTUntyped`).
    func untypedValue(_ node: Value, variables: [String: JSONValue]?) -> JSONValue? {
        switch node {
        case .variable(let variable): return variables?[variable.name.value]
        case .int(let int):
            if let number = Int(int.value) { return .int(number) }
            return Double(int.value).map { .double($0) }
        case .float(let float): return Double(float.value).map { .double($0) }
        case .string(let string): return .string(string.value)
        case .boolean(let boolean): return .bool(boolean.value)
        case .null: return .null
        case .enumValue(let enumValue): return .string(enumValue.value)
        case .list(let list):
            return .array(list.values.map { untypedValue($0, variables: variables) ?? .null })
        case .object(let object):
            var result = JSONObject()
            for field in object.fields {
                if let value = untypedValue(field.value, variables: variables) { result[field.name.value] = value }
            }
            return .object(result)
        }
    }

    // MARK: Operation variables and field arguments

    /// Coerces the request's variables for an operation (graphql-js
    /// `getVariableValues`): every error, or the coerced values.
    func coerceVariables(
        _ definitions: [VariableDefinition], inputs: JSONObject, source: Source,
        maxErrors: Int = 50
    ) -> Result<[String: JSONValue], GraphQLErrorList> {
        var errors: [GraphQLError] = []
        var coerced: [String: JSONValue] = [:]
        struct TooManyErrors: Error {}
        func report(_ error: GraphQLError) throws(TooManyErrors) {
            if errors.count >= maxErrors {
                throw TooManyErrors()
            }
            errors.append(error)
        }
        do throws(TooManyErrors) {
            for definition in definitions {
                let name = definition.variable.name.value
                let typeText = definition.type.printed
                let nodes = [definition.loc]
                guard let type = typeFromAST(schema, definition.type), type.isInputType else {
                    try report(
                        GraphQLError(
                            message:
                                "Variable \"$\(name)\" expected value of type \"\(typeText)\" which cannot be used as an input type.",
                            nodes: [definition.type.loc], source: source))
                    continue
                }
                guard let value = inputs[name] else {
                    if let defaultValue = definition.defaultValue {
                        // An invalid default (only possible without validation) reads as null, as in graphql-js.
                        coerced[name] = literalValue(defaultValue, type, variables: nil) ?? .null
                    } else if type.isNonNull {
                        try report(
                            GraphQLError(
                                message: "Variable \"$\(name)\" of required type \"\(typeText)\" was not provided.",
                                nodes: nodes, source: source))
                    }
                    continue
                }
                if value.isNull, type.isNonNull {
                    try report(
                        GraphQLError(
                            message: "Variable \"$\(name)\" of non-null type \"\(typeText)\" must not be null.",
                            nodes: nodes, source: source))
                    continue
                }
                var failures: [Failure] = []
                let result = coerceInput(value, type) { failures.append($0) }
                for failure in failures {
                    var message = "Variable \"$\(name)\" got invalid value \(Inspect.json(failure.value))"
                    if !failure.path.isEmpty { message += " at \"\(name)\(Self.printPath(failure.path))\"" }
                    message += "; " + failure.message
                    try report(GraphQLError(message: message, nodes: nodes, source: source))
                }
                if failures.isEmpty { coerced[name] = result }
            }
        } catch {
            errors.append(
                GraphQLError(message: "Too many errors processing variables, error limit reached. Execution aborted."))
        }
        return errors.isEmpty ? .success(coerced) : .failure(GraphQLErrorList(errors: errors))
    }

    /// `.a[0].b` for a path inside a value (graphql-js `printPathArray`).
    static func printPath(_ path: [PathComponent]) -> String {
        path.map { component in
            switch component {
            case .key(let key): return "." + key
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }

    /// The coerced arguments of a field or directive (graphql-js `getArgumentValues`).
    func argumentValues(
        _ definitions: [GraphQLArgument], _ nodes: [Argument], variables: [String: JSONValue],
        source: Source?, owner: Location?
    ) throws(GraphQLError) -> FieldArguments {
        var result = JSONObject()
        for definition in definitions {
            let name = definition.name
            let type = definition.type
            let node = nodes.first { $0.name.value == name }
            guard let node else {
                if let defaultValue = definition.defaultValue {
                    if let value = literalValue(defaultValue, type, variables: nil) { result.append(name, value) }
                } else if type.isNonNull {
                    throw GraphQLError(
                        message: "Argument \"\(name)\" of required type \"\(type)\" was not provided.",
                        nodes: [owner], source: source)
                }
                continue
            }
            var isNull = false
            if case .null = node.value { isNull = true }
            if case .variable(let variable) = node.value {
                let variableName = variable.name.value
                guard let value = variables[variableName] else {
                    if let defaultValue = definition.defaultValue {
                        if let value = literalValue(defaultValue, type, variables: nil) { result.append(name, value) }
                    } else if type.isNonNull {
                        throw GraphQLError(
                            message:
                                "Argument \"\(name)\" of required type \"\(type)\" was provided the variable \"$\(variableName)\" which was not provided a runtime value.",
                            nodes: [node.value.loc], source: source)
                    }
                    continue
                }
                isNull = value.isNull
            }
            if isNull, type.isNonNull {
                throw GraphQLError(
                    message: "Argument \"\(name)\" of non-null type \"\(type)\" must not be null.",
                    nodes: [node.value.loc], source: source)
            }
            guard let value = literalValue(node.value, type, variables: variables) else {
                throw GraphQLError(
                    message: "Argument \"\(name)\" has invalid value \(node.value.printed).",
                    nodes: [node.value.loc], source: source)
            }
            result.append(name, value)
        }
        return FieldArguments(result)
    }
}

extension JSONValue {
    /// An Int or Double as a Double.
    var numberValue: Double? {
        switch self {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }
}

/// The message of any error: a GraphQLError's message, else its description.
func errorMessage(_ error: any Error) -> String {
    if let error = error as? GraphQLError { return error.message }
    return String(describing: error)
}

/// Several request errors (e.g. every variable coercion error).
struct GraphQLErrorList: Error {
    var errors: [GraphQLError]
}
