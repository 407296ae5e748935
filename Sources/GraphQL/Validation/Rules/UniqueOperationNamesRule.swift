extension ValidationRule {
    /// Operation names are unique within a document.
    public static let uniqueOperationNames = ValidationRule(name: "UniqueOperationNamesRule") {
        UniqueOperationNamesRule(context: $0)
    }
}

/// Reports a second operation with an already used name.
final class UniqueOperationNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation]
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) {
        guard let name = node.name else { return }
        if let first = known[name.value] {
            context.report("There can be only one operation named \"\(name.value)\".", nodes: [first.loc, name.loc])
        } else {
            known[name.value] = name
        }
    }
}
