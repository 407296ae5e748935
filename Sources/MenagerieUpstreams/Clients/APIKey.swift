import Upstreams

/// A secret API key. Its descriptions never show the value, so it cannot leak
/// into logs, error messages or debug output.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key itself; only the transport header should read it.
    public let value: String

    /// Wraps a key; nil for an empty or blank one.
    public init?(_ value: String?) {
        guard let value, !value.trimmingSpaces.isEmpty else { return nil }
        self.value = value.trimmingSpaces
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "APIKey(<redacted>)" }
}
