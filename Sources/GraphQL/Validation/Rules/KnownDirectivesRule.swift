extension ValidationRule {
    /// Directives are defined and used only at their declared locations.
    public static let knownDirectives = ValidationRule(name: "KnownDirectivesRule") {
        KnownDirectivesRule(context: $0)
    }
}

/// Reports unknown directives and directives at locations they do not allow.
/// Directives defined in the document itself count as known.
final class KnownDirectivesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterDirective]
    private var documentDirectives: [String: [String]] = [:]

    init(context: ValidationContext) {
        self.context = context
        for case .directive(let definition) in context.document.definitions {
            documentDirectives[definition.name.value] = definition.locations.map(\.value)
        }
    }

    func enterDirective(_ node: Directive, location: DirectiveLocation) {
        let name = node.name.value
        let allowed: Bool
        if let locations = documentDirectives[name] {
            allowed = locations.contains(location.rawValue)
        } else if let directive = context.schema.directive(named: name) {
            allowed = directive.locations.contains(location)
        } else {
            context.report("Unknown directive \"@\(name)\".", node: node.loc)
            return
        }
        if !allowed {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", node: node.loc)
        }
    }
}
