/// Checks a type-system document before a schema is built from it, as
/// graphql-js's `assertValidSDL` does with its SDL rules (LoneSchemaDefinition,
/// UniqueOperationTypes, UniqueTypeNames, UniqueEnumValueNames,
/// UniqueFieldDefinitionNames, UniqueArgumentDefinitionNames,
/// UniqueDirectiveNames, KnownTypeNames, KnownDirectives,
/// UniqueDirectivesPerLocation, PossibleTypeExtensions,
/// KnownArgumentNamesOnDirectives, UniqueArgumentNames, UniqueInputFieldNames,
/// ProvidedRequiredArgumentsOnDirectives), with its messages, in the order
/// its parallel visitor reports them.
///
/// Executable definitions in the document are ignored.
public func validateSDL(_ document: Document) -> [GraphQLError] {
    var checker = SDLChecker(document: document)
    checker.run()
    return checker.errors
}

private struct SDLChecker {
    let document: Document
    var errors: [GraphQLError] = []
    var locator: SourceLocator?

    // Known things (from the whole document).
    var definedTypes: [String: Definition] = [:]
    var definedTypeNames: [String] = []
    var directiveLocations: [String: [String]] = [:]
    var directiveArgs: [String: [String]] = [:]
    var directiveArgSets: [String: Set<String>] = [:]
    var directiveRequiredArgs: [String: [(name: String, type: String)]] = [:]
    var directiveUnique: [String: Bool] = [:]

    // Rule state.
    var schemaDefinitionCount = 0
    var definedOperationTypes: [OperationType: OperationTypeDefinition] = [:]
    var knownTypeNames: [String: Name] = [:]
    var knownEnumValues: [String: [String: Name]] = [:]
    var knownFieldNames: [String: [String: Name]] = [:]
    var knownDirectiveNames: [String: Name] = [:]
    var schemaDirectives: [String: Directive] = [:]
    var typeDirectives: [String: [String: Directive]] = [:]

    static let standardTypeNames = [
        "String", "Int", "Float", "Boolean", "ID",
        "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field",
        "__InputValue", "__EnumValue", "__TypeKind"
    ]

    init(document: Document) {
        self.document = document
        for directive in GraphQLDirective.specifiedDirectives {
            directiveLocations[directive.name] = directive.locations.map(\.rawValue)
            directiveArgs[directive.name] = directive.args.map(\.name)
            directiveArgSets[directive.name] = Set(directive.args.map(\.name))
            directiveRequiredArgs[directive.name] = directive.args.filter(\.isRequired).map {
                ($0.name, $0.type.description)
            }
            directiveUnique[directive.name] = !directive.isRepeatable
        }
        for definition in document.definitions {
            switch definition {
            case .scalarType, .objectType, .interfaceType, .unionType, .enumType, .inputObjectType:
                if let name = definition.name?.value {
                    if definedTypes[name] == nil { definedTypeNames.append(name) }
                    definedTypes[name] = definition
                }
            case .directive(let node):
                let name = node.name.value
                directiveLocations[name] = node.locations.map(\.value)
                directiveArgs[name] = node.arguments.map(\.name.value)
                directiveArgSets[name] = Set(node.arguments.map(\.name.value))
                directiveRequiredArgs[name] = node.arguments
                    .filter {
                        if case .nonNull = $0.type { return $0.defaultValue == nil }; return false
                    }
                    .map { ($0.name.value, $0.type.printed) }
                directiveUnique[name] = !node.repeatable
            default:
                break
            }
        }
    }

    mutating func report(_ message: String, _ nodes: [Location?]) {
        if locator == nil { locator = SourceLocator(document.source) }
        errors.append(locator?.error(message, nodes) ?? GraphQLError(message: message))
    }

    mutating func run() {
        for definition in document.definitions {
            switch definition {
            case .operation, .fragment:
                continue
            case .schema(let node):
                if schemaDefinitionCount > 0 { report("Must provide only one schema definition.", [node.loc]) }
                schemaDefinitionCount += 1
                checkOperationTypes(node.operationTypes)
                checkDirectiveUniqueness(node.directives, scope: .schema)
                visitDirectives(node.directives, location: "SCHEMA")
                for operationType in node.operationTypes { visitNamedType(operationType.type) }
            case .schemaExtension(let node):
                checkOperationTypes(node.operationTypes)
                checkDirectiveUniqueness(node.directives, scope: .schema)
                visitDirectives(node.directives, location: "SCHEMA")
                for operationType in node.operationTypes { visitNamedType(operationType.type) }
            case .scalarType(let node), .scalarTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                visitDirectives(node.directives, location: "SCALAR")
            case .objectType(let node), .objectTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkFieldNames(node.name.value, node.fields.map(\.name))
                for field in node.fields {
                    checkArgumentNames("\(node.name.value).\(field.name.value)", field.arguments)
                }
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                for interface in node.interfaces { visitNamedType(interface) }
                visitDirectives(node.directives, location: "OBJECT")
                for field in node.fields { visitField(field) }
            case .interfaceType(let node), .interfaceTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkFieldNames(node.name.value, node.fields.map(\.name))
                for field in node.fields {
                    checkArgumentNames("\(node.name.value).\(field.name.value)", field.arguments)
                }
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                for interface in node.interfaces { visitNamedType(interface) }
                visitDirectives(node.directives, location: "INTERFACE")
                for field in node.fields { visitField(field) }
            case .unionType(let node), .unionTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                visitDirectives(node.directives, location: "UNION")
                for member in node.types { visitNamedType(member) }
            case .enumType(let node), .enumTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkEnumValueNames(node.name.value, node.values)
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                visitDirectives(node.directives, location: "ENUM")
                for value in node.values {
                    checkDirectiveUniqueness(value.directives, scope: .node)
                    visitDirectives(value.directives, location: "ENUM_VALUE")
                }
            case .inputObjectType(let node), .inputObjectTypeExtension(let node):
                let isExtension = definition.isExtension
                if !isExtension { checkTypeName(node.name) }
                checkFieldNames(node.name.value, node.fields.map(\.name))
                checkDirectiveUniqueness(node.directives, scope: .type(node.name.value))
                if isExtension { checkExtension(definition, node.name, node.loc) }
                visitDirectives(node.directives, location: "INPUT_OBJECT")
                // graphql-js names the location of fields of an `extend input` ARGUMENT_DEFINITION.
                for field in node.fields {
                    visitInputValue(field, location: isExtension ? "ARGUMENT_DEFINITION" : "INPUT_FIELD_DEFINITION")
                }
            case .directive(let node):
                checkArgumentNames("@" + node.name.value, node.arguments)
                if let known = knownDirectiveNames[node.name.value] {
                    report("There can be only one directive named \"@\(node.name.value)\".", [known.loc, node.name.loc])
                } else {
                    knownDirectiveNames[node.name.value] = node.name
                }
                for argument in node.arguments { visitInputValue(argument, location: "ARGUMENT_DEFINITION") }
            }
        }
    }

    // MARK: Children

    mutating func visitField(_ field: FieldDefinition) {
        checkDirectiveUniqueness(field.directives, scope: .node)
        for argument in field.arguments { visitInputValue(argument, location: "ARGUMENT_DEFINITION") }
        visitTypeNode(field.type)
        visitDirectives(field.directives, location: "FIELD_DEFINITION")
    }

    mutating func visitInputValue(_ value: InputValueDefinition, location: String) {
        checkDirectiveUniqueness(value.directives, scope: .node)
        visitTypeNode(value.type)
        if let defaultValue = value.defaultValue { visitValue(defaultValue) }
        visitDirectives(value.directives, location: location)
    }

    mutating func visitTypeNode(_ type: TypeNode) {
        visitNamedType(type.namedType)
    }

    /// KnownTypeNames.
    mutating func visitNamedType(_ node: NamedType) {
        let name = node.name.value
        if definedTypes[name] != nil || Self.standardTypeNames.contains(name) { return }
        let suggestions = suggestionList(name, Self.standardTypeNames + definedTypeNames)
        report("Unknown type \"\(name)\"." + didYouMean(suggestions), [node.loc])
    }

    mutating func visitDirectives(_ directives: [Directive], location: String) {
        for directive in directives {
            let name = directive.name.value
            // KnownDirectives.
            if let locations = directiveLocations[name] {
                if !locations.contains(location) {
                    report("Directive \"@\(name)\" may not be used on \(location).", [directive.loc])
                }
            } else {
                report("Unknown directive \"@\(name)\".", [directive.loc])
            }
            // KnownArgumentNamesOnDirectives.
            if let known = directiveArgs[name], let knownSet = directiveArgSets[name] {
                for argument in directive.arguments where !knownSet.contains(argument.name.value) {
                    let suggestions = suggestionList(argument.name.value, known)
                    report(
                        "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
                            + didYouMean(suggestions),
                        [argument.loc])
                }
            }
            // UniqueArgumentNames.
            checkUniqueArguments(directive.arguments)
            for argument in directive.arguments { visitValue(argument.value) }
            // ProvidedRequiredArgumentsOnDirectives (on leave).
            if let required = directiveRequiredArgs[name] {
                let given = Set(directive.arguments.map(\.name.value))
                for argument in required where !given.contains(argument.name) {
                    report(
                        "Directive \"@\(name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                        [directive.loc])
                }
            }
        }
    }

    /// UniqueInputFieldNames.
    mutating func visitValue(_ value: Value) {
        switch value {
        case .list(let list):
            for item in list.values { visitValue(item) }
        case .object(let object):
            var known: [String: Name] = [:]
            for field in object.fields {
                if let first = known[field.name.value] {
                    report(
                        "There can be only one input field named \"\(field.name.value)\".", [first.loc, field.name.loc])
                } else {
                    known[field.name.value] = field.name
                }
                visitValue(field.value)
            }
        default:
            break
        }
    }

    // MARK: Rules on a node

    mutating func checkOperationTypes(_ operationTypes: [OperationTypeDefinition]) {
        for operationType in operationTypes {
            if let defined = definedOperationTypes[operationType.operation] {
                report(
                    "There can be only one \(operationType.operation.rawValue) type in schema.",
                    [defined.loc, operationType.loc])
            } else {
                definedOperationTypes[operationType.operation] = operationType
            }
        }
    }

    mutating func checkTypeName(_ name: Name) {
        if let known = knownTypeNames[name.value] {
            report("There can be only one type named \"\(name.value)\".", [known.loc, name.loc])
        } else {
            knownTypeNames[name.value] = name
        }
    }

    mutating func checkEnumValueNames(_ typeName: String, _ values: [EnumValueDefinition]) {
        var known = knownEnumValues[typeName] ?? [:]
        for value in values {
            if let first = known[value.name.value] {
                report(
                    "Enum value \"\(typeName).\(value.name.value)\" can only be defined once.",
                    [first.loc, value.name.loc])
            } else {
                known[value.name.value] = value.name
            }
        }
        knownEnumValues[typeName] = known
    }

    mutating func checkFieldNames(_ typeName: String, _ names: [Name]) {
        var known = knownFieldNames[typeName] ?? [:]
        for name in names {
            if let first = known[name.value] {
                report("Field \"\(typeName).\(name.value)\" can only be defined once.", [first.loc, name.loc])
            } else {
                known[name.value] = name
            }
        }
        knownFieldNames[typeName] = known
    }

    mutating func checkArgumentNames(_ parentName: String, _ arguments: [InputValueDefinition]) {
        var order: [String] = []
        var groups: [String: [Name]] = [:]
        for argument in arguments {
            if groups[argument.name.value] == nil { order.append(argument.name.value) }
            groups[argument.name.value, default: []].append(argument.name)
        }
        for name in order {
            if let nodes = groups[name], nodes.count > 1 {
                report("Argument \"\(parentName)(\(name):)\" can only be defined once.", nodes.map(\.loc))
            }
        }
    }

    mutating func checkUniqueArguments(_ arguments: [Argument]) {
        var order: [String] = []
        var groups: [String: [Name]] = [:]
        for argument in arguments {
            if groups[argument.name.value] == nil { order.append(argument.name.value) }
            groups[argument.name.value, default: []].append(argument.name)
        }
        for name in order {
            if let nodes = groups[name], nodes.count > 1 {
                report("There can be only one argument named \"\(name)\".", nodes.map(\.loc))
            }
        }
    }

    enum DirectiveScope {
        case schema
        case type(String)
        case node
    }

    mutating func checkDirectiveUniqueness(_ directives: [Directive], scope: DirectiveScope) {
        if directives.isEmpty { return }
        var seen: [String: Directive]
        switch scope {
        case .schema: seen = schemaDirectives
        case .type(let name): seen = typeDirectives[name] ?? [:]
        case .node: seen = [:]
        }
        for directive in directives {
            let name = directive.name.value
            guard directiveUnique[name] == true else { continue }
            if let first = seen[name] {
                report("The directive \"@\(name)\" can only be used once at this location.", [first.loc, directive.loc])
            } else {
                seen[name] = directive
            }
        }
        switch scope {
        case .schema: schemaDirectives = seen
        case .type(let name): typeDirectives[name] = seen
        case .node: break
        }
    }

    /// PossibleTypeExtensions.
    mutating func checkExtension(_ extensionNode: Definition, _ name: Name, _ loc: Location?) {
        let typeName = name.value
        guard let definition = definedTypes[typeName] else {
            let suggestions = suggestionList(typeName, definedTypeNames)
            report(
                "Cannot extend type \"\(typeName)\" because it is not defined." + didYouMean(suggestions), [name.loc])
            return
        }
        let matches: Bool
        let kind: String
        switch extensionNode {
        case .scalarTypeExtension:
            kind = "scalar"; if case .scalarType = definition { matches = true } else { matches = false }
        case .objectTypeExtension:
            kind = "object"; if case .objectType = definition { matches = true } else { matches = false }
        case .interfaceTypeExtension:
            kind = "interface"; if case .interfaceType = definition { matches = true } else { matches = false }
        case .unionTypeExtension:
            kind = "union"; if case .unionType = definition { matches = true } else { matches = false }
        case .enumTypeExtension:
            kind = "enum"; if case .enumType = definition { matches = true } else { matches = false }
        case .inputObjectTypeExtension:
            kind = "input object"; if case .inputObjectType = definition { matches = true } else { matches = false }
        default:
            return
        }
        if !matches {
            report("Cannot extend non-\(kind) type \"\(typeName)\".", [definition.loc, loc])
        }
    }
}
