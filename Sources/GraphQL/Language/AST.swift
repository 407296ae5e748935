// The GraphQL abstract syntax tree: value types mirroring graphql-js's AST
// (src/language/ast.ts). Every node carries `loc`, the UTF-8 byte range of its
// text in the document's ``Source`` (nil when parsed with `noLocation`).
//
// Each node stores its range as `storedLoc` (a ``NodeLocation``, 8 bytes) behind the public
// `loc: Location?`, and declares its public initializer in an extension, so that the implicit
// memberwise initializer (with `storedLoc:`) exists for the parser (see ``Field``).

/// The UTF-8 byte range `start..<end` of a node's text in its ``Source``.
///
/// Stored as two 32-bit offsets (offsets beyond `Int32.max` are clamped); a node stores its
/// `Location?` in 8 bytes (``NodeLocation``).
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

    @inlinable
    init(storedStart: Int32, storedEnd: Int32) {
        self.storedStart = storedStart
        self.storedEnd = storedEnd
    }

    /// A location from `start` up to (not including) `end`.
    @inlinable
    public init(start: Int, end: Int) {
        storedStart = Int32(clamping: start)
        storedEnd = Int32(clamping: end)
    }
}

/// A node's `Location?` as stored: 8 bytes, nil as a sentinel (`Int32.min` for both ends),
/// instead of `Location?`'s 9. The odd ninth byte (the optional's flag) made the compiler
/// assemble every node's tail in a stack temporary with byte stores and read it back as words,
/// a store-forwarding stall per node (see docs/performance.md). Offsets are clamped to `Int32`,
/// so only `Location(start: Int.min, end: Int.min)` itself cannot be stored (it reads back nil).
@usableFromInline
struct NodeLocation: Sendable, Hashable {
    /// The start in the low 32 bits, the end in the high 32 (one 8-byte store when a node is
    /// built, not two 4-byte ones read back as a word); ``absent`` for nil.
    @usableFromInline var bits: UInt64

    @inlinable @inline(__always)
    init(_ location: Location?) {
        if let location {
            bits =
                UInt64(UInt32(bitPattern: location.storedStart)) | UInt64(UInt32(bitPattern: location.storedEnd)) << 32
        } else {
            bits = NodeLocation.noneBits
        }
    }

    /// The location from `start` to `end`, clamped to `Int32`.
    @inlinable @inline(__always)
    init(start: Int, end: Int) {
        bits =
            UInt64(UInt32(bitPattern: Int32(clamping: start))) | UInt64(UInt32(bitPattern: Int32(clamping: end))) << 32
    }

    @inlinable @inline(__always)
    init(bits: UInt64) {
        self.bits = bits
    }

    /// `Int32.min` for both ends.
    @inlinable @inline(__always)
    static var noneBits: UInt64 { 0x8000_0000_8000_0000 }

    /// No location.
    @inlinable @inline(__always)
    static var absent: NodeLocation { NodeLocation(bits: noneBits) }

    /// From `Int32.min` to `Int32.min + 1`: the range of a field's "no selection set" (see
    /// ``Field``). Parsed ranges are never negative; only a location built with a start at or
    /// below `Int32.min` (clamped) could be mistaken for it.
    @inlinable @inline(__always)
    static var noSelectionSetBits: UInt64 { 0x8000_0001_8000_0000 }

    /// No selection set (see ``Field``).
    @inlinable @inline(__always)
    static var noSelectionSet: NodeLocation { NodeLocation(bits: noSelectionSetBits) }

    @inlinable
    var location: Location? {
        @inline(__always) get {
            bits == NodeLocation.noneBits
                ? nil
                : Location(
                    storedStart: Int32(bitPattern: UInt32(truncatingIfNeeded: bits)),
                    storedEnd: Int32(bitPattern: UInt32(truncatingIfNeeded: bits >> 32)))
        }
    }
}

// MARK: - Document

/// A parsed GraphQL document: executable definitions, type-system definitions, or both.
public struct Document: Sendable, Equatable {
    /// The definitions, in source order.
    public var definitions: [Definition]
    @usableFromInline var storedLoc: NodeLocation

    /// The whole document's range.
    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
    /// The text the document was parsed from.
    public var source: Source

    /// Documents are equal when their definitions and ranges are (the sources are not compared).
    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.definitions == rhs.definitions && lhs.loc == rhs.loc
    }
}

extension Document {
    /// A document of `definitions` parsed from `source`.
    public init(definitions: [Definition], loc: Location? = nil, source: Source) {
        self.definitions = definitions
        self.storedLoc = NodeLocation(loc)
        self.source = source
    }
}

/// A name: of a field, type, argument, directive, variable, ...
public struct Name: Sendable, Hashable {
    /// The name's text.
    public var value: String
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension Name {
    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.storedLoc = NodeLocation(loc)
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

/// An operation: `"description" query Name($var: Type) @dir { ... }`, or a bare selection set.
public struct OperationDefinition: Sendable, Hashable {
    /// The operation's description (September 2025 spec: not on the bare selection set form);
    /// documentation only, it changes nothing in validation or execution.
    public var description: StringValue?
    public var operation: OperationType
    /// The operation's name; nil for anonymous operations.
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension OperationDefinition {
    public init(
        description: StringValue? = nil, operation: OperationType, name: Name? = nil,
        variableDefinitions: [VariableDefinition] = [], directives: [Directive] = [], selectionSet: SelectionSet,
        loc: Location? = nil
    ) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.storedLoc = NodeLocation(loc)
    }
}

/// A variable definition: `"description" $name: Type = default @dir`.
public struct VariableDefinition: Sendable, Hashable {
    /// The variable's description (September 2025 spec); documentation only.
    public var description: StringValue?
    public var variable: Variable
    public var type: TypeNode
    public var defaultValue: Value?
    public var directives: [Directive]
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension VariableDefinition {
    public init(
        description: StringValue? = nil, variable: Variable, type: TypeNode, defaultValue: Value? = nil,
        directives: [Directive] = [], loc: Location? = nil
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// A variable reference: `$name`.
public struct Variable: Sendable, Hashable {
    /// The name without the `$`.
    public var name: Name
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension Variable {
    public init(name: Name, loc: Location? = nil) {
        self.name = name
        self.storedLoc = NodeLocation(loc)
    }
}

/// `{ selection ... }`.
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension SelectionSet {
    public init(selections: [Selection], loc: Location? = nil) {
        self.selections = selections
        self.storedLoc = NodeLocation(loc)
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
/// Stored in 56 bytes, its lists in one ``FieldBody`` (two words), so that a plain field is
/// cheap to build, move and destroy (see docs/performance.md, "The parser, third pass" and
/// "fourth pass"): a leaf field without arguments, alias or directives (the most common kind)
/// holds no reference but its name's, and destroying it releases nothing else; a field with
/// arguments or directives (not both), selections, or both, holds just those arrays (no extra
/// allocation); an alias, or directives with arguments, go into one ``FieldExtras`` object.
///
/// Whether the field has a selection set is told by the range stored for it: "none" is the
/// sentinel range ``NodeLocation/noSelectionSet``.
///
/// The public properties read and write these parts; the parser builds a field through the
/// implicit memberwise initializer (`init(storedBody:storedSelectionSetLoc:name:storedLoc:)`),
/// not through an explicit one, which the compiler builds twice and copies (retaining every part).
public struct Field: Sendable, Hashable {
    @usableFromInline var storedBody: FieldBody
    @usableFromInline var storedSelectionSetLoc: NodeLocation
    public var name: Name
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }

    public var alias: Name? {
        @inline(__always) get { storedBody.extras?.alias }
        set {
            storedBody = FieldBody(
                alias: newValue, directives: directives, arguments: arguments, selections: storedBody.selections)
        }
    }

    public var arguments: [Argument] {
        @inline(__always) get { storedBody.arguments }
        set {
            storedBody = FieldBody(
                alias: alias, directives: directives, arguments: newValue, selections: storedBody.selections)
        }
    }

    public var directives: [Directive] {
        @inline(__always) get { storedBody.directives }
        set {
            storedBody = FieldBody(
                alias: alias, directives: newValue, arguments: arguments, selections: storedBody.selections)
        }
    }

    public var selectionSet: SelectionSet? {
        @inline(__always) get {
            storedSelectionSetLoc.bits == NodeLocation.noSelectionSetBits
                ? nil : SelectionSet(selections: storedBody.selections, storedLoc: storedSelectionSetLoc)
        }
        set {
            storedBody = FieldBody(
                alias: alias, directives: directives, arguments: arguments, selections: newValue?.selections ?? [])
            storedSelectionSetLoc = newValue?.storedLoc ?? .noSelectionSet
        }
    }

    /// The key of this field in the response: the alias if any, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

extension Field {
    public init(
        alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [],
        selectionSet: SelectionSet? = nil, loc: Location? = nil
    ) {
        self.storedBody = FieldBody(
            alias: alias, directives: directives, arguments: arguments, selections: selectionSet?.selections ?? [])
        self.storedSelectionSetLoc = selectionSet?.storedLoc ?? .noSelectionSet
        self.name = name
        self.storedLoc = NodeLocation(loc)
    }
}

/// A field's lists as ``Field`` stores them, in two words: only the arrays it has, an alias,
/// or directives with arguments, in a ``FieldExtras`` object. Each combination has
/// exactly one form (empty lists are left out; the initializer picks it), so that equal
/// fields store equal values.
@usableFromInline
enum FieldBody: Sendable, Hashable {
    /// No arguments, alias, directives or selections.
    case leaf
    /// Selections (at least one) only.
    case selections([Selection])
    /// Arguments (at least one) only.
    case arguments([Argument])
    /// Arguments and selections (at least one of each) only.
    case argumentsAndSelections([Argument], [Selection])
    /// Directives (at least one) only.
    case directives([Directive])
    /// Directives and selections (at least one of each) only.
    case directivesAndSelections([Directive], [Selection])
    /// An alias, or directives and arguments (at least one of each), and the other lists but
    /// selections; no selections.
    case extras(FieldExtras)
    /// An alias, or directives and arguments (at least one of each), and the other lists but
    /// selections; selections (at least one).
    case extrasAndSelections(FieldExtras, [Selection])

    /// The form of these parts.
    @usableFromInline
    init(alias: Name?, directives: [Directive], arguments: [Argument], selections: [Selection]) {
        if alias == nil && arguments.isEmpty && !directives.isEmpty {
            self = selections.isEmpty ? .directives(directives) : .directivesAndSelections(directives, selections)
        } else if alias == nil && directives.isEmpty {
            switch (arguments.isEmpty, selections.isEmpty) {
            case (true, true): self = .leaf
            case (true, false): self = .selections(selections)
            case (false, true): self = .arguments(arguments)
            case (false, false): self = .argumentsAndSelections(arguments, selections)
            }
        } else {
            let extras = FieldExtras(alias: alias, directives: directives, arguments: arguments)
            self = selections.isEmpty ? .extras(extras) : .extrasAndSelections(extras, selections)
        }
    }

    @inlinable
    var extras: FieldExtras? {
        switch self {
        case .extras(let extras), .extrasAndSelections(let extras, _): extras
        default: nil
        }
    }

    @inlinable
    var directives: [Directive] {
        switch self {
        case .directives(let directives), .directivesAndSelections(let directives, _): directives
        case .extras(let extras), .extrasAndSelections(let extras, _): extras.directives
        default: []
        }
    }

    @inlinable
    var arguments: [Argument] {
        switch self {
        case .arguments(let arguments), .argumentsAndSelections(let arguments, _): arguments
        case .extras(let extras), .extrasAndSelections(let extras, _): extras.arguments
        default: []
        }
    }

    @inlinable
    var selections: [Selection] {
        switch self {
        case .selections(let selections), .argumentsAndSelections(_, let selections),
            .directivesAndSelections(_, let selections), .extrasAndSelections(_, let selections):
            selections
        default: []
        }
    }
}

/// A field's alias, directives and arguments when it has an alias, or both directives and
/// arguments (see ``FieldBody``): immutable, replaced whole when one of them is set, and compared and hashed
/// by value.
@usableFromInline
final class FieldExtras: Sendable, Hashable {
    @usableFromInline let alias: Name?
    @usableFromInline let directives: [Directive]
    @usableFromInline let arguments: [Argument]

    init(alias: Name?, directives: [Directive], arguments: [Argument]) {
        self.alias = alias
        self.directives = directives
        self.arguments = arguments
    }

    @usableFromInline
    static func == (lhs: FieldExtras, rhs: FieldExtras) -> Bool {
        lhs === rhs
            || (lhs.alias == rhs.alias && lhs.directives == rhs.directives && lhs.arguments == rhs.arguments)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(alias)
        hasher.combine(directives)
        hasher.combine(arguments)
    }
}

/// An argument: `name: value`.
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension Argument {
    public init(name: Name, value: Value, loc: Location? = nil) {
        self.name = name
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

/// `...FragmentName @dir`.
public struct FragmentSpread: Sendable, Hashable {
    public var directives: [Directive]
    public var name: Name
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension FragmentSpread {
    public init(name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.name = name
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// `... on Type @dir { ... }` (the type condition is optional).
public struct InlineFragment: Sendable, Hashable {
    public var directives: [Directive]
    public var typeCondition: NamedType?
    public var selectionSet: SelectionSet
    /// Stored under another name so that the implicit memberwise initializer
    /// (with `storedLoc:`) exists for the parser: see ``Field``.
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
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
        self.storedLoc = NodeLocation(loc)
    }
}

/// `"description" fragment Name on Type @dir { ... }`.
public struct FragmentDefinition: Sendable, Hashable {
    /// The fragment's description (September 2025 spec); documentation only.
    public var description: StringValue?
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension FragmentDefinition {
    public init(
        description: StringValue? = nil, name: Name, typeCondition: NamedType, directives: [Directive] = [],
        selectionSet: SelectionSet, loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.storedLoc = NodeLocation(loc)
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
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension IntValue {
    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

/// A float literal; `value` is its text as written (e.g. "1.5e3").
public struct FloatValue: Sendable, Hashable {
    public var value: String
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension FloatValue {
    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

/// A string literal; `value` is the string after escapes (or block-string dedent).
public struct StringValue: Sendable, Hashable {
    public var value: String
    /// Whether it was written as a `"""` block string.
    public var block: Bool
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension StringValue {
    public init(value: String, block: Bool = false, loc: Location? = nil) {
        self.value = value
        self.block = block
        self.storedLoc = NodeLocation(loc)
    }
}

/// `true` or `false`.
public struct BooleanValue: Sendable, Hashable {
    public var value: Bool
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension BooleanValue {
    public init(value: Bool, loc: Location? = nil) {
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

/// `null`.
public struct NullValue: Sendable, Hashable {
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension NullValue {
    public init(loc: Location? = nil) {
        self.storedLoc = NodeLocation(loc)
    }
}

/// An enum value literal: a name other than `true`, `false` and `null`.
public struct EnumValue: Sendable, Hashable {
    public var value: String
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension EnumValue {
    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

/// `[value, ...]`.
public struct ListValue: Sendable, Hashable {
    public var values: [Value]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ListValue {
    public init(values: [Value], loc: Location? = nil) {
        self.values = values
        self.storedLoc = NodeLocation(loc)
    }
}

/// `{name: value, ...}`.
public struct ObjectValue: Sendable, Hashable {
    public var fields: [ObjectField]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ObjectValue {
    public init(fields: [ObjectField], loc: Location? = nil) {
        self.fields = fields
        self.storedLoc = NodeLocation(loc)
    }
}

/// One `name: value` of an object literal.
public struct ObjectField: Sendable, Hashable {
    public var name: Name
    public var value: Value
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ObjectField {
    public init(name: Name, value: Value, loc: Location? = nil) {
        self.name = name
        self.value = value
        self.storedLoc = NodeLocation(loc)
    }
}

// MARK: - Directives

/// A directive application: `@name(arg: value)`.
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension Directive {
    public init(name: Name, arguments: [Argument] = [], loc: Location? = nil) {
        self.name = name
        self.arguments = arguments
        self.storedLoc = NodeLocation(loc)
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
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension NamedType {
    public init(name: Name, loc: Location? = nil) {
        self.name = name
        self.storedLoc = NodeLocation(loc)
    }
}

/// A list type reference: `[Type]`.
public struct ListType: Sendable, Hashable {
    public var type: TypeNode
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ListType {
    public init(type: TypeNode, loc: Location? = nil) {
        self.type = type
        self.storedLoc = NodeLocation(loc)
    }
}

/// A non-null type reference: `Type!` (`type` is never itself non-null).
public struct NonNullType: Sendable, Hashable {
    public var type: TypeNode
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension NonNullType {
    public init(type: TypeNode, loc: Location? = nil) {
        self.type = type
        self.storedLoc = NodeLocation(loc)
    }
}

// MARK: - Type-system definitions

/// `schema @dir { query: Query ... }` (and, without description, `extend schema`).
public struct SchemaDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension SchemaDefinition {
    public init(
        description: StringValue? = nil, directives: [Directive] = [],
        operationTypes: [OperationTypeDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.storedLoc = NodeLocation(loc)
    }
}

/// `extend schema @dir { ... }`.
public struct SchemaExtension: Sendable, Hashable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension SchemaExtension {
    public init(
        directives: [Directive] = [], operationTypes: [OperationTypeDefinition] = [],
        loc: Location? = nil
    ) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.storedLoc = NodeLocation(loc)
    }
}

/// `query: TypeName` inside a schema definition or extension.
public struct OperationTypeDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var type: NamedType
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension OperationTypeDefinition {
    public init(operation: OperationType, type: NamedType, loc: Location? = nil) {
        self.operation = operation
        self.type = type
        self.storedLoc = NodeLocation(loc)
    }
}

/// `scalar Name @dir` (also used for `extend scalar`).
public struct ScalarTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ScalarTypeDefinition {
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.description = description
        self.name = name
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// `type Name implements A & B @dir { fields }` (also used for `extend type`).
public struct ObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension ObjectTypeDefinition {
    public init(
        description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.storedLoc = NodeLocation(loc)
    }
}

/// A field of an object or interface type: `name(args): Type @dir`.
public struct FieldDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeNode
    public var directives: [Directive]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension FieldDefinition {
    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        type: TypeNode, directives: [Directive] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// An argument or input field definition: `name: Type = default @dir`.
public struct InputValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeNode
    public var defaultValue: Value?
    public var directives: [Directive]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension InputValueDefinition {
    public init(
        description: StringValue? = nil, name: Name, type: TypeNode, defaultValue: Value? = nil,
        directives: [Directive] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// `interface Name implements A & B @dir { fields }` (also used for `extend interface`).
public struct InterfaceTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension InterfaceTypeDefinition {
    public init(
        description: StringValue? = nil, name: Name, interfaces: [NamedType] = [],
        directives: [Directive] = [], fields: [FieldDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.storedLoc = NodeLocation(loc)
    }
}

/// `union Name @dir = A | B` (also used for `extend union`).
public struct UnionTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension UnionTypeDefinition {
    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        types: [NamedType] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.storedLoc = NodeLocation(loc)
    }
}

/// `enum Name @dir { VALUES }` (also used for `extend enum`).
public struct EnumTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension EnumTypeDefinition {
    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        values: [EnumValueDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.storedLoc = NodeLocation(loc)
    }
}

/// One value of an enum type definition: `NAME @dir`.
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension EnumValueDefinition {
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], loc: Location? = nil) {
        self.description = description
        self.name = name
        self.directives = directives
        self.storedLoc = NodeLocation(loc)
    }
}

/// `input Name @dir { fields }` (also used for `extend input`).
public struct InputObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension InputObjectTypeDefinition {
    public init(
        description: StringValue? = nil, name: Name, directives: [Directive] = [],
        fields: [InputValueDefinition] = [], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.storedLoc = NodeLocation(loc)
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
    @usableFromInline var storedLoc: NodeLocation

    public var loc: Location? {
        @inline(__always) get { storedLoc.location }
        @inline(__always) set { storedLoc = NodeLocation(newValue) }
    }
}

extension DirectiveDefinition {
    public init(
        description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
        repeatable: Bool = false, locations: [Name], loc: Location? = nil
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.repeatable = repeatable
        self.locations = locations
        self.storedLoc = NodeLocation(loc)
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
