/// Limits and switches for ``parse(_:options:)`` and its siblings.
public struct ParseOptions: Sendable, Hashable {
    /// The most tokens a document may have (comments excluded); more is a
    /// syntax error "Document contains more than N tokens. Parsing aborted.".
    public var maxTokens: Int
    /// The deepest nesting (selection sets, lists, objects, type wrappers) a
    /// document may have; deeper is a syntax error, never a stack overflow.
    public var maxDepth: Int
    /// When true, nodes get no `loc` (parsing is a little faster).
    public var noLocation: Bool

    /// Options with the defaults for requests: 15,000 tokens, depth 500, locations kept.
    public init(maxTokens: Int = 15_000, maxDepth: Int = 500, noLocation: Bool = false) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
        self.noLocation = noLocation
    }

    /// For trusted SDL (the served schema, large schemas like GitHub's): no
    /// token limit; the depth limit stays, to keep the stack safe.
    public static let unlimited = ParseOptions(maxTokens: .max, maxDepth: 500)
}
