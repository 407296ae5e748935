extension GraphQLScalarType {
    /// `Int`: a signed 32-bit integer.
    public static let int = GraphQLScalarType(
        specified: "Int",
        description:
            "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1."
    )

    /// `Float`: a double-precision number.
    public static let float = GraphQLScalarType(
        specified: "Float",
        description:
            "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point)."
    )

    /// `String`: UTF-8 text.
    public static let string = GraphQLScalarType(
        specified: "String",
        description:
            "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text."
    )

    /// `Boolean`: `true` or `false`.
    public static let boolean = GraphQLScalarType(
        specified: "Boolean",
        description: "The `Boolean` scalar type represents `true` or `false`.")

    /// `ID`: a unique identifier, serialized as a string.
    public static let id = GraphQLScalarType(
        specified: "ID",
        description:
            "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID."
    )

    /// A built-in scalar by name.
    public static func specifiedScalar(named name: String) -> GraphQLScalarType? {
        switch name {
        case "Int": return int
        case "Float": return float
        case "String": return string
        case "Boolean": return boolean
        case "ID": return id
        default: return nil
        }
    }
}

/// The largest value of the `Int` scalar (2^31 - 1).
public let graphQLMaxInt = 2_147_483_647
/// The smallest value of the `Int` scalar (-2^31).
public let graphQLMinInt = -2_147_483_648
