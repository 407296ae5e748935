/// Whether a literal is valid for a scalar or enum type, with graphql-js's
/// `parseLiteral` error messages.
enum LeafLiteral {
    enum Outcome {
        /// The literal is accepted.
        case valid
        /// Rejected with this message (reported at the literal).
        case invalid(String)
    }

    /// Checks `value` against the leaf `type`; with `suggestions` off, enum messages stop before
    /// graphql-js's " Did you mean the enum value …?".
    static func check(_ value: Value, against type: GraphQLNamedType, suggestions: Bool = true) -> Outcome {
        switch type {
        case .enum(let enumType):
            guard case .enumValue(let node) = value else {
                let text = ValuePrinter.print(value)
                return .invalid(
                    "Enum \"\(enumType.name)\" cannot represent non-enum value: \(text)."
                        + (suggestions ? didYouMeanEnumValue(enumType, text) : ""))
            }
            if enumType.value(named: node.value) == nil {
                return .invalid(
                    "Value \"\(node.value)\" does not exist in \"\(enumType.name)\" enum."
                        + (suggestions ? didYouMeanEnumValue(enumType, node.value) : ""))
            }
            return .valid
        case .scalar(let scalar):
            guard scalar.isSpecified else { return .valid }
            switch scalar.name {
            case "Int":
                guard case .int(let node) = value else {
                    return .invalid("Int cannot represent non-integer value: \(ValuePrinter.print(value))")
                }
                if Int32(node.value) == nil {
                    return .invalid("Int cannot represent non 32-bit signed integer value: \(node.value)")
                }
                return .valid
            case "Float":
                switch value {
                case .int, .float: return .valid
                default: return .invalid("Float cannot represent non numeric value: \(ValuePrinter.print(value))")
                }
            case "String":
                if case .string = value { return .valid }
                return .invalid("String cannot represent a non string value: \(ValuePrinter.print(value))")
            case "Boolean":
                if case .boolean = value { return .valid }
                return .invalid("Boolean cannot represent a non boolean value: \(ValuePrinter.print(value))")
            case "ID":
                switch value {
                case .string, .int: return .valid
                default:
                    return .invalid(
                        "ID cannot represent a non-string and non-integer value: \(ValuePrinter.print(value))")
                }
            default:
                return .valid
            }
        default:
            return .valid
        }
    }

    private static func didYouMeanEnumValue(_ type: GraphQLEnumType, _ text: String) -> String {
        didYouMean("the enum value", suggestionList(text, type.values.map(\.name)))
    }
}
