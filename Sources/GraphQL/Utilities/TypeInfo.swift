/// Tracks the schema types around the current node while a document is
/// walked (graphql-js's `TypeInfo`): the output type and parent composite
/// type of fields, the field definition, the input type of arguments and
/// values (and of their parent), the argument, directive, enum value and
/// default value in scope.
///
/// Call the `enter…` method of a node before its children and the matching
/// `leave…` after them; `DocumentWalker` does so. A value type: copying it
/// copies its stacks.
public struct TypeInfo {
    /// The schema the document is checked against.
    public let schema: GraphQLSchema

    private var typeStack: [GraphQLType?] = []
    private var parentTypeStack: [GraphQLNamedType?] = []
    private var inputTypeStack: [GraphQLType?] = []
    private var fieldDefStack: [GraphQLField?] = []
    private var defaultValueStack: [Value?] = []
    /// The directive whose arguments are being walked.
    public private(set) var directive: GraphQLDirective?
    /// The argument definition of the argument being walked.
    public private(set) var argument: GraphQLArgument?
    /// The enum value definition of the enum literal being walked.
    public private(set) var enumValue: GraphQLEnumValue?

    /// A tracker for documents against `schema`.
    public init(schema: GraphQLSchema) {
        self.schema = schema
        typeStack.reserveCapacity(32)
        parentTypeStack.reserveCapacity(32)
        fieldDefStack.reserveCapacity(32)
    }

    /// The output type of the current field (or the root / fragment type).
    @inlinable public var type: GraphQLType? { currentType }
    /// The composite type that the current selection set selects on.
    public var parentType: GraphQLNamedType? { parentTypeStack.last ?? nil }
    /// The input type expected at the current argument or value.
    public var inputType: GraphQLType? { inputTypeStack.last ?? nil }
    /// The input type of the value that contains the current one.
    public var parentInputType: GraphQLType? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The definition of the current field.
    public var fieldDef: GraphQLField? { fieldDefStack.last ?? nil }
    /// The default value (as written in SDL) of the current argument or input field.
    public var defaultValue: Value? { defaultValueStack.last ?? nil }

    @usableFromInline var currentType: GraphQLType? { typeStack.last ?? nil }

    // MARK: Enter

    /// Entering an operation: its root type.
    public mutating func enterOperation(_ node: OperationDefinition) {
        typeStack.append(schema.rootType(for: node.operation).map { .named(.object($0)) })
    }

    /// Entering a selection set: the parent type is the current type, if composite.
    public mutating func enterSelectionSet() {
        let named = currentType?.namedType
        parentTypeStack.append(named?.isCompositeType == true ? named : nil)
    }

    /// Entering a field: its definition (meta fields included) and type.
    public mutating func enterField(_ node: Field) {
        var fieldDef: GraphQLField?
        if let parent = parentType {
            fieldDef = schema.fieldDefinition(parentType: parent, name: node.name.value)
        }
        fieldDefStack.append(fieldDef)
        typeStack.append(fieldDef.flatMap { $0.type.isOutputType ? $0.type : nil })
    }

    /// Entering a directive application.
    public mutating func enterDirective(_ node: Directive) {
        directive = schema.directive(named: node.name.value)
    }

    /// Entering an inline fragment: its type condition, or the current type.
    public mutating func enterInlineFragment(_ node: InlineFragment) {
        let type: GraphQLType?
        if let condition = node.typeCondition {
            type = schema.type(named: condition.name.value).map { .named($0) }
        } else {
            type = currentType.map { .named($0.namedType) }
        }
        typeStack.append(type.flatMap { $0.isOutputType ? $0 : nil })
    }

    /// Entering a fragment definition: its type condition.
    public mutating func enterFragmentDefinition(_ node: FragmentDefinition) {
        let type = schema.type(named: node.typeCondition.name.value).map { GraphQLType.named($0) }
        typeStack.append(type.flatMap { $0.isOutputType ? $0 : nil })
    }

    /// Entering a variable definition: its declared type, if an input type.
    public mutating func enterVariableDefinition(_ node: VariableDefinition) {
        let type = typeFromAST(schema, node.type)
        inputTypeStack.append(type.flatMap { $0.isInputType ? $0 : nil })
    }

    /// Entering an argument of the current directive or field.
    public mutating func enterArgument(_ node: Argument) {
        var argDef: GraphQLArgument?
        if let directive {
            argDef = directive.argument(named: node.name.value)
        } else if let fieldDef {
            argDef = fieldDef.argument(named: node.name.value)
        }
        argument = argDef
        defaultValueStack.append(argDef?.defaultValue)
        inputTypeStack.append(argDef.flatMap { $0.type.isInputType ? $0.type : nil })
    }

    /// Entering a list literal: the item type.
    public mutating func enterListValue() {
        let listType = inputType?.nullableType
        var itemType = listType
        if case .list(let item)? = listType { itemType = item }
        defaultValueStack.append(nil)
        inputTypeStack.append(itemType.flatMap { $0.isInputType ? $0 : nil })
    }

    /// Entering a field of an object literal: the input field's type.
    public mutating func enterObjectField(_ node: ObjectField) {
        var fieldType: GraphQLType?
        var defaultValue: Value?
        if case .inputObject(let input)? = inputType?.namedType, let field = input.field(named: node.name.value) {
            fieldType = field.type
            defaultValue = field.defaultValue
        }
        defaultValueStack.append(defaultValue)
        inputTypeStack.append(fieldType.flatMap { $0.isInputType ? $0 : nil })
    }

    /// Entering an enum literal: its definition in the expected enum type.
    public mutating func enterEnumValue(_ node: EnumValue) {
        if case .enum(let enumType)? = inputType?.namedType {
            enumValue = enumType.value(named: node.value)
        } else {
            enumValue = nil
        }
    }

    // MARK: Leave

    public mutating func leaveOperation() { _ = typeStack.popLast() }
    public mutating func leaveSelectionSet() { _ = parentTypeStack.popLast() }
    public mutating func leaveField() {
        _ = fieldDefStack.popLast()
        _ = typeStack.popLast()
    }
    public mutating func leaveDirective() { directive = nil }
    public mutating func leaveInlineFragment() { _ = typeStack.popLast() }
    public mutating func leaveFragmentDefinition() { _ = typeStack.popLast() }
    public mutating func leaveVariableDefinition() { _ = inputTypeStack.popLast() }
    public mutating func leaveArgument() {
        argument = nil
        _ = defaultValueStack.popLast()
        _ = inputTypeStack.popLast()
    }
    public mutating func leaveListValue() {
        _ = defaultValueStack.popLast()
        _ = inputTypeStack.popLast()
    }
    public mutating func leaveObjectField() {
        _ = defaultValueStack.popLast()
        _ = inputTypeStack.popLast()
    }
    public mutating func leaveEnumValue() { enumValue = nil }
}
