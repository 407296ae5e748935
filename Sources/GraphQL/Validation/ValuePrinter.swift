/// Values and type references printed as graphql-js's `print` prints them (the
/// language layer's printer), for validation messages and for comparing arguments.
enum ValuePrinter {
    /// A value as GraphQL source: `"abc"`, `[1, 2]`, `{a: 1}`, `$var`.
    static func print(_ value: Value) -> String { value.printed }

    /// A type reference as written: `[Foo!]!`.
    static func print(_ type: TypeNode) -> String { type.printed }

    /// A value with object fields sorted by name at every level (graphql-js's
    /// `print(sortValueNode(value))`), to compare arguments.
    static func sortedPrint(_ value: Value) -> String {
        var out = ""
        writeSorted(value, to: &out)
        return out
    }

    private static func writeSorted(_ value: Value, to out: inout String) {
        switch value {
        case .list(let node):
            out += "["
            for (index, item) in node.values.enumerated() {
                if index > 0 { out += ", " }
                writeSorted(item, to: &out)
            }
            out += "]"
        case .object(let node):
            out += "{"
            let fields = node.fields.enumerated().sorted { lhs, rhs in
                let order = naturalCompare(lhs.element.name.value, rhs.element.name.value)
                return order != 0 ? order < 0 : lhs.offset < rhs.offset
            }
            for (index, field) in fields.enumerated() {
                if index > 0 { out += ", " }
                out += field.element.name.value + ": "
                writeSorted(field.element.value, to: &out)
            }
            out += "}"
        default:
            out += value.printed
        }
    }
}
