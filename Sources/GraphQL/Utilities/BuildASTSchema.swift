import JSON

/// Why a schema could not be built: every error found, in document order.
public struct SchemaBuildError: Error, Sendable, CustomStringConvertible {
    /// The errors (syntax errors, SDL errors such as `Unknown type "Foo".`).
    public var errors: [GraphQLError]

    /// Errors as one text, one message per paragraph (as graphql-js's thrown error reads).
    public var description: String { errors.map(\.message).joined(separator: "\n\n") }

    public init(errors: [GraphQLError]) { self.errors = errors }
}

/// Builds a schema from a type-system document, as graphql-js's
/// `buildASTSchema`: every named type with its extensions (`extend type`,
/// `extend schema`, ... of the same document), descriptions, default values,
/// `@deprecated`, `@specifiedBy`, `@oneOf`, custom directives; roots from the
/// `schema` definition or, without one, the types named `Query`, `Mutation`
/// and `Subscription`. The built-in directives are added unless redefined.
///
/// The document is first checked with `validateSDL` (unless `assumeValidSDL`):
/// any error throws them all, so no half-built schema escapes. Type-system
/// rules that need the built schema (interfaces correctly implemented, ...)
/// are `validateSchema`'s job.
public func buildASTSchema(_ document: Document, assumeValidSDL: Bool = false) throws(SchemaBuildError) -> GraphQLSchema
{
    if !assumeValidSDL {
        let errors = validateSDL(document)
        if !errors.isEmpty { throw SchemaBuildError(errors: errors) }
    }
    var builder = SchemaBuilder(document: document)
    return try builder.build()
}

private struct SchemaBuilder {
    let document: Document
    var typeMap: [String: GraphQLNamedType] = [:]
    var errors: [GraphQLError] = []
    var locator: SourceLocator?

    mutating func report(_ message: String, _ nodes: [Location?]) {
        if locator == nil { locator = SourceLocator(document.source) }
        errors.append(locator?.error(message, nodes) ?? GraphQLError(message: message))
    }

    init(document: Document) { self.document = document }

    mutating func build() throws(SchemaBuildError) -> GraphQLSchema {
        var typeDefinitions: [Definition] = []
        var extensions: [String: [Definition]] = [:]
        var directiveDefinitions: [DirectiveDefinition] = []
        var schemaDefinition: SchemaDefinition?
        var schemaExtensions: [SchemaExtension] = []
        for definition in document.definitions {
            switch definition {
            case .schema(let node): schemaDefinition = node
            case .schemaExtension(let node): schemaExtensions.append(node)
            case .directive(let node): directiveDefinitions.append(node)
            case .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType:
                typeDefinitions.append(definition)
            case .scalarTypeExtension, .objectTypeExtension, .interfaceTypeExtension, .unionTypeExtension,
                .enumTypeExtension, .inputObjectTypeExtension:
                if let name = definition.name?.value { extensions[name, default: []].append(definition) }
            case .operation, .fragment:
                break
            }
        }

        // 1. Create every named type (empty), so that references resolve.
        var types: [GraphQLNamedType] = []
        var positions: [String: Int] = [:]
        var built: [(GraphQLNamedType, Definition)] = []
        for definition in typeDefinitions {
            guard let name = definition.name?.value else { continue }
            let type: GraphQLNamedType
            if let standard = GraphQLScalarType.specifiedScalar(named: name) {
                type = .scalar(standard)
            } else if let introspection = Introspection.types.first(where: { $0.name == name }) {
                type = introspection
            } else {
                type = makeType(definition, extensions: extensions[name] ?? [])
                built.append((type, definition))
            }
            if let index = positions[name] {
                types[index] = type
            } else {
                positions[name] = types.count
                types.append(type)
            }
            typeMap[name] = type
        }

        // 2. Fill in fields, interfaces, members, values.
        for (type, definition) in built {
            guard let name = definition.name?.value else { continue }
            fill(type, definition: definition, extensions: extensions[name] ?? [])
        }

        // 3. Directives.
        var directives = directiveDefinitions.map { node in
            GraphQLDirective(
                name: node.name.value, description: node.description?.value,
                locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
                args: buildInputValues(node.arguments), isRepeatable: node.repeatable, astNode: node)
        }
        for directive in GraphQLDirective.specifiedDirectives
        where !directives.contains(where: { $0.name == directive.name }) {
            directives.append(directive)
        }

        // 4. Roots.
        var roots: [OperationType: GraphQLNamedType] = [:]
        for operationType in (schemaDefinition?.operationTypes ?? []) + schemaExtensions.flatMap(\.operationTypes) {
            if let type = namedType(operationType.type) { roots[operationType.operation] = type }
        }
        if schemaDefinition == nil {
            for type in types {
                switch type.name {
                case "Query": roots[.query] = type
                case "Mutation": roots[.mutation] = type
                case "Subscription": roots[.subscription] = type
                default: break
                }
            }
        }
        var rootObjects: [OperationType: GraphQLObjectType] = [:]
        var invalidRoots: [OperationType: GraphQLNamedType] = [:]
        for (operation, type) in roots {
            if case .object(let object) = type {
                rootObjects[operation] = object
            } else {
                invalidRoots[operation] = type
            }
        }

        if !errors.isEmpty { throw SchemaBuildError(errors: errors) }
        let schema = GraphQLSchema(
            query: rootObjects[.query], mutation: rootObjects[.mutation], subscription: rootObjects[.subscription],
            types: types, directives: directives, description: schemaDefinition?.description?.value,
            astNode: schemaDefinition, extensionASTNodes: schemaExtensions, source: document.source)
        schema.invalidRootTypes = invalidRoots
        return schema
    }

    func makeType(_ definition: Definition, extensions: [Definition]) -> GraphQLNamedType {
        switch definition {
        case .scalarType(let node):
            let scalar = GraphQLScalarType(
                name: node.name.value, description: node.description?.value,
                specifiedByURL: nil, astNode: node)
            scalar.extensionASTNodes = extensions.compactMap {
                if case .scalarTypeExtension(let n) = $0 { return n }; return nil
            }
            return .scalar(scalar)
        case .objectType(let node):
            let object = GraphQLObjectType(name: node.name.value, description: node.description?.value, astNode: node)
            object.extensionASTNodes = extensions.compactMap {
                if case .objectTypeExtension(let n) = $0 { return n }; return nil
            }
            return .object(object)
        case .interfaceType(let node):
            let interface = GraphQLInterfaceType(
                name: node.name.value, description: node.description?.value, astNode: node)
            interface.extensionASTNodes = extensions.compactMap {
                if case .interfaceTypeExtension(let n) = $0 { return n }; return nil
            }
            return .interface(interface)
        case .unionType(let node):
            let union = GraphQLUnionType(name: node.name.value, description: node.description?.value, astNode: node)
            union.extensionASTNodes = extensions.compactMap {
                if case .unionTypeExtension(let n) = $0 { return n }; return nil
            }
            return .union(union)
        case .enumType(let node):
            let enumType = GraphQLEnumType(name: node.name.value, description: node.description?.value, astNode: node)
            enumType.extensionASTNodes = extensions.compactMap {
                if case .enumTypeExtension(let n) = $0 { return n }; return nil
            }
            return .enum(enumType)
        case .inputObjectType(let node):
            let input = GraphQLInputObjectType(
                name: node.name.value, description: node.description?.value, astNode: node)
            input.extensionASTNodes = extensions.compactMap {
                if case .inputObjectTypeExtension(let n) = $0 { return n }; return nil
            }
            return .inputObject(input)
        default:
            // Not reachable: only type definitions are passed.
            return .scalar(GraphQLScalarType(name: definition.name?.value ?? ""))
        }
    }

    mutating func fill(_ type: GraphQLNamedType, definition: Definition, extensions: [Definition]) {
        switch type {
        case .scalar(let scalar):
            if case .scalarType(let node) = definition {
                scalar.specifiedByURL = directiveStringArgument(
                    node.directives, directive: .specifiedBy, argument: "url")
            }
        case .object(let object):
            var fieldNodes: [FieldDefinition] = []
            var interfaceNodes: [NamedType] = []
            for case .objectType(let node) in [definition] + extensions {
                fieldNodes += node.fields
                interfaceNodes += node.interfaces
            }
            for case .objectTypeExtension(let node) in extensions {
                fieldNodes += node.fields
                interfaceNodes += node.interfaces
            }
            object.fields = buildFields(fieldNodes)
            let declared = interfaceNodes.compactMap { namedType($0) }
            object.interfaces = declared.compactMap(\.asInterface)
            object.declaredInterfaces = declared
        case .interface(let interface):
            var fieldNodes: [FieldDefinition] = []
            var interfaceNodes: [NamedType] = []
            for case .interfaceType(let node) in [definition] + extensions {
                fieldNodes += node.fields
                interfaceNodes += node.interfaces
            }
            for case .interfaceTypeExtension(let node) in extensions {
                fieldNodes += node.fields
                interfaceNodes += node.interfaces
            }
            interface.fields = buildFields(fieldNodes)
            let declared = interfaceNodes.compactMap { namedType($0) }
            interface.interfaces = declared.compactMap(\.asInterface)
            interface.declaredInterfaces = declared
        case .union(let union):
            var memberNodes: [NamedType] = []
            if case .unionType(let node) = definition { memberNodes += node.types }
            for case .unionTypeExtension(let node) in extensions { memberNodes += node.types }
            let declared = memberNodes.compactMap { namedType($0) }
            union.types = declared.compactMap(\.asObject)
            union.declaredMembers = declared
        case .enum(let enumType):
            var valueNodes: [EnumValueDefinition] = []
            if case .enumType(let node) = definition { valueNodes += node.values }
            for case .enumTypeExtension(let node) in extensions { valueNodes += node.values }
            var values: [GraphQLEnumValue] = []
            var positions: [String: Int] = [:]
            for node in valueNodes {
                let value = GraphQLEnumValue(
                    name: node.name.value, description: node.description?.value,
                    deprecationReason: deprecationReason(node.directives), astNode: node)
                if let index = positions[value.name] {
                    values[index] = value
                } else {
                    positions[value.name] = values.count
                    values.append(value)
                }
            }
            enumType.values = values
        case .inputObject(let input):
            var fieldNodes: [InputValueDefinition] = []
            if case .inputObjectType(let node) = definition {
                fieldNodes += node.fields
                input.isOneOf = node.directives.contains { $0.name.value == "oneOf" }
            }
            for case .inputObjectTypeExtension(let node) in extensions { fieldNodes += node.fields }
            input.fields = buildInputValues(fieldNodes)
        }
    }

    mutating func buildFields(_ nodes: [FieldDefinition]) -> [GraphQLField] {
        var fields: [GraphQLField] = []
        var positions: [String: Int] = [:]
        for node in nodes {
            guard let type = wrappedType(node.type) else { continue }
            let field = GraphQLField(
                name: node.name.value, type: type, description: node.description?.value,
                args: buildInputValues(node.arguments),
                deprecationReason: deprecationReason(node.directives), astNode: node)
            if let index = positions[field.name] {
                fields[index] = field
            } else {
                positions[field.name] = fields.count
                fields.append(field)
            }
        }
        return fields
    }

    mutating func buildInputValues(_ nodes: [InputValueDefinition]) -> [GraphQLInputValue] {
        var values: [GraphQLInputValue] = []
        var positions: [String: Int] = [:]
        for node in nodes {
            guard let type = wrappedType(node.type) else { continue }
            let value = GraphQLInputValue(
                name: node.name.value, type: type, description: node.description?.value,
                defaultValue: node.defaultValue,
                deprecationReason: deprecationReason(node.directives), astNode: node)
            if let index = positions[value.name] {
                values[index] = value
            } else {
                positions[value.name] = values.count
                values.append(value)
            }
        }
        return values
    }

    mutating func namedType(_ node: NamedType) -> GraphQLNamedType? {
        let name = node.name.value
        if let type = typeMap[name] { return type }
        if let standard = GraphQLScalarType.specifiedScalar(named: name) { return .scalar(standard) }
        if let introspection = Introspection.types.first(where: { $0.name == name }) { return introspection }
        report("Unknown type: \"\(name)\".", [node.loc])
        return nil
    }

    mutating func wrappedType(_ node: TypeNode) -> GraphQLType? {
        switch node {
        case .named(let named): return namedType(named).map { .named($0) }
        case .list(let list): return wrappedType(list.type).map { .list($0) }
        case .nonNull(let nonNull): return wrappedType(nonNull.type).map { .nonNull($0) }
        }
    }

    /// The reason of a `@deprecated` among `directives` (its default when not given), or nil.
    mutating func deprecationReason(_ directives: [Directive]) -> String? {
        guard directives.contains(where: { $0.name.value == "deprecated" }) else { return nil }
        return directiveStringArgument(directives, directive: .deprecated, argument: "reason")
    }

    /// The coerced value of a String argument of a directive applied among
    /// `directives` (graphql-js's `getDirectiveValues`), its default when
    /// absent; nil when the directive is absent or the value is null.
    mutating func directiveStringArgument(_ directives: [Directive], directive: GraphQLDirective, argument: String)
        -> String?
    {
        guard let applied = directives.first(where: { $0.name.value == directive.name }),
            let definition = directive.argument(named: argument)
        else { return nil }
        guard let node = applied.arguments.first(where: { $0.name.value == argument }) else {
            if let defaultValue = definition.defaultValue,
                case .string(let text)? = valueFromAST(defaultValue, type: definition.type)
            {
                return text
            }
            if definition.type.isNonNull {
                report(
                    "Argument \"@\(directive.name)(\(argument):)\" of required type \"\(definition.type)\" was not provided.",
                    [applied.loc])
            }
            return nil
        }
        switch valueFromAST(node.value, type: definition.type) {
        case .string(let text)?:
            return text
        case .null?:
            return nil
        default:
            report(
                "Argument \"@\(directive.name)(\(argument):)\" has invalid value \(node.value.printed).",
                [node.value.loc])
            return nil
        }
    }
}
