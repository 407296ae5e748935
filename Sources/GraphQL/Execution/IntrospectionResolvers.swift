import JSON

/// Every field of the introspection types (and `__schema` / `__type`), resolved by the engine.
enum IntrospectionField: Sendable {
    case schemaMeta, typeMeta
    case schemaDescription, schemaTypes, schemaQueryType, schemaMutationType, schemaSubscriptionType, schemaDirectives
    case typeKind, typeName, typeDescription, typeSpecifiedByURL, typeFields, typeInterfaces, typePossibleTypes
    case typeEnumValues, typeInputFields, typeOfType, typeIsOneOf
    case fieldName, fieldDescription, fieldArgs, fieldType, fieldIsDeprecated, fieldDeprecationReason
    case inputName, inputDescription, inputType, inputDefaultValue, inputIsDeprecated, inputDeprecationReason
    case enumName, enumDescription, enumIsDeprecated, enumDeprecationReason
    case directiveName, directiveDescription, directiveIsRepeatable, directiveLocations, directiveArgs

    /// The introspection field `field` of the type named `parent`.
    init?(parent: String, field: GraphQLField) {
        if field === Introspection.schemaMetaField { self = .schemaMeta; return }
        if field === Introspection.typeMetaField { self = .typeMeta; return }
        switch (parent, field.name) {
        case ("__Schema", "description"): self = .schemaDescription
        case ("__Schema", "types"): self = .schemaTypes
        case ("__Schema", "queryType"): self = .schemaQueryType
        case ("__Schema", "mutationType"): self = .schemaMutationType
        case ("__Schema", "subscriptionType"): self = .schemaSubscriptionType
        case ("__Schema", "directives"): self = .schemaDirectives
        case ("__Type", "kind"): self = .typeKind
        case ("__Type", "name"): self = .typeName
        case ("__Type", "description"): self = .typeDescription
        case ("__Type", "specifiedByURL"): self = .typeSpecifiedByURL
        case ("__Type", "fields"): self = .typeFields
        case ("__Type", "interfaces"): self = .typeInterfaces
        case ("__Type", "possibleTypes"): self = .typePossibleTypes
        case ("__Type", "enumValues"): self = .typeEnumValues
        case ("__Type", "inputFields"): self = .typeInputFields
        case ("__Type", "ofType"): self = .typeOfType
        case ("__Type", "isOneOf"): self = .typeIsOneOf
        case ("__Field", "name"): self = .fieldName
        case ("__Field", "description"): self = .fieldDescription
        case ("__Field", "args"): self = .fieldArgs
        case ("__Field", "type"): self = .fieldType
        case ("__Field", "isDeprecated"): self = .fieldIsDeprecated
        case ("__Field", "deprecationReason"): self = .fieldDeprecationReason
        case ("__InputValue", "name"): self = .inputName
        case ("__InputValue", "description"): self = .inputDescription
        case ("__InputValue", "type"): self = .inputType
        case ("__InputValue", "defaultValue"): self = .inputDefaultValue
        case ("__InputValue", "isDeprecated"): self = .inputIsDeprecated
        case ("__InputValue", "deprecationReason"): self = .inputDeprecationReason
        case ("__EnumValue", "name"): self = .enumName
        case ("__EnumValue", "description"): self = .enumDescription
        case ("__EnumValue", "isDeprecated"): self = .enumIsDeprecated
        case ("__EnumValue", "deprecationReason"): self = .enumDeprecationReason
        case ("__Directive", "name"): self = .directiveName
        case ("__Directive", "description"): self = .directiveDescription
        case ("__Directive", "isRepeatable"): self = .directiveIsRepeatable
        case ("__Directive", "locations"): self = .directiveLocations
        case ("__Directive", "args"): self = .directiveArgs
        default: return nil
        }
    }
}

/// An argument or input field as `__InputValue` shows it (a reference: one allocation when it is
/// made, and its fields read in place when it is a source, not copied out of an existential box).
final class IntrospectedInputValue: Sendable {
    let name: String
    let description: String?
    let type: GraphQLType
    let defaultValue: Value?
    /// The default value as graphql-js prints it (coerced, then printed back), computed when the schema was built.
    let printedDefaultValue: String?
    let deprecationReason: String?

    init(_ value: GraphQLInputValue) {
        name = value.name
        description = value.description
        type = value.type
        defaultValue = value.defaultValue
        printedDefaultValue = value.printedDefaultValue
        deprecationReason = value.deprecationReason
    }
}

extension ExecutionContext {
    /// Resolves an introspection field on its source (the schema, a type, a field, ...).
    ///
    /// Each source is read as its type the way typed resolvers read theirs (``typedSource(_:as:)``:
    /// in place when the value is exactly that type held inline, a class reference or `GraphQLType`;
    /// a dynamic cast otherwise), not through a dynamic cast per field: W4 (the introspection query
    /// on GitHub's schema) +27% (docs/performance.md, "Speed as deployed, tenth pass"). A source of
    /// another kind (a misuse, not a user error) is a field error.
    func resolveIntrospection(
        _ kind: IntrospectionField, _ source: ResolvedValue,
        _ arguments: FieldArguments
    ) throws -> ResolvedValue {
        // Only `fields`, `args`, `enumValues` and `inputFields` take it: looked up only for them.
        var includeDeprecated: Bool {
            switch kind {
            case .typeFields, .typeEnumValues, .typeInputFields, .fieldArgs, .directiveArgs:
                arguments["includeDeprecated"]?.boolValue ?? false
            default: false
            }
        }
        switch kind {
        case .schemaMeta:
            return schema
        case .typeMeta:
            guard let name = arguments["name"]?.stringValue, let type = schema.type(named: name) else { return nil }
            return GraphQLType.named(type)
        case .schemaDescription, .schemaTypes, .schemaQueryType, .schemaMutationType, .schemaSubscriptionType,
            .schemaDirectives:
            let schema = try typedSource(source, as: GraphQLSchema.self)
            switch kind {
            case .schemaDescription: return schema.description
            case .schemaTypes: return schema.types.map { GraphQLType.named($0) as any Sendable }
            case .schemaQueryType: return schema.queryType.map { GraphQLType.named(.object($0)) }
            case .schemaMutationType: return schema.mutationType.map { GraphQLType.named(.object($0)) }
            case .schemaSubscriptionType: return schema.subscriptionType.map { GraphQLType.named(.object($0)) }
            default: return schema.directives.map { $0 as any Sendable }
            }
        case .typeKind, .typeName, .typeDescription, .typeSpecifiedByURL, .typeFields, .typeInterfaces,
            .typePossibleTypes, .typeEnumValues, .typeInputFields, .typeOfType, .typeIsOneOf:
            let type = try typedSource(source, as: GraphQLType.self)
            return resolveTypeField(kind, type, includeDeprecated: includeDeprecated)
        case .fieldName, .fieldDescription, .fieldArgs, .fieldType, .fieldIsDeprecated, .fieldDeprecationReason:
            let field = try typedSource(source, as: GraphQLField.self)
            switch kind {
            case .fieldName: return field.name
            case .fieldDescription: return field.description
            case .fieldArgs:
                var args: [any Sendable] = []
                args.reserveCapacity(field.args.count)
                for arg in field.args where includeDeprecated || arg.deprecationReason == nil {
                    args.append(IntrospectedInputValue(arg))
                }
                return args
            case .fieldType: return field.type
            case .fieldIsDeprecated: return field.deprecationReason != nil
            default: return field.deprecationReason
            }
        case .inputName, .inputDescription, .inputType, .inputDefaultValue, .inputIsDeprecated, .inputDeprecationReason:
            let input = try typedSource(source, as: IntrospectedInputValue.self)
            switch kind {
            case .inputName: return input.name
            case .inputDescription: return input.description
            case .inputType: return input.type
            case .inputDefaultValue:
                if let printed = input.printedDefaultValue { return printed }
                return input.defaultValue.map(\.printed)
            case .inputIsDeprecated: return input.deprecationReason != nil
            default: return input.deprecationReason
            }
        case .enumName, .enumDescription, .enumIsDeprecated, .enumDeprecationReason:
            let value = try typedSource(source, as: GraphQLEnumValue.self)
            switch kind {
            case .enumName: return value.name
            case .enumDescription: return value.description
            case .enumIsDeprecated: return value.deprecationReason != nil
            default: return value.deprecationReason
            }
        case .directiveName, .directiveDescription, .directiveIsRepeatable, .directiveLocations, .directiveArgs:
            let directive = try typedSource(source, as: GraphQLDirective.self)
            switch kind {
            case .directiveName: return directive.name
            case .directiveDescription: return directive.description
            case .directiveIsRepeatable: return directive.isRepeatable
            case .directiveLocations: return directive.locations.map { $0.rawValue as any Sendable }
            default:
                var args: [any Sendable] = []
                for arg in directive.args where includeDeprecated || arg.deprecationReason == nil {
                    args.append(IntrospectedInputValue(arg))
                }
                return args
            }
        }
    }

    private func resolveTypeField(
        _ kind: IntrospectionField, _ type: GraphQLType,
        includeDeprecated: Bool
    ) -> ResolvedValue {
        switch kind {
        case .typeKind: return type.kind.rawValue
        case .typeName:
            if case .named(let named) = type { return named.name }
            return nil
        case .typeDescription:
            if case .named(let named) = type { return named.typeDescription }
            return nil
        case .typeSpecifiedByURL:
            if case .named(.scalar(let scalar)) = type { return scalar.specifiedByURL }
            return nil
        case .typeFields:
            guard case .named(let named) = type else { return nil }
            let fields: [GraphQLField]
            switch named {
            case .object(let object): fields = object.fields
            case .interface(let interface): fields = interface.fields
            default: return nil
            }
            var result: [any Sendable] = []
            result.reserveCapacity(fields.count)
            for field in fields where includeDeprecated || field.deprecationReason == nil { result.append(field) }
            return result
        case .typeInterfaces:
            guard case .named(let named) = type else { return nil }
            switch named {
            case .object(let object): return object.interfaces.map { GraphQLType.named(.interface($0)) as any Sendable }
            case .interface(let interface):
                return interface.interfaces.map { GraphQLType.named(.interface($0)) as any Sendable }
            default: return nil
            }
        case .typePossibleTypes:
            guard case .named(let named) = type, named.isAbstractType else { return nil }
            return schema.possibleTypes(of: named).map { GraphQLType.named(.object($0)) as any Sendable }
        case .typeEnumValues:
            guard case .named(.enum(let enumType)) = type else { return nil }
            var result: [any Sendable] = []
            for value in enumType.values where includeDeprecated || value.deprecationReason == nil {
                result.append(value)
            }
            return result
        case .typeInputFields:
            guard case .named(.inputObject(let inputType)) = type else { return nil }
            var result: [any Sendable] = []
            for field in inputType.fields where includeDeprecated || field.deprecationReason == nil {
                result.append(IntrospectedInputValue(field))
            }
            return result
        case .typeOfType:
            switch type {
            case .list(let inner), .nonNull(let inner): return inner
            case .named: return nil
            }
        case .typeIsOneOf:
            if case .named(.inputObject(let inputType)) = type { return inputType.isOneOf }
            return nil
        default:
            return nil
        }
    }
}
