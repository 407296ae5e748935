extension ValidationRule {
    /// Selected fields exist on their parent type.
    public static let fieldsOnCorrectType = ValidationRule(name: "FieldsOnCorrectTypeRule") {
        FieldsOnCorrectTypeRule(context: $0)
    }
}

/// Reports unknown fields, suggesting types to use an inline fragment on, or similar field names.
final class FieldsOnCorrectTypeRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterField]

    init(context: ValidationContext) { self.context = context }

    func enterField(_ node: Field) {
        guard let type = context.parentType, context.fieldDef == nil else { return }
        let fieldName = node.name.value
        var suggestion = context.didYouMean("to use an inline fragment on") { suggestedTypeNames(type, fieldName) }
        if suggestion.isEmpty {
            suggestion = context.didYouMean { suggestedFieldNames(type, fieldName) }
        }
        context.report("Cannot query field \"\(fieldName)\" on type \"\(type.name)\"." + suggestion, node: node.loc)
    }

    /// Implementations of an abstract type (and their interfaces) that have the
    /// field, most used first, then super types before subtypes, then by name.
    private func suggestedTypeNames(_ type: GraphQLNamedType, _ fieldName: String) -> [String] {
        guard type.isAbstractType else { return [] }
        let schema = context.schema
        var suggested: [GraphQLNamedType] = []
        var seen: Set<String> = []
        var usageCount: [String: Int] = [:]
        for possible in schema.possibleTypes(of: type) {
            guard possible.field(named: fieldName) != nil else { continue }
            if seen.insert(possible.name).inserted { suggested.append(.object(possible)) }
            usageCount[possible.name] = 1
            for interface in possible.interfaces {
                guard interface.field(named: fieldName) != nil else { continue }
                if seen.insert(interface.name).inserted { suggested.append(.interface(interface)) }
                usageCount[interface.name, default: 0] += 1
            }
        }
        // The comparison is not a total order, so sort as V8 does for short arrays:
        // a binary insertion sort, which graphql-js's output depends on.
        let sorted = ValidationSuggestions.javaScriptSort(suggested) { a, b in
            let diff = (usageCount[b.name] ?? 0) - (usageCount[a.name] ?? 0)
            if diff != 0 { return diff }
            if case .interface = a, schema.isSubType(a, b) { return -1 }
            if case .interface = b, schema.isSubType(b, a) { return 1 }
            return naturalCompare(a.name, b.name)
        }
        return sorted.map(\.name)
    }

    private func suggestedFieldNames(_ type: GraphQLNamedType, _ fieldName: String) -> [String] {
        switch type {
        case .object, .interface: return suggestionList(fieldName, type.fields.map(\.name))
        default: return []
        }
    }
}
