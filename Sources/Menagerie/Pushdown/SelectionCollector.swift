import GraphQL
import JSON

/// Reads the client's selection sets the way the executor will run them:
/// fragments spread and inlined where their type condition applies, fields
/// dropped by `@skip` / `@include` (with the request's variables) left out.
struct SelectionCollector {
    let fragments: [String: FragmentDefinition]
    let variables: [String: JSONValue]

    init(_ info: ResolveInfo) {
        fragments = info.fragments
        variables = info.variableValues
    }

    /// The fields selected in `sets` on an object of one of `typeNames` (its type and its interfaces).
    func fields(in sets: [SelectionSet], on typeNames: Set<String>) -> [Field] {
        var result: [Field] = []
        var visited: Set<String> = []
        for set in sets { collect(set, typeNames, &result, &visited) }
        return result
    }

    /// The selection sets of the fields named `name` among `fields`.
    func subsets(of fields: [Field], named name: String) -> [SelectionSet] {
        fields.filter { $0.name.value == name }.compactMap(\.selectionSet)
    }

    /// The sub-fields of the fields named `name` among `fields`, on an object of one of `typeNames`.
    func subfields(of fields: [Field], named name: String, on typeNames: Set<String>) -> [Field] {
        self.fields(in: subsets(of: fields, named: name), on: typeNames)
    }

    private func collect(_ set: SelectionSet, _ typeNames: Set<String>, _ result: inout [Field], _ visited: inout Set<String>) {
        for selection in set.selections where isIncluded(selection.directives) {
            switch selection {
            case .field(let field):
                result.append(field)
            case .inlineFragment(let fragment):
                if let condition = fragment.typeCondition, !typeNames.contains(condition.name.value) { continue }
                collect(fragment.selectionSet, typeNames, &result, &visited)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), let definition = fragments[name],
                      typeNames.contains(definition.typeCondition.name.value) else { continue }
                visited.insert(name)
                collect(definition.selectionSet, typeNames, &result, &visited)
            }
        }
    }

    /// Whether `@skip` / `@include` keep a selection.
    func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include" else { continue }
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            let condition = boolean(argument.value)
            if name == "skip", condition == true { return false }
            if name == "include", condition == false { return false }
        }
        return true
    }

    private func boolean(_ value: Value) -> Bool? {
        switch value {
        case .boolean(let literal): return literal.value
        case .variable(let variable): return variables[variable.name.value]?.boolValue
        default: return nil
        }
    }
}
