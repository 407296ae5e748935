import Base
import GraphQL
import HTTPServer
import JSON

/// The kind of operation a GraphQL request selected: the engine's own.
public typealias GraphQLOperationType = OperationType

/// The outcome of parsing and validating a request's document.
public enum GraphQLPreparation<Document: Sendable>: Sendable {
    /// The document is valid; `operationType` is that of the selected operation.
    case ready(Document, operationType: GraphQLOperationType, operationName: String?)
    /// Request errors (syntax, validation, operation selection): nothing is executed.
    case failed([GraphQLError])
}

/// One GraphQL-over-HTTP request's parameters, decoded and type-checked.
public struct GraphQLRequest: Sendable {
    /// The document text.
    public var query: String
    public var operationName: String?
    public var variables: JSONObject?
    public var extensions: JSONObject?
    /// `GET` or `POST`.
    public var httpMethod: String
    /// The HTTP header fields (lowercase names), for services that read them.
    public var headers: HTTPHeaders

    public init(
        query: String, operationName: String? = nil, variables: JSONObject? = nil,
        extensions: JSONObject? = nil, httpMethod: String = "POST", headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
        self.extensions = extensions
        self.httpMethod = httpMethod
        self.headers = headers
    }
}

/// What execution produced: a serialized GraphQL response (`{"data": ..., "errors": ...}`).
public struct GraphQLExecutionResult: Sendable {
    /// The response body: a JSON object, UTF-8.
    public var body: [UInt8]
    /// True when execution failed before it started (for example variable coercion): the
    /// response then has no `data` entry and is a 400 for `application/graphql-response+json`.
    public var isRequestError: Bool
    /// How long caches may reuse the answer when it went out for a `GET` (``GraphQLCacheHint``);
    /// `POST` answers are never stored. The service knows what the answer was made of; the
    /// default, ``GraphQLCacheHint/noStore``, is right for any service that does not.
    public var cacheHint: GraphQLCacheHint
    /// Set when the answer comes in parts (`@defer`, `@stream`): the initial payload and the
    /// subsequent ones, graphql-js 17's format (``body`` is then unused). Sent as
    /// `multipart/mixed` (see ``IncrementalFormat``); never cached.
    public var incremental: IncrementalPayloads?

    public init(body: [UInt8], isRequestError: Bool = false, cacheHint: GraphQLCacheHint = .noStore) {
        self.body = body
        self.isRequestError = isRequestError
        self.cacheHint = cacheHint
        self.incremental = nil
    }

    /// An answer that comes in parts.
    public init(incremental: IncrementalPayloads) {
        self.init(body: [])
        self.incremental = incremental
    }

    /// A result from a JSON value.
    public init(json: JSONValue, isRequestError: Bool = false, cacheHint: GraphQLCacheHint = .noStore) {
        self.body = json.serializedBytes()
        self.isRequestError = isRequestError
        self.cacheHint = cacheHint
    }

    /// A request-error result: `{"errors": [...]}`.
    public init(requestErrors: [GraphQLError]) {
        self.init(json: GraphQLError.responseJSON(requestErrors), isRequestError: true)
    }
}

/// An answer in parts: the initial payload (`data`, `errors`, `pending`, `hasNext: true`) and
/// the subsequent payloads, the last with `hasNext: false`. Ending the iteration of
/// `subsequent` early cancels the work still running.
public struct IncrementalPayloads: Sendable {
    public var initial: JSONObject
    public var subsequent: AsyncStream<JSONObject> {
        get { subsequentBox.stream }
        set { subsequentBox = StreamBox(newValue) }
    }
    /// The stream, in a box (``StreamBox``: a ``GraphQLExecutionResult`` stays loadable).
    private var subsequentBox: StreamBox<JSONObject>

    public init(initial: JSONObject, subsequent: AsyncStream<JSONObject>) {
        self.initial = initial
        self.subsequentBox = StreamBox(subsequent)
    }
}

extension GraphQLError {
    /// `{"errors": [...]}`.
    static func responseJSON(_ errors: [GraphQLError]) -> JSONValue {
        .object(JSONObject([(key: "errors", value: .array(errors.map(\.json)))]))
    }
}

/// The GraphQL engine as the HTTP layer sees it: the application implements it.
///
/// `prepare` parses and validates a document and selects the operation (synchronously:
/// no I/O); `execute` runs the prepared operation. The HTTP layer decides status codes:
/// request errors are 400 under `application/graphql-response+json` and 200 under
/// `application/json`; mutations over `GET` are refused with 405 before `execute`.
public protocol GraphQLService: Sendable {
    /// What `prepare` hands to `execute` (a parsed and validated document).
    associatedtype Document: Sendable

    /// Parses and validates `request.query` and selects `request.operationName`.
    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<Document>

    /// Executes a prepared document with the request's variables and extensions: ready when it
    /// finished at once (the server then answers on the event loop with no task), else the work
    /// that finishes it (run in the request's task).
    ///
    /// With a request timeout (``GraphQLServerConfiguration/requestTimeout``) that task is
    /// cancelled when the timeout passes: the client is answered `504` at once and whatever the
    /// work returns afterwards is dropped, so implementations should stop their work on
    /// cancellation (`Task.isCancelled`, cancellation handlers) rather than finish it.
    func execute(_ document: Document, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult>
}
