import JSON

extension ExecutionContext {
    /// A response key and the field selections merged under it.
    struct FieldGroup {
        var key: String
        var nodes: [Field]
    }

    /// CollectFields of the specification: the fields of `selectionSets` that
    /// apply to the object type `type`, grouped by response key in order of
    /// first appearance, honouring `@skip`, `@include`, fragment type
    /// conditions, and visiting each named fragment once.
    func collectFields(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) -> [FieldGroup] {
        var groups: [FieldGroup] = []
        var indexByKey: [String: Int] = [:]
        var visitedFragments: Set<String> = []
        for selectionSet in selectionSets {
            collect(type, selectionSet, &groups, &indexByKey, &visitedFragments)
        }
        return groups
    }

    private func collect(
        _ type: GraphQLObjectType, _ selectionSet: SelectionSet, _ groups: inout [FieldGroup],
        _ indexByKey: inout [String: Int], _ visitedFragments: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard shouldInclude(field.directives) else { continue }
                let key = field.responseKey
                if let index = indexByKey[key] {
                    groups[index].nodes.append(field)
                } else {
                    indexByKey[key] = groups.count
                    groups.append(FieldGroup(key: key, nodes: [field]))
                }
            case .inlineFragment(let fragment):
                guard shouldInclude(fragment.directives),
                    fragmentConditionMatches(fragment.typeCondition, type)
                else { continue }
                collect(type, fragment.selectionSet, &groups, &indexByKey, &visitedFragments)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visitedFragments.contains(name), shouldInclude(spread.directives) else { continue }
                visitedFragments.insert(name)
                guard let fragment = fragments[name],
                    fragmentConditionMatches(fragment.typeCondition, type)
                else { continue }
                collect(type, fragment.selectionSet, &groups, &indexByKey, &visitedFragments)
            }
        }
    }

    /// False when `@skip(if: true)` or `@include(if: false)` applies.
    func shouldInclude(_ directives: [Directive]) -> Bool {
        if directives.isEmpty { return true }
        for directive in directives {
            switch directive.name.value {
            case "skip":
                if conditionValue(directive) == true { return false }
            case "include":
                if conditionValue(directive) == false { return false }
            default:
                continue
            }
        }
        return true
    }

    private func conditionValue(_ directive: Directive) -> Bool? {
        guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return nil }
        switch argument.value {
        case .boolean(let boolean): return boolean.value
        case .variable(let variable): return variables[variable.name.value]?.boolValue
        default: return nil
        }
    }

    private func fragmentConditionMatches(_ condition: NamedType?, _ type: GraphQLObjectType) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == type.name { return true }
        guard let conditionType = schema.type(named: name) else { return false }
        switch conditionType {
        case .interface, .union: return schema.isSubType(conditionType, .object(type))
        default: return false
        }
    }
}
