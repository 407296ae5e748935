import Base
import JSON

/// The one entry point of the engine for servers and tools: parse (with the
/// request limits), validate, execute, with a cache of parsed-and-validated
/// documents so repeated queries skip the first two steps.
///
/// ```swift
/// let engine = try GraphQLEngine(schema: schema, resolvers: resolvers)
/// let result = await engine.execute(query: "{ items(count: 2) { id } }")
/// let body = result.jsonBytes()
/// ```
public final class GraphQLEngine: Sendable {
    /// The schema with its resolvers.
    public let executable: ExecutableSchema
    /// Execution options (introspection switch, limits).
    public let options: ExecutionOptions
    /// Limits for parsing request documents.
    public let parseOptions: ParseOptions
    /// The parsed-and-validated document cache.
    public let cache: DocumentCache
    /// Validates a parsed document against the schema (the specification's rules).
    let validation: @Sendable (GraphQLSchema, Document) -> [GraphQLError]

    /// The schema.
    public var schema: GraphQLSchema { executable.schema }

    /// An engine for `schema` with `resolvers` bound.
    ///
    /// - Throws: ``SchemaBindingError`` when a binding names a type or field the schema lacks.
    public convenience init(
        schema: GraphQLSchema, resolvers: ResolverMap = ResolverMap(),
        options: ExecutionOptions = ExecutionOptions(), parseOptions: ParseOptions = ParseOptions(),
        cacheCapacity: Int = 1_000
    ) throws(SchemaBindingError) {
        self.init(
            executable: try ExecutableSchema(schema: schema, resolvers: resolvers), options: options,
            parseOptions: parseOptions, cacheCapacity: cacheCapacity)
    }

    /// An engine for an already bound schema.
    public init(
        executable: ExecutableSchema, options: ExecutionOptions = ExecutionOptions(),
        parseOptions: ParseOptions = ParseOptions(), cacheCapacity: Int = 1_000,
        validation: (@Sendable (GraphQLSchema, Document) -> [GraphQLError])? = nil
    ) {
        self.executable = executable
        self.options = options
        self.parseOptions = parseOptions
        self.cache = DocumentCache(capacity: cacheCapacity)
        self.validation = validation ?? GraphQLEngine.specifiedValidation
    }

    /// The parsed and validated document for `query`: from the cache, or
    /// parsed and validated now (and cached when valid).
    ///
    /// - Returns: the document, or the request errors (syntax or validation,
    ///   with `extensions.code`; at most ``ExecutionOptions/maxErrors`` of them).
    public func document(for query: String) -> Result<Document, GraphQLRequestErrors> {
        preparedDocument(for: query).map(\.document)
    }

    /// ``document(for:)`` with its operations prepared (see ``PreparedOperation``): from the
    /// cache, or parsed, validated and prepared now (and cached when valid).
    func preparedDocument(for query: String) -> Result<PreparedDocument, GraphQLRequestErrors> {
        if let cached = cache.prepared(for: query) { return .success(cached) }
        let document: Document
        do {
            document = try parse(Source(query), options: parseOptions)
        } catch {
            return .failure(GraphQLRequestErrors([error.withCode(GraphQLErrorCode.parseFailed)]))
        }
        let errors = validation(executable.schema, document)
        if !errors.isEmpty {
            return .failure(
                GraphQLRequestErrors(
                    errors.limited(to: options.maxErrors)
                        .map { $0.withCode(GraphQLErrorCode.validationFailed) }))
        }
        let prepared = PreparedDocument(document)
        cache.insert(prepared, for: query)
        return .success(prepared)
    }

    /// The request's operation, ready to execute: the parsed and validated document (cached) and
    /// the operation selected by `operationName` (the only one when nil), selected once here.
    public func prepare(query: String, operationName: String?) -> Result<PreparedOperation, GraphQLRequestErrors> {
        switch preparedDocument(for: query) {
        case .failure(let errors):
            return .failure(errors)
        case .success(let document):
            return document.operation(named: operationName).mapError { GraphQLRequestErrors([$0]) }
        }
    }

    /// Executes a prepared operation (no selection again).
    public nonisolated(nonsending) func execute(
        _ prepared: PreparedOperation, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil
    ) async -> ExecutionResult {
        await GraphQL.execute(
            schema: executable, prepared: prepared, variables: variables, rootValue: rootValue,
            context: context, options: options, tracker: tracker)
    }

    /// ``execute(_:variables:context:rootValue:tracker:)`` as far as it goes at once: ready when
    /// no field suspended (a warm request needs no task), else the work that awaits the rest.
    public func executeOperation(
        _ prepared: PreparedOperation, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil
    ) -> Eventual<ExecutionResult> {
        GraphQL.executeOperation(
            schema: executable, prepared: prepared, variables: variables, rootValue: rootValue,
            context: context, options: options, tracker: tracker)
    }

    /// ``executeIncrementally(_:variables:context:rootValue:tracker:coalescing:)`` as far as it
    /// goes at once: a plain operation is ready when no field suspended.
    public func executeOperationIncrementally(
        _ prepared: PreparedOperation, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil, coalescing: Duration = .milliseconds(2)
    ) -> Eventual<IncrementalExecutionResult> {
        GraphQL.executeOperationIncrementally(
            schema: executable, prepared: prepared, variables: variables, rootValue: rootValue,
            context: context, options: options, tracker: tracker, coalescing: coalescing)
    }

    /// Executes a prepared operation with incremental delivery (`@defer`, `@stream`): the plain
    /// result when nothing is deferred (the same path as ``execute(_:variables:context:rootValue:tracker:)``),
    /// else the initial payload and the subsequent ones (see ``IncrementalExecutionResult``).
    public nonisolated(nonsending) func executeIncrementally(
        _ prepared: PreparedOperation, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil, coalescing: Duration = .milliseconds(2)
    ) async -> IncrementalExecutionResult {
        await GraphQL.executeIncrementally(
            schema: executable, prepared: prepared, variables: variables, rootValue: rootValue,
            context: context, options: options, tracker: tracker, coalescing: coalescing)
    }

    /// Parses, validates (or takes the cached document) and executes `query` with incremental
    /// delivery; request errors come as a single result.
    public nonisolated(nonsending) func executeIncrementally(
        query: String, operationName: String? = nil, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil, coalescing: Duration = .milliseconds(2)
    ) async -> IncrementalExecutionResult {
        switch prepare(query: query, operationName: operationName) {
        case .failure(let errors):
            return .single(.requestError(errors.errors))
        case .success(let prepared):
            return await executeIncrementally(
                prepared, variables: variables, context: context, rootValue: rootValue, tracker: tracker,
                coalescing: coalescing)
        }
    }

    /// Runs a request: parse and validate (or take the cached document), then execute.
    ///
    /// - Parameters:
    ///   - query: the document text.
    ///   - operationName: the operation to run (needed when the document has several).
    ///   - variables: the variable values (JSON object).
    ///   - context: the value every resolver receives.
    ///   - rootValue: the source of the root fields.
    ///   - tracker: told when work that may suspend starts and ends (DataLoader batching).
    /// - Returns: the result; request errors (syntax, validation, variables,
    ///   operation selection) come without `data`.
    public nonisolated(nonsending) func execute(
        query: String, operationName: String? = nil, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil
    ) async -> ExecutionResult {
        switch document(for: query) {
        case .failure(let errors):
            return .requestError(errors.errors)
        case .success(let document):
            return await GraphQL.execute(
                schema: executable, document: document, operationName: operationName,
                variables: variables, rootValue: rootValue, context: context,
                options: options, tracker: tracker)
        }
    }

    /// Executes an already parsed and validated document.
    public nonisolated(nonsending) func execute(
        document: Document, operationName: String? = nil, variables: JSONObject = JSONObject(),
        context: ResolvedValue = nil, rootValue: ResolvedValue = nil,
        tracker: (any WorkTracker)? = nil
    ) async -> ExecutionResult {
        await GraphQL.execute(
            schema: executable, document: document, operationName: operationName,
            variables: variables, rootValue: rootValue, context: context,
            options: options, tracker: tracker)
    }
}

/// The request errors of a document that does not parse or validate.
public struct GraphQLRequestErrors: Error, Sendable {
    /// The errors, with `extensions.code`.
    public var errors: [GraphQLError]

    public init(_ errors: [GraphQLError]) { self.errors = errors }
}
