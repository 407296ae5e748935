// The GraphQL abstract syntax tree: value types mirroring graphql-js's AST
// (src/language/ast.ts). Every node carries `loc`, the UTF-8 byte range of its
// text in the document's ``Source`` (nil when parsed with `noLocation`).

/// The UTF-8 byte range `start..<end` of a node's text in its ``Source``.
///
/// Stored as two 32-bit offsets (offsets beyond `Int32.max` are clamped), so
/// that `Location?`, carried by every node, takes 9 bytes instead of 17.
public struct Location: Sendable, Hashable {
    @usableFromInline var storedStart: Int32
    @usableFromInline var storedEnd: Int32

    /// The offset of the node's first byte.
    @inlinable
    public var start: Int {
        get { Int(storedStart) }
        set { storedStart = Int32(clamping: newValue) }
    }

    /// The offset just past the node's last byte.
    @inlinable
    public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = Int32(clamping: newValue) }
    }

    /// A location from `start` up to (not including) `end`.
    @inlinable
    public init(start: Int, end: Int) {
        storedStart = Int32(clamping: start)
        storedEnd = Int32(clamping: end)
    }
}

// MARK: - Document

/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: Sendable, Equatable {
    /// The definitions, in source order.
    public var definitions: [Definition]
    /// The whole document's range.
    public var loc: Location?
    /// The text the document was parsed from.
    public var source: Source

    /// A document of `definitions` parsed from `source`.
    public init(definitions: [Definition], loc: Location? = nil, source: Source) {
        self.definitions = definitions
        self.loc = loc
        self.source = source
    }

    /// Documents are equal when their definitions and ranges are (the sources are not compared).
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.definitions == rhs.definitions && lhs.loc == rhs.loc
    }
}

/// A name: of a field, type, argument, directive, variable, ...
public struct Name: Sendable, Hashable {
    /// The name's text.
    public var value: String
    public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// One top-level definition of a document.
///
/// The type extensions reuse the definition structs (their `description` is nil).
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    case scalarType(ScalarTypeDefinition)
    case objectType(ObjectTypeDefinition)
    case interfaceType(InterfaceTypeDefinition)
    case unionType(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObjectType(InputObjectTypeDefinition)
    case directive(DirectiveDefinition)
    case schemaExtension(SchemaExtension)
    case scalarTypeExtension(ScalarTypeDefinition)
    case objectTypeExtension(ObjectTypeDefinition)
    case interfaceTypeExtension(InterfaceTypeDefinition)
    case unionTypeExtension(UnionTypeDefinition)
    case enumTypeExtension(EnumTypeDefinition)
    case inputObjectTypeExtension(InputObjectTypeDefinition)

    /// The definition's range.
    public var loc: Location? {
        switch self {
        case .operation(let node): node.loc
        case .fragment(let node): node.loc
        case .schema(let node): node.loc
        case .scalarType(let node), .scalarTypeExtension(let node): node.loc
        case .objectType(let node), .objectTypeExtension(let node): node.loc
        case .interfaceType(let node), .interfaceTypeExtension(let node): node.loc
        case .unionType(let node), .unionTypeExtension(let node): node.loc
        case .enumType(let node), .enumTypeExtension(let node): node.loc
        case .inputObjectType(let node), .inputObjectTypeExtension(let node): node.loc
        case .directive(let node): node.loc
        case .schemaExtension(let node): node.loc
        }
    }

    /// The defined name: nil for schema definitions and extensions and anonymous operations.
    public var name: Name? {
        switch self {
        case .operation(let node): node.name
        case .fragment(let node): node.name
        case .schema, .schemaExtension: nil
        case .scalarType(let node), .scalarTypeExtension(let node): node.name
        case .objectType(let node), .objectTypeExtension(let node): node.name
        case .interfaceType(let node), .interfaceTypeExtension(let node): node.name
        case .unionType(let node), .unionTypeExtension(let node): node.name
        case .enumType(let node), .enumTypeExtension(let node): node.name
        case .inputObjectType(let node), .inputObjectTypeExtension(let node): node.name
        case .directive(let node): node.name
        }
    }

    /// Whether this is an operation or fragment definition.
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }

    /// Whether this is a type definition (not an extension, schema or directive definition).
    public var isTypeDefinition: Bool {
        switch self {
        case .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType: true
        default: false
        }
    }

    /// Whether this is a schema or type extension.
    public var isExtension: Bool {
        switch self {
        case .schemaExtension, .scalarTypeExtension, .objectTypeExtension, .interfaceTypeExtension,
            .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension:
            true
        default: false
        }
    }
}

// MARK: - Executable definitions

/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query
    case mutation
    case subscription
}

/// An operation: `query Name($var: Type) @dir { ... }`, or a bare selection set.
public struct OperationDefinition: Sendable, Hashable {
    public var operation: OperationType
    /// The operation's name; nil for anonymous operations.
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: Location?

    public var loc: Location? {
        @inline(__always) get { storedLoc }
        @inline(__always) set { storedLoc = newValue }
    }
}

extension OperationDefinition {
    public init(
        operation: OperationType, name: Name? = nil, variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [], selectionSet: SelectionSet, loc: Location? = nil
    ) {
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.storedLoc = loc
    }
}

/// A variable definition: `$name: Type = default @dir`.
public struct VariableDefinition: Sendable, Hashable {
    public var variable: Variable
    public var type: TypeNode
    public var defaultValue: Value?
    public var directives: [Directive]
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: Location?

    public var loc: Location? {
        @inline(__always) get { storedLoc }
        @inline(__always) set { storedLoc = newValue }
    }
}

extension VariableDefinition {
    public init(
        variable: Variable, type: TypeNode, defaultValue: Value? = nil,
        directives: [Directive] = [], loc: Location? = nil
    ) {
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.storedLoc = loc
    }
}

/// A variable reference: `$name`.
public struct Variable: Sendable, Hashable {
    /// The name without the `$`.
    public var name: Name
    public var loc: Location?

    public init(name: Name, loc: Location? = nil) {
        self.name = name
        self.loc = loc
    }
}

/// `{ selection ... }`.
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var loc: Location?

    public init(selections: [Selection], loc: Location? = nil) {
        self.selections = selections
        self.loc = loc
    }
}

/// One selection of a selection set.
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    /// The selection's range.
    public var loc: Location? {
        switch self {
        case .field(let node): node.loc
        case .fragmentSpread(let node): node.loc
        case .inlineFragment(let node): node.loc
        }
    }

    /// The selection's directives.
    public var directives: [Directive] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// A field selection: `alias: name(arg: value) @dir { ... }`.
///
/// The range is stored as `storedLoc` so that the struct keeps its implicit
/// memberwise initializer, `init(alias:name:arguments:directives:selectionSet:storedLoc:)`,
/// which the parser uses: the compiler builds a field through an explicit
/// initializer twice and copies one into the other (retaining every part).
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    @usableFromInline var storedLoc: Location?

    public var loc: Location? {
        @inline(__always) get { storedLoc }
        @inline(__always) set { storedLoc = newValue }
    }

    /// The key of this field in the response: the alias if any, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

extension Field {
    public init(
        alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, loc: Location? = nil
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.storedLoc = loc
    }
}

/// An argument: `name: value`.
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var loc: Location?

    public init(name: Name, value: Value, loc: Location? = nil) {
        self.name = name
        self.value = value
        self.loc = loc
    }
}

/// `...FragmentName @dir`.
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var directives: [Directive]
    public var loc: Location?

    public init(name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.name = name
        self.directives = directives
        self.loc = loc
    }
}

/// `... on Type @dir { ... }` (the type condition is optional).
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: Location?

    public var loc: Location? {
        @inline(__always) get { storedLoc }
        @inline(__always) set { storedLoc = newValue }
    }
}

extension InlineFragment {
    public init(
        typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet,
        loc: Location? = nil
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.storedLoc = loc
    }
}

/// `fragment Name on Type @dir { ... }`.
public struct FragmentDefinition: Sendable, Hashable {
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var loc: Location?

    public init(
        name: Name, typeCondition: NamedType, directives: [Directive] = [], selectionSet: SelectionSet,
        loc: Location? = nil
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.loc = loc
    }
}

// MARK: - Values

/// A value literal (or a variable, in non-constant contexts).
///
/// Lists and objects recurse through arrays, so no case needs `indirect`.
public enum Value: Sendable, Hashable {
    case variable(Variable)
    case int(IntValue)
    case float(FloatValue)
    case string(StringValue)
    case boolean(BooleanValue)
    case null(NullValue)
    case enumValue(EnumValue)
    case list(ListValue)
    case object(ObjectValue)

    /// The value's range.
    public var loc: Location? {
        switch self {
        case .variable(let node): node.loc
        case .int(let node): node.loc
        case .float(let node): node.loc
        case .string(let node): node.loc
        case .boolean(let node): node.loc
        case .null(let node): node.loc
        case .enumValue(let node): node.loc
        case .list(let node): node.loc
        case .object(let node): node.loc
        }
    }
}

/// An integer literal; `value` is its text as written (e.g. "-12").
public struct IntValue: Sendable, Hashable {
    public var value: String
    public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// A float literal; `value` is its text as written (e.g. "1.5e3").
public struct FloatValue: Sendable, Hashable {
    public var value: String
    public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// A string literal; `value` is the string after escapes (or block-string dedent).
public struct StringValue: Sendable, Hashable {
    public var value: String
    /// Whether it was written as a `"""` block string.
    public var block: Bool
    public var loc: Location?

    public init(value: String, block: Bool = false, loc: Location? = nil) {
        self.value = value
        self.block = block
        self.loc = loc
    }
}

/// `true` or `false`.
public struct BooleanValue: Sendable, Hashable {
    public var value: Bool
    public var loc: Location?

    public init(value: Bool, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// `null`.
public struct NullValue: Sendable, Hashable {
    public var loc: Location?

    public init(loc: Location? = nil) {
        self.loc = loc
    }
}

/// An enum value literal: a name other than `true`, `false` and `null`.
public struct EnumValue: Sendable, Hashable {
    public var value: String
    public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// `[value, ...]`.
public struct ListValue: Sendable, Hashable {
    public var values: [Value]
    public var loc: Location?

    public init(values: [Value], loc: Location? = nil) {
        self.values = values
        self.loc = loc
    }
}

/// `{name: value, ...}`.
public struct ObjectValue: Sendable, Hashable {
    public var fields: [ObjectField]
    public var loc: Location?

    public init(fields: [ObjectField], loc: Location? = nil) {
        self.fields = fields
        self.loc = loc
    }
}

/// One `name: value` of an object literal.
public struct ObjectField: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var loc: Location?

    public init(name: Name, value: Value, loc: Location? = nil) {
        self.name = name
        self.value = value
        self.loc = loc
    }
}

// MARK: - Directives

/// A directive application: `@name(arg: value)`.
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var loc: Location?

    public init(name: Name, arguments: [Argument] = [], loc: Location? = nil) {
        self.name = name
        self.arguments = arguments
        self.loc = loc
    }
}

// MARK: - Type references

/// A type reference: `Name`, `[Type]` or `Type!`.
public enum TypeNode: Sendable, Hashable {
    case named(NamedType)
    indirect case list(ListType)
    indirect case nonNull(NonNullType)

    /// The reference's range.
    public var loc: Location? {
        switch self {
        case .named(let node): node.loc
        case .list(let node): node.loc
        case .nonNull(let node): node.loc
        }
    }

    /// The named type at the core of the reference (`T` of `[T!]!`).
    public var namedType: NamedType {
        var node = self
        while true {
            switch node {
            case .named(let named): return named
            case .list(let list): node = list.type
            case .nonNull(let nonNull): node = nonNull.type
            }
        }
    }
}

/// A named type reference: `Name`.
public struct NamedType: Sendable, Hashable {
    public var name: Name
    public var loc: Location?

    public init(name: Name, loc: Location? = nil) {
        self.name = name
        self.loc = loc
    }
}

/// A list type reference: `[Type]`.
public struct ListType: Sendable, Hashable {
    public var type: TypeNode
    public var loc: Location?

    public init(type: TypeNode, loc: Location? = nil) {
        self.type = type
        self.loc = loc
    }
}

/// A non-null type reference: `Type!` (`type` is never itself non-null).
public struct NonNullType: Sendable, Hashable {
    public var type: TypeNode
    public var loc: Location?

    public init(type: TypeNode, loc: Location? = nil) {
        self.type = type
        self.loc = loc
    }
}

// MARK: - Type-system definitions

/// `schema @dir { query: Query ... }` (and, without description, `extend schema`).
public struct SchemaDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var loc: Location?

    public init(
        description: StringValue? = nil, directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.loc = loc
    }
}

/// `extend schema @dir { ... }`.
public struct SchemaExtension: Sendable, Hashable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var loc: Location?

    public init(
        directives: [Directive] = [], operationTypes: [OperationTypeDefinition] = [],
        loc: Location? = nil
    ) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.loc = loc
    }
}

/// `query: TypeName` inside a schema definition or extension.
public struct OperationTypeDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var type: NamedType
    public var loc: Location?

    public init(operation: OperationType, type: NamedType, loc: Location? = nil) {
        self.operation = operation
        self.type = type
        self.loc = loc
    }
}

/// `scalar Name @dir` (also used for `extend scalar`).
public struct ScalarTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var loc: Location?

    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.description = description
        self.name = name
        self.directives = directives
        self.loc = loc
    }
}

/// `type Name implements A & B @dir { fields }` (also used for `extend type`).
public struct ObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.loc = loc
    }
}

/// A field of an object or interface type: `name(args): Type @dir`.
public struct FieldDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeNode
    public var directives: [Directive]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        type: TypeNode, directives: [Directive] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.loc = loc
    }
}

/// An argument or input field definition: `name: Type = default @dir`.
public struct InputValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeNode
    public var defaultValue: Value?
    public var directives: [Directive]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, type: TypeNode, defaultValue: Value? = nil,
        directives: [Directive] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.loc = loc
    }
}

/// `interface Name implements A & B @dir { fields }` (also used for `extend interface`).
public struct InterfaceTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.loc = loc
    }
}

/// `union Name @dir = A | B` (also used for `extend union`).
public struct UnionTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        types: [NamedType] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.loc = loc
    }
}

/// `enum Name @dir { VALUES }` (also used for `extend enum`).
public struct EnumTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        values: [EnumValueDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.loc = loc
    }
}

/// One value of an enum type definition: `NAME @dir`.
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var loc: Location?

    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.description = description
        self.name = name
        self.directives = directives
        self.loc = loc
    }
}

/// `input Name @dir { fields }` (also used for `extend input`).
public struct InputObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        fields: [InputValueDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.loc = loc
    }
}

/// `directive @name(args) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var repeatable: Bool
    /// The locations as written (each a valid `DirectiveLocation` name).
    public var locations: [Name]
    public var loc: Location?

    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        repeatable: Bool = false, locations: [Name], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.repeatable = repeatable
        self.locations = locations
        self.loc = loc
    }
}

/// The directive locations of the GraphQL specification.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    // Executable directive locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // Type-system directive locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
