import JSON

/// An error of the GraphQL engine: a syntax error, a validation error or a
/// field error, shaped like graphql-js's `GraphQLError`.
///
/// `locations` are the 1-based line/column positions of the nodes concerned;
/// `path` is the response path of a field error.
public struct GraphQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, e.g. `Syntax Error: Expected Name, found "}".`
    public var message: String
    /// Where in the document the error is (empty when unknown).
    public var locations: [SourceLocation]
    /// The response path of a field error (nil for request errors).
    public var path: [PathComponent]?
    /// Extra information for clients, e.g. `["code": "BAD_USER_INPUT"]` (nil when none).
    public var extensions: JSONObject? = nil

    /// An error with a message and, optionally, locations, a path and extensions.
    public init(
        message: String, locations: [SourceLocation] = [], path: [PathComponent]? = nil,
        extensions: JSONObject? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// An error about the nodes whose ranges are `nodes`, in `source`.
    ///
    /// Each non-nil range contributes the line and column of its start.
    public init(message: String, nodes: [Location?], source: Source?, path: [PathComponent]? = nil) {
        var locations: [SourceLocation] = []
        if let source {
            // One node: one scan. More (a fragment cycle can name thousands): index the lines once.
            let starts = nodes.compactMap { $0?.start }
            if starts.count == 1 {
                locations = [source.location(at: starts[0])]
            } else if !starts.isEmpty {
                let locator = SourceLocator(source)
                locations = starts.map { locator.location(at: $0) }
            }
        }
        self.init(message: message, locations: locations, path: path)
    }

    /// An error at the UTF-8 byte offsets `positions` of `source`.
    public init(message: String, source: Source, positions: [Int], path: [PathComponent]? = nil) {
        self.init(message: message, locations: positions.map { source.location(at: $0) }, path: path)
    }

    /// A syntax error at the UTF-8 byte offset `position` of `source`:
    /// the message is "Syntax Error: " followed by `description`.
    public static func syntaxError(_ source: Source, at position: Int, _ description: String) -> GraphQLError {
        GraphQLError(message: "Syntax Error: " + description, locations: [source.location(at: position)])
    }

    /// The message, as graphql-js's `toString` starts.
    public var description: String { message }
}

/// One step of a response path: an object key or a list index.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }
}
