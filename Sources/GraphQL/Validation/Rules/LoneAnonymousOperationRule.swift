extension ValidationRule {
    /// An anonymous operation is the document's only operation.
    public static let loneAnonymousOperation = ValidationRule(name: "LoneAnonymousOperationRule") {
        LoneAnonymousOperationRule(context: $0)
    }
}

/// Reports anonymous operations in documents with more than one operation.
final class LoneAnonymousOperationRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterDocument, .enterOperation]
    private var operationCount = 0

    init(context: ValidationContext) { self.context = context }

    func enterDocument(_ node: Document) {
        operationCount = 0
        for case .operation in node.definitions { operationCount += 1 }
    }

    func enterOperation(_ node: OperationDefinition) {
        if node.name == nil && operationCount > 1 {
            context.report("This anonymous operation must be the only defined operation.", node: node.loc)
        }
    }
}
