extension ValidationRule {
    /// Named type references (variable types, type conditions) name schema types.
    public static let knownTypeNames = ValidationRule(name: "KnownTypeNamesRule") {
        KnownTypeNamesRule(context: $0)
    }
}

/// Reports references to types neither the schema nor the document defines.
final class KnownTypeNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterNamedType]
    private var definedTypes: Set<String> = []

    /// The built-in scalars and introspection types (always known in SDL).
    static let standardTypeNames = [
        "String", "Int", "Float", "Boolean", "ID",
        "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field", "__InputValue", "__EnumValue",
        "__TypeKind"
    ]

    init(context: ValidationContext) {
        self.context = context
        for definition in context.document.definitions where definition.isTypeDefinition {
            if let name = definition.name { definedTypes.insert(name.value) }
        }
    }

    func enterNamedType(_ node: NamedType, inTypeSystemDefinition isSDL: Bool) {
        let typeName = node.name.value
        if context.schema.type(named: typeName) != nil || definedTypes.contains(typeName) { return }
        if isSDL && Self.standardTypeNames.contains(typeName) { return }
        let suggestion = context.didYouMean {
            var names = context.schema.types.map(\.name)
            names += definedTypes
            if isSDL { names = Self.standardTypeNames + names }
            return suggestionList(typeName, names)
        }
        context.report("Unknown type \"\(typeName)\"." + suggestion, node: node.loc)
    }
}
