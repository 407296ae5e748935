extension ValidationRule {
    /// A subscription selects exactly one root field, not an introspection field.
    public static let singleFieldSubscriptions = ValidationRule(name: "SingleFieldSubscriptionsRule") {
        SingleFieldSubscriptionsRule(context: $0)
    }
}

/// Collects a subscription's root fields as execution would (fragments
/// followed, `@skip`/`@include` with literal conditions applied) and reports
/// extra fields and introspection fields.
final class SingleFieldSubscriptionsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) {
        guard node.operation == .subscription, let subscriptionType = context.schema.subscriptionType else { return }
        var keys: [String] = []
        var groups: [String: [Field]] = [:]
        var visited: Set<String> = []
        collect(node.selectionSet, type: subscriptionType, keys: &keys, groups: &groups, visited: &visited)
        let name = node.name?.value
        if keys.count > 1 {
            let extra = keys.dropFirst().flatMap { groups[$0] ?? [] }
            context.report(
                name.map { "Subscription \"\($0)\" must select only one top level field." }
                    ?? "Anonymous Subscription must select only one top level field.",
                nodes: extra.map(\.loc))
        }
        for key in keys {
            guard let fields = groups[key], let first = fields.first else { continue }
            if first.name.value.hasPrefix("__") {
                context.report(
                    name.map { "Subscription \"\($0)\" must not select an introspection top level field." }
                        ?? "Anonymous Subscription must not select an introspection top level field.",
                    nodes: fields.map(\.loc))
            }
        }
    }

    private func collect(
        _ set: SelectionSet, type: GraphQLObjectType, keys: inout [String],
        groups: inout [String: [Field]], visited: inout Set<String>
    ) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                guard Self.shouldInclude(field.directives) else { continue }
                let key = field.responseKey
                if groups[key] == nil { keys.append(key); groups[key] = [field] } else { groups[key]?.append(field) }
            case .inlineFragment(let inline):
                guard Self.shouldInclude(inline.directives), conditionMatches(inline.typeCondition, type) else {
                    continue
                }
                collect(inline.selectionSet, type: type, keys: &keys, groups: &groups, visited: &visited)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), Self.shouldInclude(spread.directives) else { continue }
                visited.insert(name)
                guard let fragment = context.fragment(named: name),
                    conditionMatches(fragment.typeCondition, type)
                else { continue }
                collect(fragment.selectionSet, type: type, keys: &keys, groups: &groups, visited: &visited)
            }
        }
    }

    private func conditionMatches(_ condition: NamedType?, _ type: GraphQLObjectType) -> Bool {
        guard let condition else { return true }
        guard let conditionType = context.namedType(condition) else { return false }
        if case .object(let object) = conditionType, object === type { return true }
        if conditionType.isAbstractType { return context.schema.isSubType(conditionType, .object(type)) }
        return false
    }

    /// `@skip(if: true)` and `@include(if: false)` exclude a selection (no variables are known here).
    static func shouldInclude(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            for argument in directive.arguments where argument.name.value == "if" {
                if case .boolean(let value) = argument.value {
                    if name == "skip" && value.value { return false }
                    if name == "include" && !value.value { return false }
                }
            }
        }
        return true
    }
}
