extension ValidationRule {
    /// No `@defer` or `@stream` directly on the root fields of a mutation or subscription
    /// (graphql-js 17 `DeferStreamDirectiveOnRootField`). A no-op
    /// when the schema declares neither directive.
    public static let deferStreamDirectiveOnRootField = ValidationRule(name: "DeferStreamDirectiveOnRootField") {
        DeferStreamDirectiveOnRootFieldRule(context: $0)
    }
}

/// Reports `@stream` on a root field and `@defer` on a fragment of the root type of a mutation or
/// subscription operation (through fragments, each fragment once per document once it is clean).
final class DeferStreamDirectiveOnRootFieldRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks
    private var checkedFragments: Set<String> = []

    init(context: ValidationContext) {
        self.context = context
        hooks = context.schema.declaresIncrementalDirectives ? [.enterOperation] : []
    }

    func enterOperation(_ node: OperationDefinition) {
        guard node.operation == .mutation || node.operation == .subscription,
            let rootType = context.schema.rootType(for: node.operation)
        else { return }
        var visited: Set<String> = []
        if forbid(node.operation, rootType.name, node.selectionSet, &visited) {
            checkedFragments.formUnion(visited)
        }
    }

    /// Reports the directives on the root type in `selectionSet`; true when there were none.
    private func forbid(
        _ operation: OperationType, _ rootTypeName: String, _ selectionSet: SelectionSet, _ visited: inout Set<String>
    ) -> Bool {
        var valid = true
        func report(_ directive: Directive, _ kind: String) {
            valid = false
            context.report(
                "\(kind) directive cannot be used on root \(operation.rawValue) type \"\(rootTypeName)\".",
                node: directive.loc)
        }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
                    report(stream, "Stream")
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name) else { continue }
                if let directive = spread.directives.first(where: { $0.name.value == "defer" }) {
                    report(directive, "Defer")
                }
                if !checkedFragments.contains(name) {
                    valid = forbid(operation, rootTypeName, fragment.selectionSet, &visited) && valid
                }
            case .inlineFragment(let fragment):
                if let directive = fragment.directives.first(where: { $0.name.value == "defer" }) {
                    report(directive, "Defer")
                }
                valid = forbid(operation, rootTypeName, fragment.selectionSet, &visited) && valid
            }
        }
        return valid
    }
}
