extension ValidationRule {
    /// Arguments of fields and directives are defined by them.
    public static let knownArgumentNames = ValidationRule(name: "KnownArgumentNamesRule") {
        KnownArgumentNamesRule(context: $0)
    }
}

/// Reports unknown arguments, suggesting similar argument names.
final class KnownArgumentNamesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterDirective, .leaveDirective, .enterArgument]
    private var documentDirectiveArgs: [String: [String]] = [:]

    init(context: ValidationContext) {
        self.context = context
        for case .directive(let definition) in context.document.definitions {
            documentDirectiveArgs[definition.name.value] = definition.arguments.map(\.name.value)
        }
    }

    func enterDirective(_ node: Directive, location: DirectiveLocation) {
        isInDirective = true
        guard !node.arguments.isEmpty else { return }
        let name = node.name.value
        let known: [String]
        if let args = documentDirectiveArgs[name] {
            known = args
        } else if let directive = context.schema.directive(named: name) {
            known = directive.args.map(\.name)
        } else {
            return
        }
        for argument in node.arguments where !known.contains(argument.name.value) {
            context.report(
                "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
                    + context.didYouMean { suggestionList(argument.name.value, known) }, node: argument.loc)
        }
    }

    func enterArgument(_ node: Argument) {
        // Directive arguments were checked with their directive.
        guard !isInDirective else { return }
        guard context.argument == nil, let fieldDef = context.fieldDef, let parentType = context.parentType else {
            return
        }
        let name = node.name.value
        context.report(
            "Unknown argument \"\(name)\" on field \"\(parentType.name).\(fieldDef.name)\"."
                + context.didYouMean { suggestionList(name, fieldDef.args.map(\.name)) }, node: node.loc)
    }

    func leaveDirective(_ node: Directive) { isInDirective = false }

    private var isInDirective = false
}
