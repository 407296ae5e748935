extension ValidationRule {
    /// An input object literal gives each field at most once.
    public static let uniqueInputFieldNames = ValidationRule(name: "UniqueInputFieldNamesRule") {
        UniqueInputFieldNamesRule(context: $0)
    }
}

/// Reports repeated field names within one input object literal.
final class UniqueInputFieldNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterObjectValue, .leaveObjectValue, .enterObjectField]
    private var stack: [[String: Name]] = []
    private var known: [String: Name] = [:]

    init(context: ValidationContext) { self.context = context }

    func enterObjectValue(_ node: ObjectValue) {
        stack.append(known)
        known = [:]
    }

    func leaveObjectValue(_ node: ObjectValue) {
        known = stack.popLast() ?? [:]
    }

    func enterObjectField(_ node: ObjectField) {
        let name = node.name.value
        if let first = known[name] {
            context.report("There can be only one input field named \"\(name)\".", nodes: [first.loc, node.name.loc])
        } else {
            known[name] = node.name
        }
    }
}
