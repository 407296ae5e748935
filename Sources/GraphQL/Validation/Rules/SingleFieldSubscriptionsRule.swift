extension ValidationRule {
    /// A subscription selects exactly one root field, not an introspection field, and uses no
    /// `@skip` or `@include` in its top level selection (September 2025 spec).
    public static let singleFieldSubscriptions = ValidationRule(name: "SingleFieldSubscriptionsRule") {
        SingleFieldSubscriptionsRule(context: $0)
    }
}

/// Collects a subscription's root fields as execution would (fragments followed) and reports
/// `@skip` and `@include` in the top level selection (the September 2025 spec's "Single Root
/// Field": then nothing else), else extra fields and introspection fields, with graphql-js 17's
/// messages. A selection with either directive is left out of the collection, as graphql-js 17's
/// `collectFields` leaves it out when it forbids them.
final class SingleFieldSubscriptionsRule: ValidationRuleVisitor {
    let context: ValidationContext
    let hooks: ValidationHooks = [.enterOperation]

    init(context: ValidationContext) { self.context = context }

    func enterOperation(_ node: OperationDefinition) {
        guard node.operation == .subscription, let subscriptionType = context.schema.subscriptionType else { return }
        var keys: [String] = []
        var groups: [String: [Field]] = [:]
        var visited: Set<String> = []
        var forbidden: [Directive] = []
        collect(
            node.selectionSet, type: subscriptionType, keys: &keys, groups: &groups, visited: &visited,
            forbidden: &forbidden)
        let name = node.name?.value
        if !forbidden.isEmpty {
            context.report(
                name.map {
                    "Subscription \"\($0)\" must not use `@skip` or `@include` directives in the top level selection."
                } ?? "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
                nodes: forbidden.map(\.loc))
            return
        }
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
        groups: inout [String: [Field]], visited: inout Set<String>, forbidden: inout [Directive]
    ) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                guard Self.isAllowed(field.directives, forbidden: &forbidden) else { continue }
                let key = field.responseKey
                if groups[key] == nil { keys.append(key); groups[key] = [field] } else { groups[key]?.append(field) }
            case .inlineFragment(let inline):
                guard Self.isAllowed(inline.directives, forbidden: &forbidden),
                    conditionMatches(inline.typeCondition, type)
                else { continue }
                collect(
                    inline.selectionSet, type: type, keys: &keys, groups: &groups, visited: &visited,
                    forbidden: &forbidden)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), Self.isAllowed(spread.directives, forbidden: &forbidden) else {
                    continue
                }
                visited.insert(name)
                guard let fragment = context.fragment(named: name),
                    conditionMatches(fragment.typeCondition, type)
                else { continue }
                collect(
                    fragment.selectionSet, type: type, keys: &keys, groups: &groups, visited: &visited,
                    forbidden: &forbidden)
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

    /// Whether a selection with `directives` is collected: not when it has `@skip` or `@include`,
    /// which go to `forbidden` instead (`@skip` alone when it has both, as graphql-js 17 checks
    /// `@skip` first).
    static func isAllowed(_ directives: [Directive], forbidden: inout [Directive]) -> Bool {
        if let skip = directives.first(where: { $0.name.value == "skip" }) {
            forbidden.append(skip)
            return false
        }
        if let include = directives.first(where: { $0.name.value == "include" }) {
            forbidden.append(include)
            return false
        }
        return true
    }
}
