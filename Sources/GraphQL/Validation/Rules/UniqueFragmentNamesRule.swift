extension ValidationRule {
    /// Fragment names are unique within a document.
    public static let uniqueFragmentNames = ValidationRule(name: "UniqueFragmentNamesRule") {
        UniqueFragmentNamesRule(context: $0)
    }
}

/// Reports a second fragment with an already used name.
final class UniqueFragmentNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterFragmentDefinition]
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterFragmentDefinition(_ node: FragmentDefinition) {
        let name = node.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", nodes: [first.loc, name.loc])
        } else {
            known[name.value] = name
        }
    }
}
