/// A validation rule of the GraphQL specification (or a custom one): a name
/// and a factory that makes, for one `validate` call, the visitor that checks
/// the document.
///
/// Rules run together in a single walk of the document (like graphql-js's
/// `visitInParallel`): for every node, each rule's hook runs in the order of
/// the `rules` array, so errors come out in graphql-js's order.
public struct ValidationRule: Sendable {
    /// The rule's name, as graphql-js names it (`ScalarLeafsRule`).
    public let name: String
    /// Makes the rule's visitor for one validation.
    public let makeVisitor: @Sendable (ValidationContext) -> any ValidationRuleVisitor

    /// A rule named `name` whose visitor `makeVisitor` builds.
    public init(name: String, makeVisitor: @escaping @Sendable (ValidationContext) -> any ValidationRuleVisitor) {
        self.name = name
        self.makeVisitor = makeVisitor
    }
}

/// The node hooks a ``ValidationRuleVisitor`` implements: the walk calls only
/// those listed in ``ValidationRuleVisitor/hooks``.
public struct ValidationHooks: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let enterDocument = ValidationHooks(rawValue: 1 << 0)
    public static let leaveDocument = ValidationHooks(rawValue: 1 << 1)
    public static let enterOperation = ValidationHooks(rawValue: 1 << 2)
    public static let leaveOperation = ValidationHooks(rawValue: 1 << 3)
    public static let enterFragmentDefinition = ValidationHooks(rawValue: 1 << 4)
    public static let enterVariableDefinition = ValidationHooks(rawValue: 1 << 5)
    public static let enterSelectionSet = ValidationHooks(rawValue: 1 << 6)
    public static let enterField = ValidationHooks(rawValue: 1 << 7)
    public static let leaveField = ValidationHooks(rawValue: 1 << 8)
    public static let enterFragmentSpread = ValidationHooks(rawValue: 1 << 9)
    public static let enterInlineFragment = ValidationHooks(rawValue: 1 << 10)
    public static let enterDirective = ValidationHooks(rawValue: 1 << 11)
    public static let leaveDirective = ValidationHooks(rawValue: 1 << 12)
    public static let enterArgument = ValidationHooks(rawValue: 1 << 13)
    public static let enterNamedType = ValidationHooks(rawValue: 1 << 14)
    public static let enterListValue = ValidationHooks(rawValue: 1 << 15)
    public static let leaveListValue = ValidationHooks(rawValue: 1 << 16)
    public static let enterObjectValue = ValidationHooks(rawValue: 1 << 17)
    public static let leaveObjectValue = ValidationHooks(rawValue: 1 << 18)
    public static let enterObjectField = ValidationHooks(rawValue: 1 << 19)
    public static let enterScalarValue = ValidationHooks(rawValue: 1 << 20)
    public static let enterTypeSystemNode = ValidationHooks(rawValue: 1 << 21)
    public static let enterDirectives = ValidationHooks(rawValue: 1 << 22)
}

/// Where a type-system node with directives sits, for the rules that look at
/// directives outside executable definitions.
public enum TypeSystemNodeKind: Sendable, Equatable {
    /// `schema` or `extend schema`.
    case schema
    /// A type definition or extension named `typeName`.
    case type(typeName: String)
    /// A field, argument, input field or enum value definition.
    case member
}

/// The visitor of one validation rule. Every hook has an empty default; a
/// visitor lists in ``hooks`` the ones it implements. Hooks run after the
/// context's type information has entered the node (and leave hooks before it
/// leaves), as graphql-js's `visitWithTypeInfo` does.
public protocol ValidationRuleVisitor: AnyObject {
    /// The hooks this visitor implements.
    var hooks: ValidationHooks { get }

    func enterDocument(_ node: Document)
    func leaveDocument(_ node: Document)
    func enterOperation(_ node: OperationDefinition)
    func leaveOperation(_ node: OperationDefinition)
    func enterFragmentDefinition(_ node: FragmentDefinition)
    func enterVariableDefinition(_ node: VariableDefinition)
    func enterSelectionSet(_ node: SelectionSet)
    func enterField(_ node: Field)
    func leaveField(_ node: Field)
    func enterFragmentSpread(_ node: FragmentSpread)
    func enterInlineFragment(_ node: InlineFragment)
    /// The directives of one node (never empty), before each is entered with ``enterDirective(_:location:)``.
    func enterDirectives(_ nodes: [Directive], location: DirectiveLocation)
    /// A directive, with the location of the node it is applied to.
    func enterDirective(_ node: Directive, location: DirectiveLocation)
    func leaveDirective(_ node: Directive)
    /// An argument of a field or of a directive (``ValidationContext/directive`` tells which).
    func enterArgument(_ node: Argument)
    /// A named type reference; `inTypeSystemDefinition` when it sits in a
    /// type-system definition or extension.
    func enterNamedType(_ node: NamedType, inTypeSystemDefinition: Bool)
    func enterListValue(_ node: ListValue)
    func leaveListValue(_ node: ListValue)
    func enterObjectValue(_ node: ObjectValue)
    func leaveObjectValue(_ node: ObjectValue)
    func enterObjectField(_ node: ObjectField)
    /// An int, float, string, boolean, null or enum value (never a variable, list or object).
    func enterScalarValue(_ node: Value)
    /// A type-system node that carries directives (schema, type, field,
    /// argument, input field or enum value definition or extension).
    func enterTypeSystemNode(_ kind: TypeSystemNodeKind, directives: [Directive])
}

extension ValidationRuleVisitor {
    public func enterDocument(_ node: Document) {}
    public func leaveDocument(_ node: Document) {}
    public func enterOperation(_ node: OperationDefinition) {}
    public func leaveOperation(_ node: OperationDefinition) {}
    public func enterFragmentDefinition(_ node: FragmentDefinition) {}
    public func enterVariableDefinition(_ node: VariableDefinition) {}
    public func enterSelectionSet(_ node: SelectionSet) {}
    public func enterField(_ node: Field) {}
    public func leaveField(_ node: Field) {}
    public func enterFragmentSpread(_ node: FragmentSpread) {}
    public func enterInlineFragment(_ node: InlineFragment) {}
    public func enterDirectives(_ nodes: [Directive], location: DirectiveLocation) {}
    public func enterDirective(_ node: Directive, location: DirectiveLocation) {}
    public func leaveDirective(_ node: Directive) {}
    public func enterArgument(_ node: Argument) {}
    public func enterNamedType(_ node: NamedType, inTypeSystemDefinition: Bool) {}
    public func enterListValue(_ node: ListValue) {}
    public func leaveListValue(_ node: ListValue) {}
    public func enterObjectValue(_ node: ObjectValue) {}
    public func leaveObjectValue(_ node: ObjectValue) {}
    public func enterObjectField(_ node: ObjectField) {}
    public func enterScalarValue(_ node: Value) {}
    public func enterTypeSystemNode(_ kind: TypeSystemNodeKind, directives: [Directive]) {}
}
