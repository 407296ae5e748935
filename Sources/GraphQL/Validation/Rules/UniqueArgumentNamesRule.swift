extension ValidationRule {
    /// A field or directive gets each argument at most once.
    public static let uniqueArgumentNames = ValidationRule(name: "UniqueArgumentNamesRule") {
        UniqueArgumentNamesRule(context: $0)
    }
}

/// Reports each argument name given more than once to one field or directive.
final class UniqueArgumentNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterField, .enterDirective]

    init(context: ValidationContext) { self.context = context }

    func enterField(_ node: Field) { check(node.arguments) }

    func enterDirective(_ node: Directive, location: DirectiveLocation) { check(node.arguments) }

    private func check(_ arguments: [Argument]) {
        guard arguments.count > 1 else { return }
        var order: [String] = []
        var groups: [String: [Argument]] = [:]
        for argument in arguments {
            let name = argument.name.value
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(argument)
        }
        for name in order {
            guard let group = groups[name], group.count > 1 else { continue }
            context.report("There can be only one argument named \"\(name)\".", nodes: group.map(\.name.loc))
        }
    }
}
