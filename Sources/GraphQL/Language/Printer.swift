/// Prints a document exactly as graphql-js 16's `print` does: two-space
/// indentation, blank lines between definitions, block strings via
/// ``BlockString/print(_:minimize:)``, field arguments wrapped one per line
/// when the line would pass 80 columns, descriptions above definitions.
public func printAST(_ document: Document) -> String {
    ASTPrinter.document(document)
}

/// Prints one definition as graphql-js's `print` does.
public func printAST(_ definition: Definition) -> String {
    ASTPrinter.definition(definition)
}

/// Prints a value literal as graphql-js's `print` does, e.g. `{a: [1, 2], b: "x"}`.
public func printAST(_ value: Value) -> String {
    ASTPrinter.value(value)
}

/// Prints a type reference, e.g. `[String!]!`.
public func printAST(_ type: TypeNode) -> String {
    ASTPrinter.type(type)
}

/// Prints a selection (field, fragment spread or inline fragment) as graphql-js's `print` does.
public func printAST(_ selection: Selection) -> String {
    ASTPrinter.selection(selection)
}

/// Prints a directive application, e.g. `@include(if: $foo)`.
public func printAST(_ directive: Directive) -> String {
    ASTPrinter.directive(directive)
}

extension Document {
    /// The document as graphql-js's `print` prints it.
    public var printed: String { ASTPrinter.document(self) }
}

extension Value {
    /// The value literal as graphql-js's `print` prints it.
    public var printed: String { ASTPrinter.value(self) }
}

extension TypeNode {
    /// The type reference as graphql-js's `print` prints it.
    public var printed: String { ASTPrinter.type(self) }
}

/// `value` as a GraphQL string literal: quoted, with `"`, `\` and control
/// characters (U+0000–U+001F, U+007F–U+009F) escaped (graphql-js's `printString`).
public func printString(_ value: String) -> String {
    var needsEscape = false
    for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 {
        needsEscape = true
        break
    }
    if !needsEscape { return "\"" + value + "\"" }
    var result = "\""
    result.unicodeScalars.reserveCapacity(value.utf8.count + 8)
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x08: result += "\\b"
        case 0x09: result += "\\t"
        case 0x0A: result += "\\n"
        case 0x0C: result += "\\f"
        case 0x0D: result += "\\r"
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x00...0x1F, 0x7F...0x9F:
            var hex = String(scalar.value, radix: 16, uppercase: true)
            while hex.count < 4 { hex = "0" + hex }
            result += "\\u" + hex
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    result += "\""
    return result
}

/// The printing rules, node by node, mirroring graphql-js's `printDocASTReducer`.
enum ASTPrinter {
    static let maxLineLength = 80

    // MARK: - Helpers (graphql-js's join, wrap, block, indent)

    /// The non-empty strings of `parts` joined with `separator`.
    @inline(__always)
    static func join(_ parts: [String], _ separator: String = "") -> String {
        var result = ""
        var first = true
        for part in parts where !part.isEmpty {
            if !first { result += separator }
            result += part
            first = false
        }
        return result
    }

    /// `start + string + end` when `string` is not empty, else "".
    @inline(__always)
    static func wrap(_ start: String, _ string: String, _ end: String = "") -> String {
        string.isEmpty ? "" : start + string + end
    }

    /// The items, one per line, in an indented `{ }` block ("" for no items).
    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// Two spaces before the string and after each of its new lines.
    static func indent(_ string: String) -> String {
        guard !string.isEmpty else { return "" }
        var result = "  "
        result.reserveCapacity(string.utf8.count + 16)
        var chunkStart = string.utf8.startIndex
        var index = chunkStart
        let utf8 = string.utf8
        while index != utf8.endIndex {
            if utf8[index] == 0x0A {
                let next = utf8.index(after: index)
                result += Substring(utf8[chunkStart..<next])
                result += "  "
                chunkStart = next
                index = next
            } else {
                utf8.formIndex(after: &index)
            }
        }
        result += Substring(utf8[chunkStart..<utf8.endIndex])
        return result
    }

    @inline(__always)
    static func description(_ node: StringValue?) -> String {
        guard let node else { return "" }
        return wrap("", string(node), "\n")
    }

    static func hasMultilineItems(_ items: [String]) -> Bool {
        items.contains { $0.utf8.contains(0x0A) }
    }

    // MARK: - Document

    static func document(_ node: Document) -> String {
        join(node.definitions.map(definition), "\n\n")
    }

    static func definition(_ node: Definition) -> String {
        switch node {
        case .operation(let node): return operation(node)
        case .fragment(let node): return fragment(node)
        case .schema(let node):
            return description(node.description)
                + join(["schema", directives(node.directives), block(node.operationTypes.map(operationType))], " ")
        case .scalarType(let node):
            return description(node.description) + join(["scalar", node.name.value, directives(node.directives)], " ")
        case .objectType(let node):
            return description(node.description)
                + join(
                    [
                        "type", node.name.value, wrap("implements ", join(node.interfaces.map(\.name.value), " & ")),
                        directives(node.directives), block(node.fields.map(fieldDefinition))
                    ], " ")
        case .interfaceType(let node):
            return description(node.description)
                + join(
                    [
                        "interface", node.name.value,
                        wrap("implements ", join(node.interfaces.map(\.name.value), " & ")),
                        directives(node.directives), block(node.fields.map(fieldDefinition))
                    ], " ")
        case .unionType(let node):
            return description(node.description)
                + join(
                    [
                        "union", node.name.value, directives(node.directives),
                        wrap("= ", join(node.types.map(\.name.value), " | "))
                    ], " ")
        case .enumType(let node):
            return description(node.description)
                + join(
                    [
                        "enum", node.name.value, directives(node.directives),
                        block(node.values.map(enumValueDefinition))
                    ], " ")
        case .inputObjectType(let node):
            return description(node.description)
                + join(
                    [
                        "input", node.name.value, directives(node.directives),
                        block(node.fields.map(inputValueDefinition))
                    ], " ")
        case .directive(let node):
            let arguments = node.arguments.map(inputValueDefinition)
            return description(node.description) + "directive @" + node.name.value
                + argumentDefinitions(arguments)
                + (node.repeatable ? " repeatable" : "")
                + " on " + join(node.locations.map(\.value), " | ")
        case .schemaExtension(let node):
            return join(
                ["extend schema", directives(node.directives), block(node.operationTypes.map(operationType))],
                " ")
        case .scalarTypeExtension(let node):
            return join(["extend scalar", node.name.value, directives(node.directives)], " ")
        case .objectTypeExtension(let node):
            return join(
                [
                    "extend type", node.name.value, wrap("implements ", join(node.interfaces.map(\.name.value), " & ")),
                    directives(node.directives), block(node.fields.map(fieldDefinition))
                ], " ")
        case .interfaceTypeExtension(let node):
            return join(
                [
                    "extend interface", node.name.value,
                    wrap("implements ", join(node.interfaces.map(\.name.value), " & ")),
                    directives(node.directives), block(node.fields.map(fieldDefinition))
                ], " ")
        case .unionTypeExtension(let node):
            return join(
                [
                    "extend union", node.name.value, directives(node.directives),
                    wrap("= ", join(node.types.map(\.name.value), " | "))
                ], " ")
        case .enumTypeExtension(let node):
            return join(
                [
                    "extend enum", node.name.value, directives(node.directives),
                    block(node.values.map(enumValueDefinition))
                ], " ")
        case .inputObjectTypeExtension(let node):
            return join(
                [
                    "extend input", node.name.value, directives(node.directives),
                    block(node.fields.map(inputValueDefinition))
                ], " ")
        }
    }

    // MARK: - Executable definitions

    static func operation(_ node: OperationDefinition) -> String {
        // One definition a line when any takes more than one (a description above it).
        let definitions = node.variableDefinitions.map(variableDefinition)
        let variableDefinitions =
            hasMultilineItems(definitions)
            ? wrap("(\n", join(definitions, "\n"), "\n)") : wrap("(", join(definitions, ", "), ")")
        let prefix =
            description(node.description)
            + join(
                [
                    node.operation.rawValue,
                    join([node.name?.value ?? "", variableDefinitions]),
                    directives(node.directives)
                ], " ")
        // An anonymous query without variables or directives uses the short form.
        return (prefix == "query" ? "" : prefix + " ") + selectionSet(node.selectionSet)
    }

    static func variableDefinition(_ node: VariableDefinition) -> String {
        description(node.description) + "$" + node.variable.name.value + ": " + type(node.type)
            + wrap(" = ", node.defaultValue.map(value) ?? "")
            + wrap(" ", directives(node.directives))
    }

    static func selectionSet(_ node: SelectionSet) -> String {
        block(node.selections.map(selection))
    }

    static func selectionSet(_ node: SelectionSet?) -> String {
        node.map(selectionSet) ?? ""
    }

    static func selection(_ node: Selection) -> String {
        switch node {
        case .field(let node):
            let prefix = wrap("", node.alias?.value ?? "", ": ") + node.name.value
            let arguments = node.arguments.map(argument)
            var argumentsLine = prefix + wrap("(", join(arguments, ", "), ")")
            if argumentsLine.utf16.count > maxLineLength {
                argumentsLine = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
            }
            return join([argumentsLine, directives(node.directives), selectionSet(node.selectionSet)], " ")
        case .fragmentSpread(let node):
            return "..." + node.name.value + wrap(" ", directives(node.directives))
        case .inlineFragment(let node):
            return join(
                [
                    "...", wrap("on ", node.typeCondition?.name.value ?? ""),
                    directives(node.directives), selectionSet(node.selectionSet)
                ], " ")
        }
    }

    static func argument(_ node: Argument) -> String {
        node.name.value + ": " + value(node.value)
    }

    static func fragment(_ node: FragmentDefinition) -> String {
        description(node.description) + "fragment " + node.name.value + " on " + node.typeCondition.name.value + " "
            + wrap("", directives(node.directives), " ") + selectionSet(node.selectionSet)
    }

    // MARK: - Values

    static func value(_ node: Value) -> String {
        switch node {
        case .variable(let node): return "$" + node.name.value
        case .int(let node): return node.value
        case .float(let node): return node.value
        case .string(let node): return string(node)
        case .boolean(let node): return node.value ? "true" : "false"
        case .null: return "null"
        case .enumValue(let node): return node.value
        case .list(let node): return "[" + join(node.values.map(value), ", ") + "]"
        case .object(let node):
            return "{" + join(node.fields.map { $0.name.value + ": " + value($0.value) }, ", ") + "}"
        }
    }

    static func string(_ node: StringValue) -> String {
        node.block ? BlockString.print(node.value) : printString(node.value)
    }

    // MARK: - Directives and types

    static func directives(_ nodes: [Directive]) -> String {
        if nodes.isEmpty { return "" }
        return join(nodes.map(directive), " ")
    }

    static func directive(_ node: Directive) -> String {
        "@" + node.name.value + wrap("(", join(node.arguments.map(argument), ", "), ")")
    }

    static func type(_ node: TypeNode) -> String {
        switch node {
        case .named(let node): node.name.value
        case .list(let node): "[" + type(node.type) + "]"
        case .nonNull(let node): type(node.type) + "!"
        }
    }

    // MARK: - Type-system pieces

    static func operationType(_ node: OperationTypeDefinition) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    static func argumentDefinitions(_ arguments: [String]) -> String {
        hasMultilineItems(arguments)
            ? wrap("(\n", indent(join(arguments, "\n")), "\n)")
            : wrap("(", join(arguments, ", "), ")")
    }

    static func fieldDefinition(_ node: FieldDefinition) -> String {
        description(node.description) + node.name.value
            + argumentDefinitions(node.arguments.map(inputValueDefinition))
            + ": " + type(node.type) + wrap(" ", directives(node.directives))
    }

    static func inputValueDefinition(_ node: InputValueDefinition) -> String {
        description(node.description)
            + join(
                [
                    node.name.value + ": " + type(node.type),
                    wrap("= ", node.defaultValue.map(value) ?? ""),
                    directives(node.directives)
                ], " ")
    }

    static func enumValueDefinition(_ node: EnumValueDefinition) -> String {
        description(node.description) + join([node.name.value, directives(node.directives)], " ")
    }
}
