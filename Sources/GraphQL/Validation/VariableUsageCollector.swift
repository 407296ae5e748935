/// Finds the variables used in an operation or fragment, with the input type
/// of each position, as graphql-js's `getVariableUsages` does with its own
/// `TypeInfo` walk (variable definitions are not walked).
struct VariableUsageCollector {
    let context: ValidationContext
    private(set) var usages: [VariableUsage] = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func collect(operation: OperationDefinition) {
        guard Self.hasVariables(operation.directives) || Self.hasVariables(operation.selectionSet) else { return }
        let root = context.schema.rootType(for: operation.operation).map { GraphQLType.named(.object($0)) }
        directives(operation.directives, fieldDef: nil)
        selectionSet(operation.selectionSet, type: root, fieldDef: nil)
    }

    mutating func collect(fragment: FragmentDefinition) {
        guard Self.hasVariables(fragment.directives) || Self.hasVariables(fragment.selectionSet) else { return }
        let type = context.namedType(fragment.typeCondition).flatMap { $0.isOutputType ? GraphQLType.named($0) : nil }
        directives(fragment.directives, fieldDef: nil)
        selectionSet(fragment.selectionSet, type: type, fieldDef: nil)
    }

    private mutating func selectionSet(_ set: SelectionSet, type: GraphQLType?, fieldDef: GraphQLField?) {
        let parent = type?.namedType
        let parentType = (parent?.isCompositeType ?? false) ? parent : nil
        for selection in set.selections {
            switch selection {
            case .field(let field):
                var definition: GraphQLField?
                if let parentType {
                    definition = context.schema.fieldDefinition(parentType: parentType, name: field.name.value)
                }
                for argument in field.arguments {
                    self.argument(argument, definition: definition?.argument(named: argument.name.value))
                }
                directives(field.directives, fieldDef: definition)
                if let sub = field.selectionSet {
                    let fieldType = definition.flatMap { $0.type.isOutputType ? $0.type : nil }
                    selectionSet(sub, type: fieldType, fieldDef: definition)
                }
            case .fragmentSpread(let spread):
                directives(spread.directives, fieldDef: fieldDef)
            case .inlineFragment(let inline):
                let named: GraphQLNamedType?
                if let condition = inline.typeCondition {
                    named = context.namedType(condition)
                } else {
                    named = type?.namedType
                }
                directives(inline.directives, fieldDef: fieldDef)
                selectionSet(
                    inline.selectionSet, type: named.flatMap { $0.isOutputType ? .named($0) : nil },
                    fieldDef: fieldDef)
            }
        }
    }

    private mutating func directives(_ directives: [Directive], fieldDef: GraphQLField?) {
        for directive in directives {
            let known = context.schema.directive(named: directive.name.value)
            for argument in directive.arguments {
                let definition =
                    known != nil
                    ? known?.argument(named: argument.name.value)
                    : fieldDef?.argument(named: argument.name.value)
                self.argument(argument, definition: definition)
            }
        }
    }

    private mutating func argument(_ argument: Argument, definition: GraphQLArgument?) {
        let type = definition.flatMap { $0.type.isInputType ? $0.type : nil }
        value(argument.value, type: type, parentType: nil, hasDefault: definition?.defaultValue != nil)
    }

    private mutating func value(_ value: Value, type: GraphQLType?, parentType: GraphQLType?, hasDefault: Bool) {
        switch value {
        case .variable(let variable):
            usages.append(
                VariableUsage(
                    node: variable, type: type, hasLocationDefaultValue: hasDefault,
                    parentType: parentType))
        case .list(let list):
            let listType = type?.nullableType
            var itemType = listType
            if let listType, case .list(let inner) = listType { itemType = inner }
            let item = itemType.flatMap { $0.isInputType ? $0 : nil }
            for element in list.values {
                self.value(element, type: item, parentType: type, hasDefault: false)
            }
        case .object(let object):
            var objectType: GraphQLInputObjectType?
            if let named = type?.namedType, case .inputObject(let input) = named { objectType = input }
            for field in object.fields {
                let definition = objectType?.field(named: field.name.value)
                let fieldType = definition.flatMap { $0.type.isInputType ? $0.type : nil }
                self.value(field.value, type: fieldType, parentType: type, hasDefault: definition?.defaultValue != nil)
            }
        default:
            break
        }
    }

    // MARK: Quick scan

    static func hasVariables(_ set: SelectionSet) -> Bool {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                for argument in field.arguments where hasVariables(argument.value) { return true }
                if hasVariables(field.directives) { return true }
                if let sub = field.selectionSet, hasVariables(sub) { return true }
            case .fragmentSpread(let spread):
                if hasVariables(spread.directives) { return true }
            case .inlineFragment(let inline):
                if hasVariables(inline.directives) || hasVariables(inline.selectionSet) { return true }
            }
        }
        return false
    }

    static func hasVariables(_ directives: [Directive]) -> Bool {
        for directive in directives {
            for argument in directive.arguments where hasVariables(argument.value) { return true }
        }
        return false
    }

    static func hasVariables(_ value: Value) -> Bool {
        switch value {
        case .variable: return true
        case .list(let list): return list.values.contains { hasVariables($0) }
        case .object(let object): return object.fields.contains { hasVariables($0.value) }
        default: return false
        }
    }
}
