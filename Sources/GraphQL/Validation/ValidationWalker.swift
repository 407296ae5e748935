/// The single walk of a document that `validate` makes: it keeps the
/// context's type information up to date (as graphql-js's `TypeInfo` does)
/// and calls each rule's hooks, in rule order, on entering and leaving nodes.
///
/// Node order is graphql-js's visitor order (its `QueryDocumentKeys`), so the
/// errors come out in the same order. Recursion follows the document's
/// nesting, which the parser bounds (`ParseOptions.maxDepth`).
final class ValidationWalker {
    let context: ValidationContext
    private let table: HookTable

    init(context: ValidationContext, visitors: [any ValidationRuleVisitor]) {
        self.context = context
        self.table = HookTable(visitors)
    }

    /// Walks the whole document.
    func walk() {
        let document = context.document
        for rule in table.enterDocument where !context.isAborted { rule.enterDocument(document) }
        for definition in document.definitions {
            if context.isAborted { return }
            walkDefinition(definition)
        }
        for rule in table.leaveDocument where !context.isAborted { rule.leaveDocument(document) }
    }

    // MARK: Executable definitions

    private func walkDefinition(_ definition: Definition) {
        switch definition {
        case .operation(let operation): walkOperation(operation)
        case .fragment(let fragment): walkFragmentDefinition(fragment)
        case .schema(let node):
            walkTypeSystemNode(.schema, directives: node.directives, location: .schema)
            for operationType in node.operationTypes { walkNamedType(operationType.type, sdl: true) }
        case .schemaExtension(let node):
            walkTypeSystemNode(.schema, directives: node.directives, location: .schema)
            for operationType in node.operationTypes { walkNamedType(operationType.type, sdl: true) }
        case .scalarType(let node), .scalarTypeExtension(let node):
            walkTypeSystemNode(.type(typeName: node.name.value), directives: node.directives, location: .scalar)
        case .objectType(let node), .objectTypeExtension(let node):
            enterTypeSystemNode(.type(typeName: node.name.value), directives: node.directives)
            for interface in node.interfaces { walkNamedType(interface, sdl: true) }
            walkDirectives(node.directives, location: .object)
            for field in node.fields { walkFieldDefinition(field) }
        case .interfaceType(let node), .interfaceTypeExtension(let node):
            enterTypeSystemNode(.type(typeName: node.name.value), directives: node.directives)
            for interface in node.interfaces { walkNamedType(interface, sdl: true) }
            walkDirectives(node.directives, location: .interface)
            for field in node.fields { walkFieldDefinition(field) }
        case .unionType(let node), .unionTypeExtension(let node):
            walkTypeSystemNode(.type(typeName: node.name.value), directives: node.directives, location: .union)
            for member in node.types { walkNamedType(member, sdl: true) }
        case .enumType(let node), .enumTypeExtension(let node):
            walkTypeSystemNode(.type(typeName: node.name.value), directives: node.directives, location: .enum)
            for value in node.values {
                walkTypeSystemNode(.member, directives: value.directives, location: .enumValue)
            }
        case .inputObjectType(let node):
            walkTypeSystemNode(.type(typeName: node.name.value), directives: node.directives, location: .inputObject)
            for field in node.fields { walkInputValueDefinition(field, location: .inputFieldDefinition) }
        case .inputObjectTypeExtension(let node):
            // graphql-js takes the fields of an `extend input` for argument definitions.
            walkTypeSystemNode(.type(typeName: node.name.value), directives: node.directives, location: .inputObject)
            for field in node.fields { walkInputValueDefinition(field, location: .argumentDefinition) }
        case .directive(let node):
            for argument in node.arguments { walkInputValueDefinition(argument, location: .argumentDefinition) }
        }
    }

    private func walkOperation(_ operation: OperationDefinition) {
        let root = context.schema.rootType(for: operation.operation)
        context.typeStack.append(root.map { .named(.object($0)) })
        for rule in table.enterOperation where !context.isAborted { rule.enterOperation(operation) }
        for definition in operation.variableDefinitions { walkVariableDefinition(definition) }
        let location: DirectiveLocation
        switch operation.operation {
        case .query: location = .query
        case .mutation: location = .mutation
        case .subscription: location = .subscription
        }
        walkDirectives(operation.directives, location: location)
        walkSelectionSet(operation.selectionSet)
        for rule in table.leaveOperation where !context.isAborted { rule.leaveOperation(operation) }
        context.typeStack.removeLast()
    }

    private func walkFragmentDefinition(_ fragment: FragmentDefinition) {
        let type = context.namedType(fragment.typeCondition)
        context.typeStack.append(type.flatMap { $0.isOutputType ? .named($0) : nil })
        for rule in table.enterFragmentDefinition where !context.isAborted { rule.enterFragmentDefinition(fragment) }
        walkNamedType(fragment.typeCondition, sdl: false)
        walkDirectives(fragment.directives, location: .fragmentDefinition)
        walkSelectionSet(fragment.selectionSet)
        context.typeStack.removeLast()
    }

    private func walkVariableDefinition(_ definition: VariableDefinition) {
        if context.isAborted { return }
        let type = context.typeFromAST(definition.type)
        context.inputTypeStack.append(type.flatMap { $0.isInputType ? $0 : nil })
        for rule in table.enterVariableDefinition where !context.isAborted { rule.enterVariableDefinition(definition) }
        walkTypeNode(definition.type, sdl: false)
        if let defaultValue = definition.defaultValue { walkValue(defaultValue) }
        walkDirectives(definition.directives, location: .variableDefinition)
        context.inputTypeStack.removeLast()
    }

    private func walkSelectionSet(_ selectionSet: SelectionSet) {
        if context.isAborted { return }
        let named = context.type?.namedType
        context.parentTypeStack.append(named.flatMap { $0.isCompositeType ? $0 : nil })
        for rule in table.enterSelectionSet where !context.isAborted { rule.enterSelectionSet(selectionSet) }
        for selection in selectionSet.selections {
            if context.isAborted { break }
            switch selection {
            case .field(let field): walkField(field)
            case .fragmentSpread(let spread):
                for rule in table.enterFragmentSpread where !context.isAborted { rule.enterFragmentSpread(spread) }
                walkDirectives(spread.directives, location: .fragmentSpread)
            case .inlineFragment(let inline): walkInlineFragment(inline)
            }
        }
        context.parentTypeStack.removeLast()
    }

    private func walkField(_ field: Field) {
        var fieldDef: GraphQLField?
        if let parent = context.parentType {
            fieldDef = context.schema.fieldDefinition(parentType: parent, name: field.name.value)
        }
        context.fieldDefStack.append(fieldDef)
        context.typeStack.append(fieldDef.flatMap { $0.type.isOutputType ? $0.type : nil })
        for rule in table.enterField where !context.isAborted { rule.enterField(field) }
        for argument in field.arguments { walkArgument(argument) }
        walkDirectives(field.directives, location: .field)
        if let selectionSet = field.selectionSet { walkSelectionSet(selectionSet) }
        for rule in table.leaveField where !context.isAborted { rule.leaveField(field) }
        context.fieldDefStack.removeLast()
        context.typeStack.removeLast()
    }

    private func walkInlineFragment(_ inline: InlineFragment) {
        let type: GraphQLNamedType?
        if let condition = inline.typeCondition {
            type = context.namedType(condition)
        } else {
            type = context.type?.namedType
        }
        context.typeStack.append(type.flatMap { $0.isOutputType ? .named($0) : nil })
        for rule in table.enterInlineFragment where !context.isAborted { rule.enterInlineFragment(inline) }
        if let condition = inline.typeCondition { walkNamedType(condition, sdl: false) }
        walkDirectives(inline.directives, location: .inlineFragment)
        walkSelectionSet(inline.selectionSet)
        context.typeStack.removeLast()
    }

    private func walkDirectives(_ directives: [Directive], location: DirectiveLocation) {
        if !directives.isEmpty {
            for rule in table.enterDirectives where !context.isAborted {
                rule.enterDirectives(directives, location: location)
            }
        }
        for directive in directives {
            if context.isAborted { return }
            context.directive = context.schema.directive(named: directive.name.value)
            for rule in table.enterDirective where !context.isAborted {
                rule.enterDirective(directive, location: location)
            }
            for argument in directive.arguments { walkArgument(argument) }
            for rule in table.leaveDirective where !context.isAborted { rule.leaveDirective(directive) }
            context.directive = nil
        }
    }

    private func walkArgument(_ argument: Argument) {
        if context.isAborted { return }
        var definition: GraphQLArgument?
        if let directive = context.directive {
            definition = directive.argument(named: argument.name.value)
        } else if let fieldDef = context.fieldDef {
            definition = fieldDef.argument(named: argument.name.value)
        }
        context.argument = definition
        context.inputTypeStack.append(definition.flatMap { $0.type.isInputType ? $0.type : nil })
        for rule in table.enterArgument where !context.isAborted { rule.enterArgument(argument) }
        walkValue(argument.value)
        context.argument = nil
        context.inputTypeStack.removeLast()
    }

    // MARK: Values

    private func walkValue(_ value: Value) {
        if context.isAborted { return }
        switch value {
        case .variable:
            break
        case .list(let list):
            let listType = context.inputType?.nullableType
            var itemType = listType
            if let listType, case .list(let inner) = listType { itemType = inner }
            context.inputTypeStack.append(itemType.flatMap { $0.isInputType ? $0 : nil })
            for rule in table.enterListValue where !context.isAborted { rule.enterListValue(list) }
            for item in list.values { walkValue(item) }
            for rule in table.leaveListValue where !context.isAborted { rule.leaveListValue(list) }
            context.inputTypeStack.removeLast()
        case .object(let object):
            for rule in table.enterObjectValue where !context.isAborted { rule.enterObjectValue(object) }
            for field in object.fields { walkObjectField(field) }
            for rule in table.leaveObjectValue where !context.isAborted { rule.leaveObjectValue(object) }
        default:
            for rule in table.enterScalarValue where !context.isAborted { rule.enterScalarValue(value) }
        }
    }

    private func walkObjectField(_ field: ObjectField) {
        if context.isAborted { return }
        var fieldDef: GraphQLInputField?
        if let named = context.inputType?.namedType, case .inputObject(let objectType) = named {
            fieldDef = objectType.field(named: field.name.value)
        }
        context.inputTypeStack.append(fieldDef.flatMap { $0.type.isInputType ? $0.type : nil })
        for rule in table.enterObjectField where !context.isAborted { rule.enterObjectField(field) }
        walkValue(field.value)
        context.inputTypeStack.removeLast()
    }

    // MARK: Types and type-system nodes

    private func walkTypeNode(_ node: TypeNode, sdl: Bool) {
        walkNamedType(node.namedType, sdl: sdl)
    }

    private func walkNamedType(_ node: NamedType, sdl: Bool) {
        for rule in table.enterNamedType where !context.isAborted {
            rule.enterNamedType(node, inTypeSystemDefinition: sdl)
        }
    }

    private func enterTypeSystemNode(_ kind: TypeSystemNodeKind, directives: [Directive]) {
        for rule in table.enterTypeSystemNode where !context.isAborted {
            rule.enterTypeSystemNode(kind, directives: directives)
        }
    }

    private func walkTypeSystemNode(_ kind: TypeSystemNodeKind, directives: [Directive], location: DirectiveLocation) {
        enterTypeSystemNode(kind, directives: directives)
        walkDirectives(directives, location: location)
    }

    private func walkFieldDefinition(_ field: FieldDefinition) {
        enterTypeSystemNode(.member, directives: field.directives)
        for argument in field.arguments { walkInputValueDefinition(argument, location: .argumentDefinition) }
        walkTypeNode(field.type, sdl: true)
        walkDirectives(field.directives, location: .fieldDefinition)
    }

    private func walkInputValueDefinition(_ value: InputValueDefinition, location: DirectiveLocation) {
        enterTypeSystemNode(.member, directives: value.directives)
        walkTypeNode(value.type, sdl: true)
        if let defaultValue = value.defaultValue { walkValue(defaultValue) }
        walkDirectives(value.directives, location: location)
    }
}

/// The visitors of each hook, in rule order.
private final class HookTable {
    var enterDocument: [any ValidationRuleVisitor] = []
    var leaveDocument: [any ValidationRuleVisitor] = []
    var enterOperation: [any ValidationRuleVisitor] = []
    var leaveOperation: [any ValidationRuleVisitor] = []
    var enterFragmentDefinition: [any ValidationRuleVisitor] = []
    var enterVariableDefinition: [any ValidationRuleVisitor] = []
    var enterSelectionSet: [any ValidationRuleVisitor] = []
    var enterField: [any ValidationRuleVisitor] = []
    var leaveField: [any ValidationRuleVisitor] = []
    var enterFragmentSpread: [any ValidationRuleVisitor] = []
    var enterInlineFragment: [any ValidationRuleVisitor] = []
    var enterDirectives: [any ValidationRuleVisitor] = []
    var enterDirective: [any ValidationRuleVisitor] = []
    var leaveDirective: [any ValidationRuleVisitor] = []
    var enterArgument: [any ValidationRuleVisitor] = []
    var enterNamedType: [any ValidationRuleVisitor] = []
    var enterListValue: [any ValidationRuleVisitor] = []
    var leaveListValue: [any ValidationRuleVisitor] = []
    var enterObjectValue: [any ValidationRuleVisitor] = []
    var leaveObjectValue: [any ValidationRuleVisitor] = []
    var enterObjectField: [any ValidationRuleVisitor] = []
    var enterScalarValue: [any ValidationRuleVisitor] = []
    var enterTypeSystemNode: [any ValidationRuleVisitor] = []

    init(_ visitors: [any ValidationRuleVisitor]) {
        for visitor in visitors {
            let hooks = visitor.hooks
            if hooks.contains(.enterDocument) { enterDocument.append(visitor) }
            if hooks.contains(.leaveDocument) { leaveDocument.append(visitor) }
            if hooks.contains(.enterOperation) { enterOperation.append(visitor) }
            if hooks.contains(.leaveOperation) { leaveOperation.append(visitor) }
            if hooks.contains(.enterFragmentDefinition) { enterFragmentDefinition.append(visitor) }
            if hooks.contains(.enterVariableDefinition) { enterVariableDefinition.append(visitor) }
            if hooks.contains(.enterSelectionSet) { enterSelectionSet.append(visitor) }
            if hooks.contains(.enterField) { enterField.append(visitor) }
            if hooks.contains(.leaveField) { leaveField.append(visitor) }
            if hooks.contains(.enterFragmentSpread) { enterFragmentSpread.append(visitor) }
            if hooks.contains(.enterInlineFragment) { enterInlineFragment.append(visitor) }
            if hooks.contains(.enterDirectives) { enterDirectives.append(visitor) }
            if hooks.contains(.enterDirective) { enterDirective.append(visitor) }
            if hooks.contains(.leaveDirective) { leaveDirective.append(visitor) }
            if hooks.contains(.enterArgument) { enterArgument.append(visitor) }
            if hooks.contains(.enterNamedType) { enterNamedType.append(visitor) }
            if hooks.contains(.enterListValue) { enterListValue.append(visitor) }
            if hooks.contains(.leaveListValue) { leaveListValue.append(visitor) }
            if hooks.contains(.enterObjectValue) { enterObjectValue.append(visitor) }
            if hooks.contains(.leaveObjectValue) { leaveObjectValue.append(visitor) }
            if hooks.contains(.enterObjectField) { enterObjectField.append(visitor) }
            if hooks.contains(.enterScalarValue) { enterScalarValue.append(visitor) }
            if hooks.contains(.enterTypeSystemNode) { enterTypeSystemNode.append(visitor) }
        }
    }
}
