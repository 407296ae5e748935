extension ValidationRule {
    /// `@stream` only on list fields (graphql-js 17 `StreamDirectiveOnListField`). A no-op when
    /// the schema declares neither `@defer` nor `@stream`.
    public static let streamDirectiveOnListField = ValidationRule(name: "StreamDirectiveOnListField") {
        StreamDirectiveOnListFieldRule(context: $0)
    }
}

/// Reports `@stream` on a field whose type is not a list (`[T]` or `[T]!`).
final class StreamDirectiveOnListFieldRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks

    init(context: ValidationContext) {
        self.context = context
        hooks = context.schema.declaresIncrementalDirectives ? [.enterDirective] : []
    }

    func enterDirective(_ node: Directive, location: DirectiveLocation) {
        guard node.name.value == "stream", let field = context.fieldDef, let parentType = context.parentType else {
            return
        }
        if case .list = field.type.nullableType { return }
        context.report(
            "Stream directive cannot be used on non-list field \"\(field.name)\" on type \"\(parentType.name)\".",
            node: node.loc)
    }
}
