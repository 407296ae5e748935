extension ValidationRule {
    /// A document to execute holds only operations and fragments.
    public static let executableDefinitions = ValidationRule(name: "ExecutableDefinitionsRule") {
        ExecutableDefinitionsRule(context: $0)
    }
}

/// Reports every type-system definition or extension in an executable document.
final class ExecutableDefinitionsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterDocument]

    init(context: ValidationContext) { self.context = context }

    func enterDocument(_ node: Document) {
        for definition in node.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .schema, .schemaExtension: name = "schema"
            default: name = "\"" + (definition.name?.value ?? "") + "\""
            }
            context.report("The \(name) definition is not executable.", node: definition.loc)
        }
    }
}
