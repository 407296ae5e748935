/// The name of an upstream service, as the application calls it: what a pipeline
/// serves, what ``UpstreamError`` reports (`extensions.upstream` of field errors),
/// the `upstream` label of metrics and the shared cache's key part.
///
/// The toolkit knows no upstream: the application defines its names.
public struct UpstreamName: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name itself.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A name written as a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}
