extension ValidationRule {
    /// Literal values (arguments, defaults, list items, input fields) fit their input types.
    public static let valuesOfCorrectType = ValidationRule(name: "ValuesOfCorrectTypeRule") {
        ValuesOfCorrectTypeRule(context: $0)
    }
}

/// Checks every literal against the input type of its position: scalar and
/// enum literals, nulls in non-null positions, required and unknown input
/// fields, and `@oneOf` input objects. A list or object literal in a position
/// that does not take one is reported once, and not walked further.
final class ValuesOfCorrectTypeRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [
        .enterOperation, .enterVariableDefinition, .enterListValue, .leaveListValue, .enterObjectValue,
        .leaveObjectValue, .enterObjectField, .enterScalarValue
    ]
    private var variableDefinitions: [String: VariableDefinition] = [:]
    /// While positive, the walk is inside a list or object literal this rule does not descend into.
    private var skipDepth = 0

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) { variableDefinitions = [:] }

    func enterVariableDefinition(_ node: VariableDefinition) {
        variableDefinitions[node.variable.name.value] = node
    }

    func enterListValue(_ node: ListValue) {
        if skipDepth > 0 { skipDepth += 1; return }
        // The walk already stepped into the item type: the list's own type is the parent.
        if case .list? = context.parentInputType?.nullableType { return }
        isValidValue(.list(node))
        skipDepth = 1
    }

    func leaveListValue(_ node: ListValue) {
        if skipDepth > 0 { skipDepth -= 1 }
    }

    func enterObjectValue(_ node: ObjectValue) {
        if skipDepth > 0 { skipDepth += 1; return }
        guard let named = context.inputType?.namedType, case .inputObject(let type) = named else {
            isValidValue(.object(node))
            skipDepth = 1
            return
        }
        var given: [String: ObjectField] = [:]
        var keys: [String] = []
        for field in node.fields {
            if given[field.name.value] == nil { keys.append(field.name.value) }
            given[field.name.value] = field
        }
        for field in type.fields where given[field.name] == nil && field.isRequired {
            context.report(
                "Field \"\(type.name).\(field.name)\" of required type \"\(field.type)\" was not provided.",
                node: node.loc)
        }
        if type.isOneOf { checkOneOf(node, type, given, keys) }
    }

    func leaveObjectValue(_ node: ObjectValue) {
        if skipDepth > 0 { skipDepth -= 1 }
    }

    func enterObjectField(_ node: ObjectField) {
        if skipDepth > 0 { return }
        guard context.inputType == nil, let named = context.parentInputType?.namedType,
            case .inputObject(let parentType) = named
        else { return }
        context.report(
            "Field \"\(node.name.value)\" is not defined by type \"\(parentType.name)\"."
                + context.didYouMean { suggestionList(node.name.value, parentType.fields.map(\.name)) }, node: node.loc)
    }

    func enterScalarValue(_ node: Value) {
        if skipDepth > 0 { return }
        if case .null(let null) = node {
            if let type = context.inputType, type.isNonNull {
                context.report("Expected value of type \"\(type)\", found null.", node: null.loc)
            }
            return
        }
        isValidValue(node)
    }

    /// graphql-js's `isValidValueNode`: leaf literals through the type's literal parser.
    private func isValidValue(_ node: Value) {
        guard let locationType = context.inputType else { return }
        let named = locationType.namedType
        guard named.isLeafType else {
            context.report(
                "Expected value of type \"\(locationType)\", found \(ValuePrinter.print(node)).",
                node: node.loc)
            return
        }
        if case .invalid(let message) = LeafLiteral.check(
            node, against: named, suggestions: context.options.suggestions)
        {
            context.report(message, node: node.loc)
        }
    }

    private func checkOneOf(
        _ node: ObjectValue, _ type: GraphQLInputObjectType, _ given: [String: ObjectField],
        _ keys: [String]
    ) {
        guard keys.count == 1, let key = keys.first, let value = given[key]?.value else {
            context.report("OneOf Input Object \"\(type.name)\" must specify exactly one key.", node: node.loc)
            return
        }
        switch value {
        case .null:
            context.report("Field \"\(type.name).\(key)\" must be non-null.", node: node.loc)
        case .variable(let variable):
            let name = variable.name.value
            if let definition = variableDefinitions[name], !definition.type.isNonNullNode {
                context.report(
                    "Variable \"\(name)\" must be non-nullable to be used for OneOf Input Object \"\(type.name)\".",
                    node: node.loc)
            }
        default:
            break
        }
    }
}

extension TypeNode {
    /// True for `T!`.
    var isNonNullNode: Bool {
        if case .nonNull = self { return true }
        return false
    }
}
