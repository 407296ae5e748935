/// What a visitor's `enter` asks of the walk.
public enum VisitAction: Sendable {
    /// Visit the node's children.
    case `continue`
    /// Skip the node's children (its `leave` is not called either).
    case skip
}

/// Callbacks for `DocumentWalker`: enter/leave for each kind of node of an
/// executable document, in graphql-js's visiting order. Every method has a
/// default that does nothing, so a visitor implements only what it needs.
/// `info` is the `TypeInfo` at that node (already entered on `enter`, not
/// yet left on `leave`, as graphql-js's `visitWithTypeInfo`).
public protocol DocumentVisitor {
    mutating func enterDocument(_ node: Document, info: TypeInfo)
    mutating func leaveDocument(_ node: Document, info: TypeInfo)
    /// A type-system definition in an executable document (not descended into).
    mutating func visitTypeSystemDefinition(_ node: Definition, info: TypeInfo)
    mutating func enterOperation(_ node: OperationDefinition, info: TypeInfo) -> VisitAction
    mutating func leaveOperation(_ node: OperationDefinition, info: TypeInfo)
    mutating func enterFragmentDefinition(_ node: FragmentDefinition, info: TypeInfo) -> VisitAction
    mutating func leaveFragmentDefinition(_ node: FragmentDefinition, info: TypeInfo)
    mutating func enterVariableDefinition(_ node: VariableDefinition, info: TypeInfo) -> VisitAction
    mutating func leaveVariableDefinition(_ node: VariableDefinition, info: TypeInfo)
    mutating func enterSelectionSet(_ node: SelectionSet, info: TypeInfo) -> VisitAction
    mutating func leaveSelectionSet(_ node: SelectionSet, info: TypeInfo)
    mutating func enterField(_ node: Field, info: TypeInfo) -> VisitAction
    mutating func leaveField(_ node: Field, info: TypeInfo)
    mutating func enterFragmentSpread(_ node: FragmentSpread, info: TypeInfo) -> VisitAction
    mutating func leaveFragmentSpread(_ node: FragmentSpread, info: TypeInfo)
    mutating func enterInlineFragment(_ node: InlineFragment, info: TypeInfo) -> VisitAction
    mutating func leaveInlineFragment(_ node: InlineFragment, info: TypeInfo)
    mutating func enterDirective(_ node: Directive, info: TypeInfo) -> VisitAction
    mutating func leaveDirective(_ node: Directive, info: TypeInfo)
    mutating func enterArgument(_ node: Argument, info: TypeInfo) -> VisitAction
    mutating func leaveArgument(_ node: Argument, info: TypeInfo)
    /// Any value (scalars, enums, variables, lists, objects), before its items.
    mutating func enterValue(_ node: Value, info: TypeInfo) -> VisitAction
    mutating func leaveValue(_ node: Value, info: TypeInfo)
    mutating func enterObjectField(_ node: ObjectField, info: TypeInfo) -> VisitAction
    mutating func leaveObjectField(_ node: ObjectField, info: TypeInfo)
    /// A variable reference (in a value, or the `$name` of a variable definition).
    mutating func visitVariable(_ node: Variable, info: TypeInfo)
    /// A named type reference (type conditions, variable types).
    mutating func visitNamedType(_ node: NamedType, info: TypeInfo)
}

extension DocumentVisitor {
    public mutating func enterDocument(_ node: Document, info: TypeInfo) {}
    public mutating func leaveDocument(_ node: Document, info: TypeInfo) {}
    public mutating func visitTypeSystemDefinition(_ node: Definition, info: TypeInfo) {}
    public mutating func enterOperation(_ node: OperationDefinition, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveOperation(_ node: OperationDefinition, info: TypeInfo) {}
    public mutating func enterFragmentDefinition(_ node: FragmentDefinition, info: TypeInfo) -> VisitAction {
        .continue
    }
    public mutating func leaveFragmentDefinition(_ node: FragmentDefinition, info: TypeInfo) {}
    public mutating func enterVariableDefinition(_ node: VariableDefinition, info: TypeInfo) -> VisitAction {
        .continue
    }
    public mutating func leaveVariableDefinition(_ node: VariableDefinition, info: TypeInfo) {}
    public mutating func enterSelectionSet(_ node: SelectionSet, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveSelectionSet(_ node: SelectionSet, info: TypeInfo) {}
    public mutating func enterField(_ node: Field, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveField(_ node: Field, info: TypeInfo) {}
    public mutating func enterFragmentSpread(_ node: FragmentSpread, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveFragmentSpread(_ node: FragmentSpread, info: TypeInfo) {}
    public mutating func enterInlineFragment(_ node: InlineFragment, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveInlineFragment(_ node: InlineFragment, info: TypeInfo) {}
    public mutating func enterDirective(_ node: Directive, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveDirective(_ node: Directive, info: TypeInfo) {}
    public mutating func enterArgument(_ node: Argument, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveArgument(_ node: Argument, info: TypeInfo) {}
    public mutating func enterValue(_ node: Value, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveValue(_ node: Value, info: TypeInfo) {}
    public mutating func enterObjectField(_ node: ObjectField, info: TypeInfo) -> VisitAction { .continue }
    public mutating func leaveObjectField(_ node: ObjectField, info: TypeInfo) {}
    public mutating func visitVariable(_ node: Variable, info: TypeInfo) {}
    public mutating func visitNamedType(_ node: NamedType, info: TypeInfo) {}
}

/// Walks an executable document depth-first in graphql-js's order
/// (`QueryDocumentKeys`), keeping a `TypeInfo` up to date and calling a
/// `DocumentVisitor`. Generic, so each visitor gets a specialized walk.
public struct DocumentWalker<Visitor: DocumentVisitor> {
    /// The visitor, with whatever state it gathered.
    public var visitor: Visitor
    /// The type information at the current node.
    public private(set) var info: TypeInfo

    /// A walker for documents against `schema`.
    public init(schema: GraphQLSchema, visitor: Visitor) {
        self.visitor = visitor
        self.info = TypeInfo(schema: schema)
    }

    /// Walks the whole document.
    public mutating func walk(_ document: Document) {
        visitor.enterDocument(document, info: info)
        for definition in document.definitions {
            switch definition {
            case .operation(let node): walkOperation(node)
            case .fragment(let node): walkFragment(node)
            default: visitor.visitTypeSystemDefinition(definition, info: info)
            }
        }
        visitor.leaveDocument(document, info: info)
    }

    mutating func walkOperation(_ node: OperationDefinition) {
        info.enterOperation(node)
        if visitor.enterOperation(node, info: info) == .continue {
            for variable in node.variableDefinitions { walkVariableDefinition(variable) }
            walkDirectives(node.directives)
            walkSelectionSet(node.selectionSet)
            visitor.leaveOperation(node, info: info)
        }
        info.leaveOperation()
    }

    mutating func walkFragment(_ node: FragmentDefinition) {
        info.enterFragmentDefinition(node)
        if visitor.enterFragmentDefinition(node, info: info) == .continue {
            visitor.visitNamedType(node.typeCondition, info: info)
            walkDirectives(node.directives)
            walkSelectionSet(node.selectionSet)
            visitor.leaveFragmentDefinition(node, info: info)
        }
        info.leaveFragmentDefinition()
    }

    mutating func walkVariableDefinition(_ node: VariableDefinition) {
        info.enterVariableDefinition(node)
        if visitor.enterVariableDefinition(node, info: info) == .continue {
            visitor.visitVariable(node.variable, info: info)
            visitor.visitNamedType(node.type.namedType, info: info)
            if let defaultValue = node.defaultValue { walkValue(defaultValue) }
            walkDirectives(node.directives)
            visitor.leaveVariableDefinition(node, info: info)
        }
        info.leaveVariableDefinition()
    }

    mutating func walkSelectionSet(_ node: SelectionSet) {
        info.enterSelectionSet()
        if visitor.enterSelectionSet(node, info: info) == .continue {
            for selection in node.selections {
                switch selection {
                case .field(let field): walkField(field)
                case .fragmentSpread(let spread): walkFragmentSpread(spread)
                case .inlineFragment(let fragment): walkInlineFragment(fragment)
                }
            }
            visitor.leaveSelectionSet(node, info: info)
        }
        info.leaveSelectionSet()
    }

    mutating func walkField(_ node: Field) {
        info.enterField(node)
        if visitor.enterField(node, info: info) == .continue {
            for argument in node.arguments { walkArgument(argument) }
            walkDirectives(node.directives)
            if let selectionSet = node.selectionSet { walkSelectionSet(selectionSet) }
            visitor.leaveField(node, info: info)
        }
        info.leaveField()
    }

    mutating func walkFragmentSpread(_ node: FragmentSpread) {
        if visitor.enterFragmentSpread(node, info: info) == .continue {
            walkDirectives(node.directives)
            visitor.leaveFragmentSpread(node, info: info)
        }
    }

    mutating func walkInlineFragment(_ node: InlineFragment) {
        info.enterInlineFragment(node)
        if visitor.enterInlineFragment(node, info: info) == .continue {
            if let condition = node.typeCondition { visitor.visitNamedType(condition, info: info) }
            walkDirectives(node.directives)
            walkSelectionSet(node.selectionSet)
            visitor.leaveInlineFragment(node, info: info)
        }
        info.leaveInlineFragment()
    }

    mutating func walkDirectives(_ directives: [Directive]) {
        for directive in directives {
            info.enterDirective(directive)
            if visitor.enterDirective(directive, info: info) == .continue {
                for argument in directive.arguments { walkArgument(argument) }
                visitor.leaveDirective(directive, info: info)
            }
            info.leaveDirective()
        }
    }

    mutating func walkArgument(_ node: Argument) {
        info.enterArgument(node)
        if visitor.enterArgument(node, info: info) == .continue {
            walkValue(node.value)
            visitor.leaveArgument(node, info: info)
        }
        info.leaveArgument()
    }

    mutating func walkValue(_ node: Value) {
        switch node {
        case .list(let list):
            info.enterListValue()
            if visitor.enterValue(node, info: info) == .continue {
                for item in list.values { walkValue(item) }
                visitor.leaveValue(node, info: info)
            }
            info.leaveListValue()
        case .object(let object):
            if visitor.enterValue(node, info: info) == .continue {
                for field in object.fields {
                    info.enterObjectField(field)
                    if visitor.enterObjectField(field, info: info) == .continue {
                        walkValue(field.value)
                        visitor.leaveObjectField(field, info: info)
                    }
                    info.leaveObjectField()
                }
                visitor.leaveValue(node, info: info)
            }
        case .enumValue(let literal):
            info.enterEnumValue(literal)
            if visitor.enterValue(node, info: info) == .continue {
                visitor.leaveValue(node, info: info)
            }
            info.leaveEnumValue()
        case .variable(let variable):
            if visitor.enterValue(node, info: info) == .continue {
                visitor.visitVariable(variable, info: info)
                visitor.leaveValue(node, info: info)
            }
        default:
            if visitor.enterValue(node, info: info) == .continue {
                visitor.leaveValue(node, info: info)
            }
        }
    }
}
