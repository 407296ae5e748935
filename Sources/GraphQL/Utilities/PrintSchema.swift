import JSON

/// The schema as SDL, exactly as graphql-js 16's `printSchema` writes it:
/// a `schema {}` block only when there is a description or a root type is
/// not named `Query` / `Mutation` / `Subscription`; custom directives, then
/// every type in schema order (built-in scalars and introspection types
/// left out); descriptions as block strings where possible; default values
/// coerced and re-printed (`astFromValue`); `@deprecated`, `@specifiedBy`,
/// `@oneOf`.
public func printSchema(_ schema: GraphQLSchema) -> String {
    var parts: [String] = []
    if let definition = schemaDefinitionText(schema) { parts.append(definition) }
    for directive in schema.directives where !GraphQLDirective.isSpecifiedDirectiveName(directive.name) {
        parts.append(directiveText(directive))
    }
    for type in schema.types where !type.isBuiltIn {
        parts.append(typeText(type))
    }
    return parts.joined(separator: "\n\n")
}

/// A default value as introspection's `__InputValue.defaultValue` and
/// `printSchema` show it: coerced to the type, then printed back; nil when
/// there is no default or it is not valid for the type.
public func printDefaultValue(_ value: Value?, type: GraphQLType) -> String? {
    guard let value, let coerced = valueFromAST(value, type: type),
        let ast = astFromValue(coerced, type: type)
    else { return nil }
    return ast.printed
}

private func schemaDefinitionText(_ schema: GraphQLSchema) -> String? {
    let query = schema.queryType?.name ?? schema.invalidRootTypes[.query]?.name
    let mutation = schema.mutationType?.name ?? schema.invalidRootTypes[.mutation]?.name
    let subscription = schema.subscriptionType?.name ?? schema.invalidRootTypes[.subscription]?.name
    let commonNames =
        (query == nil || query == "Query") && (mutation == nil || mutation == "Mutation")
        && (subscription == nil || subscription == "Subscription")
    if schema.description == nil && commonNames { return nil }
    var operationTypes: [String] = []
    if let query { operationTypes.append("  query: " + query) }
    if let mutation { operationTypes.append("  mutation: " + mutation) }
    if let subscription { operationTypes.append("  subscription: " + subscription) }
    return descriptionText(schema.description) + "schema {\n" + operationTypes.joined(separator: "\n") + "\n}"
}

private func typeText(_ type: GraphQLNamedType) -> String {
    switch type {
    case .scalar(let scalar):
        var text = descriptionText(scalar.description) + "scalar " + scalar.name
        if let url = scalar.specifiedByURL { text += " @specifiedBy(url: " + printString(url) + ")" }
        return text
    case .object(let object):
        return descriptionText(object.description) + "type " + object.name
            + implementsText(object.declaredInterfaces) + fieldsText(object.fields)
    case .interface(let interface):
        return descriptionText(interface.description) + "interface " + interface.name
            + implementsText(interface.declaredInterfaces) + fieldsText(interface.fields)
    case .union(let union):
        let members = union.declaredMembers
        return descriptionText(union.description) + "union " + union.name
            + (members.isEmpty ? "" : " = " + members.map(\.name).joined(separator: " | "))
    case .enum(let enumType):
        let values = enumType.values.enumerated().map { index, value in
            descriptionText(value.description, indentation: "  ", firstInBlock: index == 0)
                + "  " + value.name + deprecatedText(value.deprecationReason)
        }
        return descriptionText(enumType.description) + "enum " + enumType.name + blockText(values)
    case .inputObject(let input):
        let fields = input.fields.enumerated().map { index, field in
            descriptionText(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  " + inputValueText(field.name, field.type, field.defaultValue, field.deprecationReason)
        }
        return descriptionText(input.description) + "input " + input.name + (input.isOneOf ? " @oneOf" : "")
            + blockText(fields)
    }
}

private func implementsText(_ interfaces: [GraphQLNamedType]) -> String {
    interfaces.isEmpty ? "" : " implements " + interfaces.map(\.name).joined(separator: " & ")
}

private func fieldsText(_ fields: [GraphQLField]) -> String {
    blockText(
        fields.enumerated().map { index, field in
            descriptionText(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  " + field.name + argumentsText(field.args, indentation: "  ") + ": " + field.type.description
                + deprecatedText(field.deprecationReason)
        })
}

private func blockText(_ items: [String]) -> String {
    items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
}

private func argumentsText(_ args: [GraphQLArgument], indentation: String = "") -> String {
    if args.isEmpty { return "" }
    if args.allSatisfy({ ($0.description ?? "").isEmpty }) {
        return "("
            + args.map { inputValueText($0.name, $0.type, $0.defaultValue, $0.deprecationReason) }
            .joined(separator: ", ") + ")"
    }
    let lines = args.enumerated().map { index, arg in
        descriptionText(arg.description, indentation: "  " + indentation, firstInBlock: index == 0)
            + "  " + indentation + inputValueText(arg.name, arg.type, arg.defaultValue, arg.deprecationReason)
    }
    return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
}

private func inputValueText(_ name: String, _ type: GraphQLType, _ defaultValue: Value?, _ deprecationReason: String?)
    -> String
{
    var text = name + ": " + type.description
    if let printed = printDefaultValue(defaultValue, type: type) { text += " = " + printed }
    return text + deprecatedText(deprecationReason)
}

private func directiveText(_ directive: GraphQLDirective) -> String {
    descriptionText(directive.description) + "directive @" + directive.name + argumentsText(directive.args)
        + (directive.isRepeatable ? " repeatable" : "") + " on "
        + directive.locations.map(\.rawValue).joined(separator: " | ")
}

private func deprecatedText(_ reason: String?) -> String {
    guard let reason else { return "" }
    if reason != GraphQLDirective.defaultDeprecationReason {
        return " @deprecated(reason: " + printString(reason) + ")"
    }
    return " @deprecated"
}

private func descriptionText(_ description: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
    guard let description else { return "" }
    let literal = isPrintableAsBlockString(description) ? BlockString.print(description) : printString(description)
    let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
    var indented = ""
    indented.reserveCapacity(literal.utf8.count)
    for character in literal {
        indented.append(character)
        if character == "\n" { indented += indentation }
    }
    return prefix + indented + "\n"
}

/// Whether a description can be written as a block string and read back
/// the same (graphql-js's `isPrintableAsBlockString`).
func isPrintableAsBlockString(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for unit in value.utf16 {
        switch unit {
        case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F:
            return false
        case 0x0D:
            return false
        case 0x0A:
            if isEmptyLine && !seenNonEmptyLine { return false }
            seenNonEmptyLine = true
            isEmptyLine = true
            hasIndent = false
        case 0x09, 0x20:
            hasIndent = hasIndent || isEmptyLine
        default:
            hasCommonIndent = hasCommonIndent && hasIndent
            isEmptyLine = false
        }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
}
