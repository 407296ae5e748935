/// The recursive-descent parser for GraphQL documents, values and types,
/// following graphql-js's `Parser` rule by rule (same errors, same positions).
///
/// Nesting (selection sets, list and object values, list types) is bounded by
/// ``ParseOptions/maxDepth`` and the token count by ``ParseOptions/maxTokens``,
/// so hostile input ends in a syntax error, never a stack overflow.
struct Parser: ~Copyable {
    private var lexer: Lexer
    private let options: ParseOptions
    private var tokenCount = 0
    private var depth = 0
    // Scratch stacks for the items of lists being parsed (see ScratchStack).
    private var selectionStack = ScratchStack<Selection>()
    private var argumentStack = ScratchStack<Argument>()
    private var directiveStack = ScratchStack<Directive>(bytes: 512)
    private var valueStack = ScratchStack<Value>()
    private var objectFieldStack = ScratchStack<ObjectField>()

    /// - Unsafe: takes `bytes`, an `UnsafeBufferPointer` to the source's UTF-8, and stores it in
    ///   its lexer (see ``Lexer``), which reads it for the parser's whole life.
    /// - Invariant: the parser must not outlive the buffer: only `withParser` (Parse.swift)
    ///   creates one, inside `text.withUTF8`, and lends it `inout` to its body; the parser is
    ///   `~Copyable`, so no copy of it escapes.
    /// - Checked by: `ParserTests`, `SchemaParserTests` and `HostileInputTests` (GraphQLTests),
    ///   under AddressSanitizer in CI (`.ci/run` step 3); `Tests/Fuzz/fuzz-parser.sh` by hand.
    init(source: Source, bytes: UnsafeBufferPointer<UInt8>, options: ParseOptions) {
        self.lexer = Lexer(source: source, bytes: bytes)
        self.options = options
    }

    // MARK: - Token helpers

    @inline(__always)
    private var token: Token { lexer.token }

    /// The location from `start` to the end of the last consumed token.
    @inline(__always)
    private func loc(_ start: Int) -> NodeLocation {
        options.noLocation ? .absent : NodeLocation(start: start, end: lexer.lastTokenEnd)
    }

    @inline(__always)
    private mutating func advance() throws(GraphQLError) {
        try lexer.advance()
        if lexer.token.kind != .eof {
            tokenCount += 1
            if tokenCount > options.maxTokens { throw tooManyTokens() }
        }
    }

    // The error paths are kept out of line so that the recursive functions
    // keep small stack frames (the depth limit must fit small thread stacks).

    @inline(never)
    private mutating func tooManyTokens() -> GraphQLError {
        lexer.error(at: lexer.token.start, "Document contains more than \(options.maxTokens) tokens. Parsing aborted.")
    }

    @inline(never)
    private mutating func expected(_ kind: TokenKind) -> GraphQLError {
        lexer.error(at: token.start, "Expected \(kind.descriptionInMessage), found \(describe(token)).")
    }

    @inline(never)
    private mutating func expected(keyword: StaticString) -> GraphQLError {
        lexer.error(at: token.start, "Expected \"\(keyword)\", found \(describe(token)).")
    }

    @inline(__always)
    private func peek(_ kind: TokenKind) -> Bool { lexer.token.kind == kind }

    /// Consumes a token of `kind` or throws "Expected KIND, found TOKEN.".
    @inline(__always)
    private mutating func expect(_ kind: TokenKind) throws(GraphQLError) {
        guard lexer.token.kind == kind else { throw expected(kind) }
        try advance()
    }

    /// Consumes a token of `kind` if it is next.
    @inline(__always)
    private mutating func expectOptional(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard lexer.token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the keyword `keyword` or throws `Expected "keyword", found TOKEN.`.
    private mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard lexer.tokenIs(keyword) else { throw expected(keyword: keyword) }
        try advance()
    }

    /// Consumes the keyword `keyword` if it is next.
    private mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard lexer.tokenIs(keyword) else { return false }
        try advance()
        return true
    }

    /// "Unexpected TOKEN." at `token` (the current one by default).
    @inline(never)
    private mutating func unexpected(_ at: Token? = nil) -> GraphQLError {
        let token = at ?? self.token
        return lexer.error(at: token.start, "Unexpected \(describe(token)).")
    }

    /// A token as error messages show it: `Name "foo"`, `"{"`, `<EOF>`.
    @inline(never)
    private mutating func describe(_ token: Token) -> String {
        let kind = token.kind.descriptionInMessage
        switch token.kind {
        case .name, .int, .float:
            return kind + " \"" + lexer.text(token.start, token.end) + "\""
        case .string, .blockString:
            return kind + " \"" + lexer.stringValue(of: token) + "\""
        default:
            return kind
        }
    }

    /// The current token's text (a name or number).
    @inline(__always)
    private var tokenText: String { lexer.text(token.start, token.end) }

    /// Enters one nesting level at the current (opening) token; throws past ``ParseOptions/maxDepth``.
    @inline(__always)
    private mutating func enter() throws(GraphQLError) {
        depth += 1
        if depth > options.maxDepth { throw tooDeep() }
    }

    @inline(never)
    private mutating func tooDeep() -> GraphQLError {
        lexer.error(at: token.start, "Document nesting is deeper than \(options.maxDepth) levels. Parsing aborted.")
    }

    // MARK: - Entry points

    /// Document : Definition+
    mutating func parseDocument() throws(GraphQLError) -> Document {
        try expect(.sof)
        var definitions: [Definition] = []
        definitions.reserveCapacity(8) // one allocation for most documents, not 1, 2, 4, 8
        repeat {
            definitions.append(try parseDefinition())
        } while try !expectOptional(.eof)
        return Document(definitions: definitions, storedLoc: loc(0), source: lexer.source)
    }

    /// A whole input that is one value.
    mutating func parseWholeValue(const isConst: Bool) throws(GraphQLError) -> Value {
        try expect(.sof)
        let value = try parseValue(const: isConst)
        try expect(.eof)
        return value
    }

    /// A whole input that is one type reference.
    mutating func parseWholeType() throws(GraphQLError) -> TypeNode {
        try expect(.sof)
        let type = try parseTypeReference()
        try expect(.eof)
        return type
    }

    // MARK: - Definitions

    private mutating func parseDefinition() throws(GraphQLError) -> Definition {
        if peek(.braceL) { return .operation(try parseOperationDefinition()) }

        let hasDescription = peekDescription()
        let keywordToken = hasDescription ? try lexer.lookahead() : token
        if hasDescription && keywordToken.kind == .braceL {
            throw lexer.error(
                at: token.start, "Unexpected description, descriptions are not supported on shorthand queries.")
        }
        if keywordToken.kind == .name {
            // (Keywords compared as bytes: no String per definition.)
            // Operations and fragments take a description too (September 2025 spec).
            if lexer.tokenIs(keywordToken, "query") || lexer.tokenIs(keywordToken, "mutation")
                || lexer.tokenIs(keywordToken, "subscription")
            {
                return .operation(try parseOperationDefinition())
            }
            if lexer.tokenIs(keywordToken, "fragment") { return .fragment(try parseFragmentDefinition()) }
            if lexer.tokenIs(keywordToken, "schema") { return .schema(try parseSchemaDefinition()) }
            if lexer.tokenIs(keywordToken, "scalar") { return .scalarType(try parseScalarTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "type") { return .objectType(try parseObjectTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "interface") { return .interfaceType(try parseInterfaceTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "union") { return .unionType(try parseUnionTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "enum") { return .enumType(try parseEnumTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "input") { return .inputObjectType(try parseInputObjectTypeDefinition()) }
            if lexer.tokenIs(keywordToken, "directive") { return .directive(try parseDirectiveDefinition()) }
            if hasDescription {
                throw lexer.error(
                    at: token.start,
                    "Unexpected description, descriptions are supported only on type definitions.")
            }
            if lexer.tokenIs(keywordToken, "extend") { return try parseTypeSystemExtension() }
        }
        throw unexpected(keywordToken)
    }

    /// The text of a name token when it could be a keyword (at most 12 bytes), else "".
    private func keyword(of token: Token) -> String {
        token.end - token.start <= 12 ? lexer.text(token.start, token.end) : ""
    }

    private mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
        let start = token.start
        if peek(.braceL) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(
                description: nil, operation: .query, name: nil, variableDefinitions: [], directives: [],
                selectionSet: selectionSet, storedLoc: loc(start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        var name: Name?
        if peek(.name) { name = try parseName() }
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(
            description: description, operation: operation, name: name, variableDefinitions: variableDefinitions,
            directives: directives, selectionSet: selectionSet, storedLoc: loc(start))
    }

    private mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = token
        try expect(.name)
        if lexer.tokenIs(operationToken, "query") { return .query }
        if lexer.tokenIs(operationToken, "mutation") { return .mutation }
        if lexer.tokenIs(operationToken, "subscription") { return .subscription }
        throw unexpected(operationToken)
    }

    private mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        // One or two definitions (the common case) as an array literal: one allocation of the
        // exact size, not one per append (see docs/performance.md, "The parser, fourth pass").
        let first = try parseVariableDefinition()
        if try expectOptional(.parenR) { return [first] }
        let second = try parseVariableDefinition()
        if try expectOptional(.parenR) { return [first, second] }
        var definitions: [VariableDefinition] = []
        definitions.reserveCapacity(8)
        definitions.append(first)
        definitions.append(second)
        repeat {
            definitions.append(try parseVariableDefinition())
        } while try !expectOptional(.parenR)
        return definitions
    }

    private mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
        let start = token.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        var defaultValue: Value?
        if try expectOptional(.equals) { defaultValue = try parseValue(const: true) }
        let directives = try parseDirectives(const: true)
        return VariableDefinition(
            description: description, variable: variable, type: type, defaultValue: defaultValue,
            directives: directives, storedLoc: loc(start))
    }

    private mutating func parseVariable() throws(GraphQLError) -> Variable {
        let start = token.start
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, storedLoc: loc(start))
    }

    // MARK: - Selections

    private mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        var location = NodeLocation.absent
        let selections = try parseSelections(loc: &location)
        return SelectionSet(selections: selections, storedLoc: location)
    }

    /// A selection set's selections, and its range in `location` (a field stores them apart:
    /// see ``Field``).
    @inline(__always)
    private mutating func parseSelections(loc location: inout NodeLocation) throws(GraphQLError) -> [Selection] {
        let start = token.start
        try enter()
        try expect(.braceL)
        let base = selectionStack.count
        repeat {
            if peek(.spread) {
                try parseFragment()
            } else {
                try parseField()
            }
        } while try !expectOptional(.braceR)
        depth -= 1
        location = loc(start)
        return selectionStack.popArray(from: base)
    }

    /// Parses a field and pushes it onto the selection stack (built in its slot, not returned
    /// and copied: see docs/performance.md).
    @inline(never)
    private mutating func parseField() throws(GraphQLError) {
        let start = token.start
        let nameOrAlias = try parseName()
        let name: Name
        let head: FieldHead
        if try expectOptional(.colon) {
            name = try parseName()
            let arguments = try parseArguments(const: false)
            head = .extras(try parseFieldExtras(alias: nameOrAlias, arguments: arguments))
        } else {
            name = nameOrAlias
            // A field without arguments, alias and directives (the common case) stores nothing
            // for them; one with arguments or directives only, their array.
            if peek(.parenL) {
                let arguments = try parseArgumentList(const: false)
                head =
                    peek(.at) ? .extras(try parseFieldExtras(alias: nil, arguments: arguments)) : .arguments(arguments)
            } else {
                head = peek(.at) ? .directives(try parseDirectiveList(const: false)) : .none
            }
        }
        // (`consume`: without it the compiler retained the parts and released them after the push.)
        if peek(.braceL) {
            var selectionSetLoc = NodeLocation.absent
            let selections = try parseSelections(loc: &selectionSetLoc)
            selectionStack.push(
                .field(
                    Field(
                        storedBody: Self.body(consume head, selections: consume selections),
                        storedSelectionSetLoc: selectionSetLoc, name: consume name, storedLoc: loc(start))))
        } else {
            selectionStack.push(
                .field(
                    Field(
                        storedBody: Self.body(consume head), storedSelectionSetLoc: .noSelectionSet,
                        name: consume name, storedLoc: loc(start))))
        }
    }

    /// A field's arguments, alias and directives as parsed, before its selections.
    private enum FieldHead {
        case none
        case arguments([Argument])
        case directives([Directive])
        case extras(FieldExtras)
    }

    /// The body of a field without selections.
    @inline(__always)
    private static func body(_ head: consuming FieldHead) -> FieldBody {
        switch consume head {
        case .none: .leaf
        case .arguments(let arguments): .arguments(arguments)
        case .directives(let directives): .directives(directives)
        case .extras(let extras): .extras(extras)
        }
    }

    /// The body of a field with selections (at least one).
    @inline(__always)
    private static func body(_ head: consuming FieldHead, selections: consuming [Selection]) -> FieldBody {
        switch consume head {
        case .none: .selections(selections)
        case .arguments(let arguments): .argumentsAndSelections(arguments, selections)
        case .directives(let directives): .directivesAndSelections(directives, selections)
        case .extras(let extras): .extrasAndSelections(extras, selections)
        }
    }

    /// A field's alias (already parsed), directives and arguments (already parsed).
    @inline(never)
    private mutating func parseFieldExtras(
        alias: consuming Name?, arguments: consuming [Argument]
    ) throws(GraphQLError) -> FieldExtras {
        FieldExtras(alias: alias, directives: try parseDirectives(const: false), arguments: arguments)
    }

    /// The common case (no arguments) is checked inline, without a call.
    @inline(__always)
    private mutating func parseArguments(const isConst: Bool) throws(GraphQLError) -> [Argument] {
        peek(.parenL) ? try parseArgumentList(const: isConst) : []
    }

    @inline(never)
    private mutating func parseArgumentList(const isConst: Bool) throws(GraphQLError) -> [Argument] {
        guard try expectOptional(.parenL) else { return [] }
        // Up to three arguments (the common case) go straight into their array: no scratch stack
        // (whose first use in a parse allocates it) and no move through it (see
        // docs/performance.md, "The parser, fourth pass" and "Speed as deployed, eleventh pass").
        let first = try parseArgument(const: isConst)
        if try expectOptional(.parenR) { return [first] }
        let second = try parseArgument(const: isConst)
        if try expectOptional(.parenR) { return [first, second] }
        let third = try parseArgument(const: isConst)
        if try expectOptional(.parenR) { return [first, second, third] }
        let base = argumentStack.count
        argumentStack.push(first)
        argumentStack.push(second)
        argumentStack.push(third)
        repeat {
            argumentStack.push(try parseArgument(const: isConst))
        } while try !expectOptional(.parenR)
        return argumentStack.popArray(from: base)
    }

    /// Argument : Name : Value
    @inline(__always)
    private mutating func parseArgument(const isConst: Bool) throws(GraphQLError) -> Argument {
        let start = token.start
        let name = try parseName()
        try expect(.colon)
        let value = try parseValue(const: isConst)
        return Argument(name: name, value: value, storedLoc: loc(start))
    }

    /// Parses a fragment spread or inline fragment and pushes it onto the selection stack.
    @inline(never)
    private mutating func parseFragment() throws(GraphQLError) {
        let start = token.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseName()
            let directives = try parseDirectives(const: false)
            selectionStack.push(
                .fragmentSpread(FragmentSpread(directives: directives, name: name, storedLoc: loc(start))))
            return
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        selectionStack.push(
            .inlineFragment(
                InlineFragment(
                    directives: directives, typeCondition: typeCondition,
                    selectionSet: selectionSet, storedLoc: loc(start))))
    }

    private mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        if lexer.tokenIs("on") { throw unexpected() }
        let name = try parseName()
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(const: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(
            description: description, name: name, typeCondition: typeCondition, directives: directives,
            selectionSet: selectionSet, storedLoc: loc(start))
    }

    // MARK: - Values

    private mutating func parseValue(const isConst: Bool) throws(GraphQLError) -> Value {
        switch token.kind {
        case .bracketL: return try parseList(const: isConst)
        case .braceL: return try parseObject(const: isConst)
        default: return try parseScalarValue(const: isConst)
        }
    }

    // Lists and objects recurse; they are kept out of line with small frames.

    @inline(never)
    private mutating func parseList(const isConst: Bool) throws(GraphQLError) -> Value {
        let start = token.start
        try enter()
        try advance()
        defer { depth -= 1 }
        // Up to three values in locals, as arguments (see `parseArgumentList`).
        if try expectOptional(.bracketR) { return .list(ListValue(values: [], storedLoc: loc(start))) }
        let first = try parseValue(const: isConst)
        if try expectOptional(.bracketR) { return .list(ListValue(values: [first], storedLoc: loc(start))) }
        let second = try parseValue(const: isConst)
        if try expectOptional(.bracketR) {
            return .list(ListValue(values: [first, second], storedLoc: loc(start)))
        }
        let third = try parseValue(const: isConst)
        if try expectOptional(.bracketR) {
            return .list(ListValue(values: [first, second, third], storedLoc: loc(start)))
        }
        let base = valueStack.count
        valueStack.push(first)
        valueStack.push(second)
        valueStack.push(third)
        repeat {
            valueStack.push(try parseValue(const: isConst))
        } while try !expectOptional(.bracketR)
        return .list(ListValue(values: valueStack.popArray(from: base), storedLoc: loc(start)))
    }

    @inline(never)
    private mutating func parseObject(const isConst: Bool) throws(GraphQLError) -> Value {
        let start = token.start
        try enter()
        try advance()
        defer { depth -= 1 }
        // Up to three fields in locals, as arguments (see `parseArgumentList`).
        if try expectOptional(.braceR) { return .object(ObjectValue(fields: [], storedLoc: loc(start))) }
        let first = try parseObjectField(const: isConst)
        if try expectOptional(.braceR) { return .object(ObjectValue(fields: [first], storedLoc: loc(start))) }
        let second = try parseObjectField(const: isConst)
        if try expectOptional(.braceR) {
            return .object(ObjectValue(fields: [first, second], storedLoc: loc(start)))
        }
        let third = try parseObjectField(const: isConst)
        if try expectOptional(.braceR) {
            return .object(ObjectValue(fields: [first, second, third], storedLoc: loc(start)))
        }
        let base = objectFieldStack.count
        objectFieldStack.push(first)
        objectFieldStack.push(second)
        objectFieldStack.push(third)
        repeat {
            objectFieldStack.push(try parseObjectField(const: isConst))
        } while try !expectOptional(.braceR)
        return .object(ObjectValue(fields: objectFieldStack.popArray(from: base), storedLoc: loc(start)))
    }

    /// ObjectField : Name : Value
    @inline(__always)
    private mutating func parseObjectField(const isConst: Bool) throws(GraphQLError) -> ObjectField {
        let start = token.start
        let name = try parseName()
        try expect(.colon)
        let value = try parseValue(const: isConst)
        return ObjectField(name: name, value: value, storedLoc: loc(start))
    }

    /// A value that is not a list or an object.
    @inline(never)
    private mutating func parseScalarValue(const isConst: Bool) throws(GraphQLError) -> Value {
        let current = token
        switch current.kind {
        case .int:
            try advance()
            return .int(IntValue(value: lexer.text(current.start, current.end), storedLoc: loc(current.start)))
        case .float:
            try advance()
            return .float(FloatValue(value: lexer.text(current.start, current.end), storedLoc: loc(current.start)))
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            try advance()
            // (Compared as bytes: no `String` for `true`, `false` and `null`.)
            if lexer.tokenIs(current, "true") {
                return .boolean(BooleanValue(value: true, storedLoc: loc(current.start)))
            }
            if lexer.tokenIs(current, "false") {
                return .boolean(BooleanValue(value: false, storedLoc: loc(current.start)))
            }
            if lexer.tokenIs(current, "null") { return .null(NullValue(storedLoc: loc(current.start))) }
            return .enumValue(EnumValue(value: lexer.text(current.start, current.end), storedLoc: loc(current.start)))
        case .dollar:
            if isConst {
                try advance()
                if token.kind == .name {
                    throw lexer.error(at: current.start, "Unexpected variable \"$\(tokenText)\" in constant value.")
                }
                throw unexpected(current)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    private mutating func parseStringLiteral() throws(GraphQLError) -> StringValue {
        let current = token
        let value = lexer.tokenString
        try advance()
        return StringValue(value: value, block: current.kind == .blockString, storedLoc: loc(current.start))
    }

    // MARK: - Directives

    /// The common case (no directives) is checked inline, without a call.
    @inline(__always)
    private mutating func parseDirectives(const isConst: Bool) throws(GraphQLError) -> [Directive] {
        peek(.at) ? try parseDirectiveList(const: isConst) : []
    }

    @inline(never)
    private mutating func parseDirectiveList(const isConst: Bool) throws(GraphQLError) -> [Directive] {
        guard peek(.at) else { return [] }
        // One directive (the common case) goes straight into its array, as one argument does.
        let first = try parseDirective(const: isConst)
        if !peek(.at) { return [first] }
        let base = directiveStack.count
        directiveStack.push(first)
        while peek(.at) {
            directiveStack.push(try parseDirective(const: isConst))
        }
        return directiveStack.popArray(from: base)
    }

    /// Directive : @ Name Arguments?
    @inline(__always)
    private mutating func parseDirective(const isConst: Bool) throws(GraphQLError) -> Directive {
        let start = token.start
        try advance()
        let name = try parseName()
        let arguments = try parseArguments(const: isConst)
        return Directive(name: name, arguments: arguments, storedLoc: loc(start))
    }

    // MARK: - Types

    private mutating func parseTypeReference() throws(GraphQLError) -> TypeNode {
        let start = token.start
        var type: TypeNode
        if peek(.bracketL) {
            try enter()
            try advance()
            let inner = try parseTypeReference()
            try expect(.bracketR)
            depth -= 1
            type = .list(ListType(type: inner, storedLoc: loc(start)))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptional(.bang) {
            return .nonNull(NonNullType(type: type, storedLoc: loc(start)))
        }
        return type
    }

    private mutating func parseNamedType() throws(GraphQLError) -> NamedType {
        let start = token.start
        let name = try parseName()
        return NamedType(name: name, storedLoc: loc(start))
    }

    @inline(__always)
    private mutating func parseName() throws(GraphQLError) -> Name {
        let current = token
        try expect(.name)
        return Name(value: lexer.text(current.start, current.end), storedLoc: loc(current.start))
    }

    // MARK: - Type-system definitions

    private func peekDescription() -> Bool { peek(.string) || peek(.blockString) }

    private mutating func parseDescription() throws(GraphQLError) -> StringValue? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    private mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(const: true)
        try expect(.braceL)
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !expectOptional(.braceR)
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes,
            storedLoc: loc(start))
    }

    private mutating func parseOperationTypeDefinition() throws(GraphQLError) -> OperationTypeDefinition {
        let start = token.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, storedLoc: loc(start))
    }

    private mutating func parseOptionalOperationTypes() throws(GraphQLError) -> [OperationTypeDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var operationTypes: [OperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseOperationTypeDefinition())
        } while try !expectOptional(.braceR)
        return operationTypes
    }

    private mutating func parseScalarTypeDefinition() throws(GraphQLError) -> ScalarTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        return ScalarTypeDefinition(description: description, name: name, directives: directives, storedLoc: loc(start))
    }

    private mutating func parseObjectTypeDefinition() throws(GraphQLError) -> ObjectTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(const: true)
        let fields = try parseFieldsDefinition()
        return ObjectTypeDefinition(
            description: description, name: name, interfaces: interfaces,
            directives: directives, fields: fields, storedLoc: loc(start))
    }

    private mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        _ = try expectOptional(.amp)
        var types: [NamedType] = []
        repeat {
            types.append(try parseNamedType())
        } while try expectOptional(.amp)
        return types
    }

    private mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            fields.append(try parseFieldDefinition())
        } while try !expectOptional(.braceR)
        return fields
    }

    private mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(const: true)
        return FieldDefinition(
            description: description, name: name, arguments: arguments, type: type,
            directives: directives, storedLoc: loc(start))
    }

    private mutating func parseArgumentDefinitions() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while try !expectOptional(.parenR)
        return arguments
    }

    private mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        var defaultValue: Value?
        if try expectOptional(.equals) { defaultValue = try parseValue(const: true) }
        let directives = try parseDirectives(const: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue,
            directives: directives, storedLoc: loc(start))
    }

    private mutating func parseInterfaceTypeDefinition() throws(GraphQLError) -> InterfaceTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(const: true)
        let fields = try parseFieldsDefinition()
        return InterfaceTypeDefinition(
            description: description, name: name, interfaces: interfaces,
            directives: directives, fields: fields, storedLoc: loc(start))
    }

    private mutating func parseUnionTypeDefinition() throws(GraphQLError) -> UnionTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinition(
            description: description, name: name, directives: directives, types: types,
            storedLoc: loc(start))
    }

    private mutating func parseUnionMemberTypes() throws(GraphQLError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        _ = try expectOptional(.pipe)
        var types: [NamedType] = []
        repeat {
            types.append(try parseNamedType())
        } while try expectOptional(.pipe)
        return types
    }

    private mutating func parseEnumTypeDefinition() throws(GraphQLError) -> EnumTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinition(
            description: description, name: name, directives: directives, values: values,
            storedLoc: loc(start))
    }

    private mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let start = token.start
            let description = try parseDescription()
            if lexer.tokenIs("true") || lexer.tokenIs("false") || lexer.tokenIs("null") {
                throw lexer.error(
                    at: token.start,
                    "\(describe(token)) is reserved and cannot be used for an enum value.")
            }
            let name = try parseName()
            let directives = try parseDirectives(const: true)
            values.append(
                EnumValueDefinition(
                    description: description, name: name, directives: directives,
                    storedLoc: loc(start)))
        } while try !expectOptional(.braceR)
        return values
    }

    private mutating func parseInputObjectTypeDefinition() throws(GraphQLError) -> InputObjectTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(const: true)
        let fields = try parseInputFieldsDefinition()
        return InputObjectTypeDefinition(
            description: description, name: name, directives: directives,
            fields: fields, storedLoc: loc(start))
    }

    private mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while try !expectOptional(.braceR)
        return fields
    }

    private mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            let locationToken = token
            let location = try parseName()
            guard DirectiveLocation(rawValue: location.value) != nil else { throw unexpected(locationToken) }
            locations.append(location)
        } while try expectOptional(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments,
            repeatable: repeatable, locations: locations, storedLoc: loc(start))
    }

    // MARK: - Extensions

    private mutating func parseTypeSystemExtension() throws(GraphQLError) -> Definition {
        let keywordToken = try lexer.lookahead()
        if keywordToken.kind == .name {
            let start = token.start
            switch keyword(of: keywordToken) {
            case "schema":
                try expectKeyword("extend")
                try expectKeyword("schema")
                let directives = try parseDirectives(const: true)
                let operationTypes = try parseOptionalOperationTypes()
                if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
                return .schemaExtension(
                    SchemaExtension(
                        directives: directives, operationTypes: operationTypes,
                        storedLoc: loc(start)))
            case "scalar":
                try expectKeyword("extend")
                try expectKeyword("scalar")
                let name = try parseName()
                let directives = try parseDirectives(const: true)
                if directives.isEmpty { throw unexpected() }
                return .scalarTypeExtension(
                    ScalarTypeDefinition(name: name, directives: directives, storedLoc: loc(start)))
            case "type":
                try expectKeyword("extend")
                try expectKeyword("type")
                let name = try parseName()
                let interfaces = try parseImplementsInterfaces()
                let directives = try parseDirectives(const: true)
                let fields = try parseFieldsDefinition()
                if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
                return .objectTypeExtension(
                    ObjectTypeDefinition(
                        name: name, interfaces: interfaces,
                        directives: directives, fields: fields,
                        storedLoc: loc(start)))
            case "interface":
                try expectKeyword("extend")
                try expectKeyword("interface")
                let name = try parseName()
                let interfaces = try parseImplementsInterfaces()
                let directives = try parseDirectives(const: true)
                let fields = try parseFieldsDefinition()
                if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
                return .interfaceTypeExtension(
                    InterfaceTypeDefinition(
                        name: name, interfaces: interfaces,
                        directives: directives, fields: fields,
                        storedLoc: loc(start)))
            case "union":
                try expectKeyword("extend")
                try expectKeyword("union")
                let name = try parseName()
                let directives = try parseDirectives(const: true)
                let types = try parseUnionMemberTypes()
                if directives.isEmpty && types.isEmpty { throw unexpected() }
                return .unionTypeExtension(
                    UnionTypeDefinition(
                        name: name, directives: directives, types: types,
                        storedLoc: loc(start)))
            case "enum":
                try expectKeyword("extend")
                try expectKeyword("enum")
                let name = try parseName()
                let directives = try parseDirectives(const: true)
                let values = try parseEnumValuesDefinition()
                if directives.isEmpty && values.isEmpty { throw unexpected() }
                return .enumTypeExtension(
                    EnumTypeDefinition(
                        name: name, directives: directives, values: values,
                        storedLoc: loc(start)))
            case "input":
                try expectKeyword("extend")
                try expectKeyword("input")
                let name = try parseName()
                let directives = try parseDirectives(const: true)
                let fields = try parseInputFieldsDefinition()
                if directives.isEmpty && fields.isEmpty { throw unexpected() }
                return .inputObjectTypeExtension(
                    InputObjectTypeDefinition(
                        name: name, directives: directives,
                        fields: fields, storedLoc: loc(start)))
            default:
                break
            }
        }
        throw unexpected(keywordToken)
    }
}
