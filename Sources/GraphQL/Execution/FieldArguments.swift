import JSON

/// The coerced arguments of a field, in argument-definition order.
///
/// An argument that was neither given nor has a default is absent
/// (`arguments["x"] == nil`); an explicit `null` is present as
/// ``JSONValue/null``. Enum values are their names (strings); input objects
/// are ``JSONObject``s.
public struct FieldArguments: Sendable, Hashable, Sequence {
    /// The arguments, in definition order.
    public var values: JSONObject

    /// Arguments from coerced values.
    public init(_ values: JSONObject = JSONObject()) {
        self.values = values
    }

    /// No arguments.
    public static let empty = FieldArguments()

    /// The argument named `name` (nil when absent).
    @inlinable public subscript(name: String) -> JSONValue? {
        values[name]
    }

    /// Whether the argument named `name` is present (possibly as an explicit null).
    public func contains(_ name: String) -> Bool { values[name] != nil }

    /// The argument as an integer (nil when absent, null or not an integer).
    public func int(_ name: String) -> Int? { values[name]?.intValue }
    /// The argument as a double (nil when absent, null or not a number).
    public func double(_ name: String) -> Double? { values[name]?.doubleValue }
    /// The argument as a string (also enum names and IDs).
    public func string(_ name: String) -> String? { values[name]?.stringValue }
    /// The argument as a Boolean.
    public func bool(_ name: String) -> Bool? { values[name]?.boolValue }

    /// The number of present arguments.
    public var count: Int { values.count }

    public func makeIterator() -> IndexingIterator<[JSONObject.Element]> { values.entries.makeIterator() }
}
