extension ValidationRule {
    /// Every fragment is used by some operation.
    public static let noUnusedFragments = ValidationRule(name: "NoUnusedFragmentsRule") {
        NoUnusedFragmentsRule(context: $0)
    }
}

/// Reports, at the end of the document, fragments no operation uses.
final class NoUnusedFragmentsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation, .enterFragmentDefinition, .leaveDocument]
    private var operations: [OperationDefinition] = []
    private var fragments: [FragmentDefinition] = []

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) { operations.append(node) }

    func enterFragmentDefinition(_ node: FragmentDefinition) { fragments.append(node) }

    func leaveDocument(_ node: Document) {
        var used: Set<String> = []
        for operation in operations {
            for fragment in context.recursivelyReferencedFragments(of: operation) { used.insert(fragment.name.value) }
        }
        for fragment in fragments where !used.contains(fragment.name.value) {
            context.report("Fragment \"\(fragment.name.value)\" is never used.", node: fragment.loc)
        }
    }
}
