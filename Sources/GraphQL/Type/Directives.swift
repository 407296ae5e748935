/// A directive a schema declares: a built-in one (`@include`, `@skip`,
/// `@deprecated`, `@specifiedBy`, `@oneOf`) or a custom one from SDL.
///
/// Immutable once its schema is built (see `NamedTypes.swift`).
public final class GraphQLDirective {
    /// The name, without `@`.
    public let name: String
    /// The directive's description.
    public internal(set) var description: String?
    /// Where it may be used.
    public internal(set) var locations: [DirectiveLocation]
    /// The arguments, in SDL order.
    public internal(set) var args: [GraphQLArgument]
    /// Whether it may be used more than once at one location.
    public internal(set) var isRepeatable: Bool
    /// The SDL definition it was built from, if any.
    public internal(set) var astNode: DirectiveDefinition?
    /// True for the directives of the specification.
    public let isSpecified: Bool

    /// A directive definition.
    public init(
        name: String, description: String? = nil, locations: [DirectiveLocation], args: [GraphQLArgument] = [],
        isRepeatable: Bool = false, astNode: DirectiveDefinition? = nil
    ) {
        self.name = name
        self.description = description
        self.locations = locations
        self.args = args
        self.isRepeatable = isRepeatable
        self.astNode = astNode
        self.isSpecified = false
    }

    init(specified name: String, description: String, locations: [DirectiveLocation], args: [GraphQLArgument]) {
        self.name = name
        self.description = description
        self.locations = locations
        self.args = args
        for index in self.args.indices { self.args[index].resolveDefaultValue() }
        self.isRepeatable = false
        self.isSpecified = true
    }

    /// An argument by name.
    @inlinable public func argument(named name: String) -> GraphQLArgument? {
        for arg in args where arg.name == name { return arg }
        return nil
    }

    /// `@include(if: Boolean!)`.
    public static let include = GraphQLDirective(
        specified: "include",
        description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
        locations: [.field, .fragmentSpread, .inlineFragment],
        args: [
            GraphQLArgument(name: "if", type: .nonNull(.named(.scalar(.boolean))), description: "Included when true.")
        ])

    /// `@skip(if: Boolean!)`.
    public static let skip = GraphQLDirective(
        specified: "skip",
        description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
        locations: [.field, .fragmentSpread, .inlineFragment],
        args: [
            GraphQLArgument(name: "if", type: .nonNull(.named(.scalar(.boolean))), description: "Skipped when true.")
        ])

    /// The reason `@deprecated` gives when none is written.
    public static let defaultDeprecationReason = "No longer supported"

    /// `@deprecated(reason: String! = "No longer supported")` (the reason is non-null since the
    /// September 2025 spec, as in graphql-js 17; graphql-js 16 has `String`).
    public static let deprecated = GraphQLDirective(
        specified: "deprecated",
        description: "Marks an element of a GraphQL schema as no longer supported.",
        locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue],
        args: [
            GraphQLArgument(
                name: "reason", type: .nonNull(.named(.scalar(.string))),
                description:
                    "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
                defaultValue: .string(StringValue(value: defaultDeprecationReason)))
        ])

    /// `@specifiedBy(url: String!)`.
    public static let specifiedBy = GraphQLDirective(
        specified: "specifiedBy",
        description: "Exposes a URL that specifies the behavior of this scalar.",
        locations: [.scalar],
        args: [
            GraphQLArgument(
                name: "url", type: .nonNull(.named(.scalar(.string))),
                description: "The URL that specifies the behavior of this scalar.")
        ])

    /// `@oneOf`.
    public static let oneOf = GraphQLDirective(
        specified: "oneOf",
        description: "Indicates exactly one field must be supplied and this field must not be `null`.",
        locations: [.inputObject],
        args: [])

    /// The directives of the specification, in graphql-js's order.
    public static let specifiedDirectives: [GraphQLDirective] = [include, skip, deprecated, specifiedBy, oneOf]

    /// True when `name` is the name of a directive of the specification.
    public static func isSpecifiedDirectiveName(_ name: String) -> Bool {
        name == "include" || name == "skip" || name == "deprecated" || name == "specifiedBy" || name == "oneOf"
    }
}

extension DirectiveLocation {
    /// True for the locations in executable documents (`QUERY` ... `VARIABLE_DEFINITION`).
    public var isExecutable: Bool {
        switch self {
        case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
            .inlineFragment, .variableDefinition:
            return true
        default: return false
        }
    }
}
