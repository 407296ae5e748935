extension ValidationRule {
    /// `@defer` and `@stream` labels are static strings, unique in the document (graphql-js 17
    /// `DeferStreamDirectiveLabel`). A no-op when the schema declares neither directive.
    public static let deferStreamDirectiveLabel = ValidationRule(name: "DeferStreamDirectiveLabel") {
        DeferStreamDirectiveLabelRule(context: $0)
    }
}

/// Reports a `label` of `@defer`/`@stream` that is not a string literal, or that another
/// `@defer`/`@stream` of the document already uses.
final class DeferStreamDirectiveLabelRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks
    private var knownLabels: [String: Location?] = [:]

    init(context: ValidationContext) {
        self.context = context
        hooks = context.schema.declaresIncrementalDirectives ? [.enterDirective] : []
    }

    func enterDirective(_ node: Directive, location: DirectiveLocation) {
        let name = node.name.value
        guard name == "defer" || name == "stream",
            let label = node.arguments.first(where: { $0.name.value == "label" })
        else { return }
        switch label.value {
        case .null:
            return
        case .string(let string):
            if let known = knownLabels[string.value] {
                context.report("Defer/Stream directive label argument must be unique.", nodes: [known, node.loc])
            } else {
                knownLabels[string.value] = node.loc
            }
        default:
            let directive = name == "defer" ? "Defer" : "Stream"
            context.report("\(directive) directive label argument must be a static string.", node: node.loc)
        }
    }
}

extension GraphQLSchema {
    /// Whether the schema declares `@defer` or `@stream` (the incremental delivery rules and
    /// execution apply only then).
    var declaresIncrementalDirectives: Bool {
        directive(named: "defer") != nil || directive(named: "stream") != nil
    }
}
