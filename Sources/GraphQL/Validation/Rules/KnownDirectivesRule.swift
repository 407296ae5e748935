extension ValidationRule {
    /// Directives are defined and used only at their declared locations.
    public static let knownDirectives = ValidationRule(name: "KnownDirectivesRule") {
        KnownDirectivesRule(context: $0)
    }
}

/// Reports unknown directives and directives at locations they do not allow.
/// Directives defined in the document itself count as known.
///
/// With ``ValidationOptions/collapsesRepeatedDirectives``, a name repeated on one node is
/// reported once, with the location of each of its uses there.
final class KnownDirectivesRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks
    private var documentDirectives: [String: [String]] = [:]
    /// Collapsing: the locations of each directive name on the node being walked.
    private var uses: [String: [Location?]] = [:]
    /// Collapsing: the names already reported on the node being walked.
    private var reported: Set<String> = []

    init(context: ValidationContext) {
        self.context = context
        hooks = context.options.collapsesRepeatedDirectives ? [.enterDirectives, .enterDirective] : [.enterDirective]
        for case .directive(let definition) in context.document.definitions {
            documentDirectives[definition.name.value] = definition.locations.map(\.value)
        }
    }

    func enterDirectives(_ nodes: [Directive], location: DirectiveLocation) {
        uses = [:]
        reported = []
        for node in nodes { uses[node.name.value, default: []].append(node.loc) }
    }

    func enterDirective(_ node: Directive, location: DirectiveLocation) {
        let name = node.name.value
        let allowed: Bool
        if let locations = documentDirectives[name] {
            allowed = locations.contains(location.rawValue)
        } else if let directive = context.schema.directive(named: name) {
            allowed = directive.locations.contains(location)
        } else {
            report("Unknown directive \"@\(name)\".", node)
            return
        }
        if !allowed {
            report("Directive \"@\(name)\" may not be used on \(location.rawValue).", node)
        }
    }

    private func report(_ message: String, _ node: Directive) {
        guard context.options.collapsesRepeatedDirectives else {
            context.report(message, node: node.loc)
            return
        }
        let name = node.name.value
        guard reported.insert(name).inserted else { return }
        context.report(message, nodes: uses[name] ?? [node.loc])
    }
}
