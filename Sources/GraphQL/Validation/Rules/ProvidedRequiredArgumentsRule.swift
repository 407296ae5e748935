extension ValidationRule {
    /// Required arguments (non-null, no default) of fields and directives are given.
    public static let providedRequiredArguments = ValidationRule(name: "ProvidedRequiredArgumentsRule") {
        ProvidedRequiredArgumentsRule(context: $0)
    }
}

/// Reports, when leaving a field or directive, each required argument it lacks.
final class ProvidedRequiredArgumentsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.leaveField, .leaveDirective]
    /// Required arguments of directives defined in the document: name and printed type.
    private var documentDirectives: [String: [(name: String, type: String)]] = [:]

    init(context: ValidationContext) {
        self.context = context
        for case .directive(let definition) in context.document.definitions {
            documentDirectives[definition.name.value] = definition.arguments
                .filter { $0.type.isNonNullNode && $0.defaultValue == nil }
                .map { (name: $0.name.value, type: ValuePrinter.print($0.type)) }
        }
    }

    func leaveField(_ node: Field) {
        guard let fieldDef = context.fieldDef else { return }
        for argument in fieldDef.args where argument.isRequired {
            if node.arguments.contains(where: { $0.name.value == argument.name }) { continue }
            context.report(
                "Field \"\(fieldDef.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                node: node.loc)
        }
    }

    func leaveDirective(_ node: Directive) {
        let name = node.name.value
        let required: [(name: String, type: String)]
        if let fromDocument = documentDirectives[name] {
            required = fromDocument
        } else if let directive = context.schema.directive(named: name) {
            required = directive.args.filter(\.isRequired).map { (name: $0.name, type: $0.type.description) }
        } else {
            return
        }
        for argument in required where !node.arguments.contains(where: { $0.name.value == argument.name }) {
            context.report(
                "Directive \"@\(name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided.",
                node: node.loc)
        }
    }
}
