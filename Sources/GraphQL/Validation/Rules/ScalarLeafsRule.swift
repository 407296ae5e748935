extension ValidationRule {
    /// Leaf fields have no selection set; composite fields have one.
    public static let scalarLeafs = ValidationRule(name: "ScalarLeafsRule") { ScalarLeafsRule(context: $0) }
}

/// Reports selections on scalar/enum fields and missing selections on composite fields.
final class ScalarLeafsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterField]

    init(context: ValidationContext) { self.context = context }

    func enterField(_ node: Field) {
        guard let type = context.type else { return }
        let fieldName = node.name.value
        if type.namedType.isLeafType {
            if let selectionSet = node.selectionSet {
                context.report(
                    "Field \"\(fieldName)\" must not have a selection since type \"\(type)\" has no subfields.",
                    node: selectionSet.loc)
            }
        } else if let selectionSet = node.selectionSet {
            if selectionSet.selections.isEmpty {
                context.report(
                    "Field \"\(fieldName)\" of type \"\(type)\" must have at least one field selected.",
                    node: node.loc)
            }
        } else {
            let suggestion = context.options.suggestions ? " Did you mean \"\(fieldName) { ... }\"?" : ""
            context.report(
                "Field \"\(fieldName)\" of type \"\(type)\" must have a selection of subfields." + suggestion,
                node: node.loc)
        }
    }
}
