import Locking

/// Checks a schema against the type-system rules of the specification, as
/// graphql-js's `validateSchema`: root types, directives, names (no `__`
/// prefix), fields, interface implementations (covariant field types,
/// arguments, transitive interfaces, no cycles), union members, enum
/// values, input fields, `@oneOf` input objects, and input objects that
/// contain themselves through non-null fields. Every error has the
/// locations of the SDL nodes concerned, in graphql-js's order.
///
/// The result is computed once per schema and remembered.
public func validateSchema(_ schema: GraphQLSchema) -> [GraphQLError] {
    if let cached = schema.validationErrorsCache.value { return cached }
    var validator = SchemaValidator(schema: schema)
    validator.run()
    schema.validationErrorsCache.store(validator.errors)
    return validator.errors
}

/// A write-once cache shared across threads.
final class ValidationCache: Sendable {
    private let stored = Locked<[GraphQLError]?>(nil)

    var value: [GraphQLError]? {
        stored.withLock { $0 }
    }

    func store(_ errors: [GraphQLError]) {
        stored.withLock { if $0 == nil { $0 = errors } }
    }
}

/// How many "can only include/implement X once" errors one name gets at most
/// (graphql-js reports every repeat, each with every node of the name).
private let maxRepeatErrors = 10

private struct SchemaValidator {
    let schema: GraphQLSchema
    let locator: SourceLocator?
    var errors: [GraphQLError] = []

    init(schema: GraphQLSchema) {
        self.schema = schema
        self.locator = schema.source.map(SourceLocator.init)
    }

    mutating func report(_ message: String, _ nodes: [Location?]) {
        errors.append(locator?.error(message, nodes) ?? GraphQLError(message: message))
    }

    mutating func run() {
        validateRootTypes()
        validateDirectives()
        validateTypes()
    }

    // MARK: Roots

    func operationTypeNode(_ operation: OperationType) -> Location? {
        let all = (schema.astNode?.operationTypes ?? []) + schema.extensionASTNodes.flatMap(\.operationTypes)
        return all.first { $0.operation == operation }?.type.loc
    }

    mutating func validateRootTypes() {
        if schema.queryType == nil {
            if let invalid = schema.invalidRootTypes[.query] {
                report(
                    "Query root type must be Object type, it cannot be \(invalid.name).",
                    [operationTypeNode(.query) ?? definitionLoc(invalid)])
            } else {
                report("Query root type must be provided.", [schema.astNode?.loc])
            }
        }
        if let invalid = schema.invalidRootTypes[.mutation] {
            report(
                "Mutation root type must be Object type if provided, it cannot be \(invalid.name).",
                [operationTypeNode(.mutation) ?? definitionLoc(invalid)])
        }
        if let invalid = schema.invalidRootTypes[.subscription] {
            report(
                "Subscription root type must be Object type if provided, it cannot be \(invalid.name).",
                [operationTypeNode(.subscription) ?? definitionLoc(invalid)])
        }
    }

    func definitionLoc(_ type: GraphQLNamedType) -> Location? {
        switch type {
        case .scalar(let t): return t.astNode?.loc
        case .object(let t): return t.astNode?.loc
        case .interface(let t): return t.astNode?.loc
        case .union(let t): return t.astNode?.loc
        case .enum(let t): return t.astNode?.loc
        case .inputObject(let t): return t.astNode?.loc
        }
    }

    // MARK: Directives

    mutating func validateName(_ name: String, _ loc: Location?) {
        if name.hasPrefix("__") {
            report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", [loc])
        }
    }

    mutating func validateDirectives() {
        for directive in schema.directives {
            validateName(directive.name, directive.astNode?.loc)
            if directive.locations.isEmpty {
                report("Directive @\(directive.name) must include 1 or more locations.", [directive.astNode?.loc])
            }
            for arg in directive.args {
                validateName(arg.name, arg.astNode?.loc)
                if !arg.type.isInputType {
                    report(
                        "The type of @\(directive.name)(\(arg.name):) must be Input Type but got: \(arg.type).",
                        [arg.astNode?.loc])
                }
                if arg.isRequired && arg.deprecationReason != nil {
                    report(
                        "Required argument @\(directive.name)(\(arg.name):) cannot be deprecated.",
                        [deprecatedDirectiveLoc(arg.astNode?.directives), arg.astNode?.type.loc])
                }
            }
        }
    }

    func deprecatedDirectiveLoc(_ directives: [Directive]?) -> Location? {
        directives?.first { $0.name.value == "deprecated" }?.loc
    }

    // MARK: Types

    mutating func validateTypes() {
        var cycles = InputCycleDetector()
        for type in schema.types {
            if !type.isIntrospectionType {
                validateName(type.name, definitionLoc(type))
            }
            switch type {
            case .object(let object):
                validateFields(object.name, object.fields, [object.astNode?.loc] + object.extensionASTNodes.map(\.loc))
                validateInterfaces(.object(object))
            case .interface(let interface):
                validateFields(
                    interface.name, interface.fields,
                    [interface.astNode?.loc] + interface.extensionASTNodes.map(\.loc))
                validateInterfaces(.interface(interface))
            case .union(let union):
                validateUnionMembers(union)
            case .enum(let enumType):
                if enumType.values.isEmpty {
                    report(
                        "Enum type \(enumType.name) must define one or more values.",
                        [enumType.astNode?.loc] + enumType.extensionASTNodes.map(\.loc))
                }
                for value in enumType.values { validateName(value.name, value.astNode?.loc) }
            case .inputObject(let input):
                validateInputFields(input)
                cycles.detect(input, validator: &self)
            case .scalar:
                break
            }
        }
        if !schema.duplicateTypeNames.isEmpty {
            for name in schema.duplicateTypeNames {
                report("Schema must contain uniquely named types but contains multiple types named \"\(name)\".", [])
            }
        }
    }

    mutating func validateFields(_ typeName: String, _ fields: [GraphQLField], _ typeLocs: [Location?]) {
        if fields.isEmpty {
            report("Type \(typeName) must define one or more fields.", typeLocs)
        }
        for field in fields {
            validateName(field.name, field.astNode?.loc)
            if !field.type.isOutputType {
                report(
                    "The type of \(typeName).\(field.name) must be Output Type but got: \(field.type).",
                    [field.astNode?.type.loc])
            }
            for arg in field.args {
                validateName(arg.name, arg.astNode?.loc)
                if !arg.type.isInputType {
                    report(
                        "The type of \(typeName).\(field.name)(\(arg.name):) must be Input Type but got: \(arg.type).",
                        [arg.astNode?.type.loc])
                }
                if arg.isRequired && arg.deprecationReason != nil {
                    report(
                        "Required argument \(typeName).\(field.name)(\(arg.name):) cannot be deprecated.",
                        [deprecatedDirectiveLoc(arg.astNode?.directives), arg.astNode?.type.loc])
                }
            }
        }
    }

    // MARK: Interfaces

    /// The `implements` nodes of `type`, in order.
    func implementsNodeList(_ type: GraphQLNamedType) -> [(name: String, loc: Location?)] {
        var named: [NamedType] = []
        switch type {
        case .object(let object):
            named = (object.astNode?.interfaces ?? []) + object.extensionASTNodes.flatMap(\.interfaces)
        case .interface(let interface):
            named = (interface.astNode?.interfaces ?? []) + interface.extensionASTNodes.flatMap(\.interfaces)
        default:
            break
        }
        return named.map { ($0.name.value, $0.loc) }
    }

    /// The `implements` nodes of `type` naming `interfaceName`.
    func implementsNodes(_ type: GraphQLNamedType, _ interfaceName: String) -> [Location?] {
        implementsNodeList(type).filter { $0.name == interfaceName }.map(\.loc)
    }

    mutating func validateInterfaces(_ type: GraphQLNamedType) {
        var seen: Set<String> = []
        let declared: [GraphQLNamedType]
        switch type {
        case .object(let object): declared = object.declaredInterfaces
        case .interface(let interface): declared = interface.declaredInterfaces
        default: return
        }
        var repeats: [String: Int] = [:]
        var nodesByName: [String: [Location?]]?
        func nodes(_ name: String) -> [Location?] {
            if nodesByName == nil {
                var byName: [String: [Location?]] = [:]
                for loc in implementsNodeList(type) { byName[loc.name, default: []].append(loc.loc) }
                nodesByName = byName
            }
            return nodesByName?[name] ?? []
        }
        for candidate in declared {
            guard case .interface(let interface) = candidate else {
                report(
                    "Type \(type.name) must only implement Interface types, it cannot implement \(candidate.name).",
                    nodes(candidate.name))
                continue
            }
            if candidate == type {
                report(
                    "Type \(type.name) cannot implement itself because it would create a circular reference.",
                    nodes(interface.name))
                continue
            }
            if seen.contains(interface.name) {
                repeats[interface.name, default: 0] += 1
                if repeats[interface.name, default: 0] <= maxRepeatErrors {
                    report("Type \(type.name) can only implement \(interface.name) once.", nodes(interface.name))
                }
                continue
            }
            seen.insert(interface.name)
            validateImplementsAncestors(type, declared, interface)
            validateImplementsInterface(type, interface)
        }
    }

    mutating func validateImplementsAncestors(
        _ type: GraphQLNamedType, _ declared: [GraphQLNamedType],
        _ interface: GraphQLInterfaceType
    ) {
        for transitive in interface.declaredInterfaces where !declared.contains(transitive) {
            let message =
                transitive == type
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(transitive.name) because it is implemented by \(interface.name)."
            report(
                message, implementsNodes(.interface(interface), transitive.name) + implementsNodes(type, interface.name)
            )
        }
    }

    func typeLocs(_ type: GraphQLNamedType) -> [Location?] {
        switch type {
        case .object(let object): return [object.astNode?.loc] + object.extensionASTNodes.map(\.loc)
        case .interface(let interface): return [interface.astNode?.loc] + interface.extensionASTNodes.map(\.loc)
        default: return []
        }
    }

    mutating func validateImplementsInterface(_ type: GraphQLNamedType, _ interface: GraphQLInterfaceType) {
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            guard let typeField = type.field(named: fieldName) else {
                report(
                    "Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.",
                    [interfaceField.astNode?.loc] + typeLocs(type))
                continue
            }
            if !isTypeSubTypeOf(schema, typeField.type, interfaceField.type) {
                report(
                    "Interface field \(interface.name).\(fieldName) expects type \(interfaceField.type) but \(type.name).\(fieldName) is type \(typeField.type).",
                    [interfaceField.astNode?.type.loc, typeField.astNode?.type.loc])
            }
            for interfaceArg in interfaceField.args {
                let argName = interfaceArg.name
                guard let typeArg = typeField.argument(named: argName) else {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argName):) expected but \(type.name).\(fieldName) does not provide it.",
                        [interfaceArg.astNode?.loc, typeField.astNode?.loc])
                    continue
                }
                if !isEqualType(interfaceArg.type, typeArg.type) {
                    report(
                        "Interface field argument \(interface.name).\(fieldName)(\(argName):) expects type \(interfaceArg.type) but \(type.name).\(fieldName)(\(argName):) is type \(typeArg.type).",
                        [interfaceArg.astNode?.type.loc, typeArg.astNode?.type.loc])
                }
            }
            for typeArg in typeField.args
            where interfaceField.argument(named: typeArg.name) == nil && typeArg.isRequired {
                report(
                    "Object field \(type.name).\(fieldName) includes required argument \(typeArg.name) that is missing from the Interface field \(interface.name).\(fieldName).",
                    [typeArg.astNode?.loc, interfaceField.astNode?.loc])
            }
            // September 2025 spec (IsValidImplementation): an implementation deprecates only a field
            // its interface deprecates (graphql-js 17's message).
            if typeField.isDeprecated && !interfaceField.isDeprecated {
                report(
                    "Interface field \(interface.name).\(fieldName) is not deprecated, so implementation field \(type.name).\(fieldName) must not be deprecated.",
                    [deprecatedDirectiveLoc(typeField.astNode?.directives), typeField.astNode?.type.loc])
            }
        }
    }

    // MARK: Unions, input objects

    mutating func validateUnionMembers(_ union: GraphQLUnionType) {
        let members = union.declaredMembers
        var memberNodes: [String: [Location?]]?
        func nodes(_ name: String) -> [Location?] {
            if memberNodes == nil {
                var byName: [String: [Location?]] = [:]
                for node in (union.astNode?.types ?? []) + union.extensionASTNodes.flatMap(\.types) {
                    byName[node.name.value, default: []].append(node.loc)
                }
                memberNodes = byName
            }
            return memberNodes?[name] ?? []
        }
        if members.isEmpty {
            report(
                "Union type \(union.name) must define one or more member types.",
                [union.astNode?.loc] + union.extensionASTNodes.map(\.loc))
        }
        var seen: Set<String> = []
        var repeats: [String: Int] = [:]
        for member in members {
            if seen.contains(member.name) {
                // graphql-js reports every repeat with every node of the name;
                // past a few, hostile SDL would make that quadratic.
                repeats[member.name, default: 0] += 1
                if repeats[member.name, default: 0] <= maxRepeatErrors {
                    report("Union type \(union.name) can only include type \(member.name) once.", nodes(member.name))
                }
                continue
            }
            seen.insert(member.name)
            if member.asObject == nil {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(member.name).",
                    nodes(member.name))
            }
        }
    }

    mutating func validateInputFields(_ input: GraphQLInputObjectType) {
        if input.fields.isEmpty {
            report(
                "Input Object type \(input.name) must define one or more fields.",
                [input.astNode?.loc] + input.extensionASTNodes.map(\.loc))
        }
        for field in input.fields {
            validateName(field.name, field.astNode?.loc)
            if !field.type.isInputType {
                report(
                    "The type of \(input.name).\(field.name) must be Input Type but got: \(field.type).",
                    [field.astNode?.type.loc])
            }
            if field.isRequired && field.deprecationReason != nil {
                report(
                    "Required input field \(input.name).\(field.name) cannot be deprecated.",
                    [deprecatedDirectiveLoc(field.astNode?.directives), field.astNode?.type.loc])
            }
            if input.isOneOf {
                if field.type.isNonNull {
                    report("OneOf input field \(input.name).\(field.name) must be nullable.", [field.astNode?.type.loc])
                }
                if field.defaultValue != nil {
                    report(
                        "OneOf input field \(input.name).\(field.name) cannot have a default value.",
                        [field.astNode?.loc])
                }
            }
        }
    }

    /// Input objects that contain themselves through non-null fields
    /// (graphql-js's recursive detector, with an explicit stack).
    struct InputCycleDetector {
        var visited: Set<String> = []
        var fieldPath: [GraphQLInputField] = []
        var pathIndexByTypeName: [String: Int] = [:]

        mutating func detect(_ root: GraphQLInputObjectType, validator: inout SchemaValidator) {
            if visited.contains(root.name) { return }
            // Each frame: an input object and the index of its next field to look at.
            var frames: [(input: GraphQLInputObjectType, next: Int)] = []
            visited.insert(root.name)
            pathIndexByTypeName[root.name] = fieldPath.count
            frames.append((root, 0))
            while let frame = frames.last {
                let fields = frame.input.fields
                var index = frame.next
                var descended = false
                while index < fields.count {
                    let field = fields[index]
                    index += 1
                    guard case .nonNull(.named(.inputObject(let fieldType))) = field.type else { continue }
                    fieldPath.append(field)
                    if let cycleIndex = pathIndexByTypeName[fieldType.name] {
                        let cycle = fieldPath[cycleIndex...]
                        let path = cycle.map(\.name).joined(separator: ".")
                        validator.report(
                            "Cannot reference Input Object \"\(fieldType.name)\" within itself through a series of non-null fields: \"\(path)\".",
                            cycle.map { $0.astNode?.loc })
                        fieldPath.removeLast()
                    } else if visited.contains(fieldType.name) {
                        fieldPath.removeLast()
                    } else {
                        frames[frames.count - 1].next = index
                        visited.insert(fieldType.name)
                        pathIndexByTypeName[fieldType.name] = fieldPath.count
                        frames.append((fieldType, 0))
                        descended = true
                        break
                    }
                }
                if descended { continue }
                // Done with this input object: leave it (and the field that led here).
                pathIndexByTypeName[frame.input.name] = nil
                frames.removeLast()
                if !frames.isEmpty { fieldPath.removeLast() }
            }
        }
    }
}
