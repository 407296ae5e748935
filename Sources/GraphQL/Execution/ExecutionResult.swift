import JSON

/// The result of executing a request: `data` and `errors`, as the
/// specification's response map.
public struct ExecutionResult: Sendable, Equatable {
    /// The data: nil when the request failed before execution (no `data`
    /// entry), ``JSONValue/null`` when a null propagated to the root.
    public var data: JSONValue?
    /// The request or field errors, in the order they happened.
    public var errors: [GraphQLError]
    /// Extra response information (`extensions`), if any.
    public var extensions: JSONObject?

    /// A result of `data` and `errors`.
    public init(data: JSONValue?, errors: [GraphQLError] = [], extensions: JSONObject? = nil) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }

    /// A request error: no data, the errors.
    public static func requestError(_ errors: [GraphQLError]) -> ExecutionResult {
        ExecutionResult(data: nil, errors: errors)
    }

    /// The result of an execution whose work failed where it cannot (its fields catch their
    /// own errors): a request error saying so, never a trap.
    public static var internalError: ExecutionResult {
        requestError([GraphQLError(message: "Internal error: the execution failed.")])
    }

    /// True when there are errors.
    public var hasErrors: Bool { !errors.isEmpty }

    /// The response map: `errors` (when any) then `data` (when present) then `extensions`.
    public var json: JSONValue {
        var object = JSONObject()
        if !errors.isEmpty { object.append("errors", .array(errors.map(\.json))) }
        if let data { object.append("data", data) }
        if let extensions { object.append("extensions", .object(extensions)) }
        return .object(object)
    }

    /// The response serialised as JSON bytes (keys in selection order; numbers as JavaScript writes them).
    public func jsonBytes(pretty: Bool = false) -> [UInt8] {
        // Room for a small response, within the allocator's per-thread cache (a larger first
        // buffer cost every small answer a slower `malloc`); a large one grows by doubling.
        var writer = JSONWriter(pretty: pretty, reservingCapacity: 512)
        writer.write(json)
        return writer.bytes
    }

    /// The response serialised as a JSON string.
    public func jsonString(pretty: Bool = false) -> String {
        String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
    }
}

extension GraphQLError {
    /// The error as the response format gives it: `message`, `locations`
    /// (when known), `path` (field errors) and `extensions` (when any).
    public var json: JSONValue {
        var object = JSONObject()
        object.append("message", .string(message))
        if !locations.isEmpty {
            object.append(
                "locations", .array(locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) }))
        }
        if let path {
            object.append(
                "path",
                .array(
                    path.map { component in
                        switch component {
                        case .key(let key): return .string(key)
                        case .index(let index): return .int(index)
                        }
                    }))
        }
        if let extensions, !extensions.isEmpty { object.append("extensions", .object(extensions)) }
        return .object(object)
    }

    /// This error with `extensions.code` set to `code` (kept when already set).
    public func withCode(_ code: String) -> GraphQLError {
        var copy = self
        var extensions = copy.extensions ?? JSONObject()
        if extensions["code"] == nil { extensions["code"] = .string(code) }
        copy.extensions = extensions
        return copy
    }
}

/// The `extensions.code` values the engine gives request errors.
public enum GraphQLErrorCode {
    /// The document does not parse.
    public static let parseFailed = "GRAPHQL_PARSE_FAILED"
    /// The document does not validate against the schema.
    public static let validationFailed = "GRAPHQL_VALIDATION_FAILED"
    /// Variables that cannot be coerced, or a bad operation name.
    public static let badUserInput = "BAD_USER_INPUT"
    /// No operation to run (missing, ambiguous or unknown name).
    public static let operationResolutionFailure = "OPERATION_RESOLUTION_FAILURE"
    /// Introspection was asked for but is switched off.
    public static let introspectionDisabled = "INTROSPECTION_DISABLED"
}
