import Base
import Clocks
import DataLoader
import GraphQL
import JSON
import MenagerieUpstreams
import Upstreams

/// Menagerie: the served schema bound to its resolvers, and the upstream clients.
///
/// Built once per process (the schema from ``Resources/schemaSDL``, the engine,
/// the upstream environment); each request gets fresh loaders and a batch
/// scheduler that follows the engine's work (``RequestContext``).
///
/// ```swift
/// let app = try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded))
/// let result = await app.execute(query: "{ breeds(limit: 3) { items { name } } }")
/// ```
public final class MenagerieApp: Sendable {
    /// The engine over the served schema.
    public let engine: GraphQLEngine
    /// The upstream clients, caches and counters.
    public let upstreams: UpstreamsEnvironment
    /// The upstream pipelines' monotonic clock (cache expiries are read on it).
    public let clock: MonotonicClock

    /// Builds the app: fails with a list of problems when the schema does not build or a
    /// field has no resolver (or a resolver has no field).
    ///
    /// - Parameters:
    ///   - configuration: where each upstream is (embedded or live) and how it is treated.
    ///   - transports: explicit transports by upstream (tests), taking precedence.
    ///   - limits: the cost limits every request document must meet after validation.
    ///   - introspection: whether `__schema` and `__type` are answered (false: the request
    ///     error `INTROSPECTION_DISABLED`; `__typename` always works).
    ///   - errorReporting: suggestions, repeated directives and the most errors in one response
    ///     (default: graphql-js's errors, all of them).
    ///   - clock: the monotonic clock of the upstream pipelines (circuit breakers, response
    ///     caches, latency). The system clock unless a test injects one to move time on
    ///     without sleeping (e.g. past a breaker's open interval).
    ///   - sharedCache: a cache shared with other replicas (Redis) for the live upstreams' answers.
    public init(
        configuration: UpstreamsConfiguration, transports: [UpstreamID: any Transport] = [:],
        limits: QueryLimits = QueryLimits(), introspection: Bool = true,
        errorReporting: ErrorReporting = .complete, clock: MonotonicClock = .system,
        sharedCache: (any SharedCache)? = nil
    ) throws {
        let schema: GraphQLSchema
        do {
            schema = try buildASTSchema(parse(Resources.schemaSDL))
        } catch {
            throw MenagerieStartupError(problems: ["Schema/schema.graphql does not build: \(error)"])
        }
        let schemaErrors = validateSchema(schema)
        guard schemaErrors.isEmpty else {
            throw MenagerieStartupError(problems: schemaErrors.map { "Schema/schema.graphql: \($0.message)" })
        }
        let resolvers = MenagerieResolvers.all()
        let missing = MenagerieResolvers.unresolvedFields(schema: schema, resolvers: resolvers)
        guard missing.isEmpty else {
            throw MenagerieStartupError(problems: missing.map { "No resolver for \($0)." })
        }
        do {
            let executable = try ExecutableSchema(schema: schema, resolvers: resolvers)
            let validationOptions = errorReporting.validationOptions
            engine = GraphQLEngine(
                executable: executable,
                options: errorReporting.executionOptions(introspection: introspection),
                validation: { schema, document in
                    let errors = validate(schema: schema, document: document, options: validationOptions)
                    return errors.isEmpty ? checkQueryLimits(document, limits: limits) : errors
                })
        } catch {
            throw MenagerieStartupError(problems: error.problems)
        }
        upstreams = try UpstreamsEnvironment.menagerie(
            configuration: configuration, transports: transports, clock: clock,
            sharedCache: sharedCache)
        self.clock = clock
    }

    /// The served schema.
    public var schema: GraphQLSchema { engine.schema }

    /// Parses and validates `query` (cached) and selects the operation named `operationName` (the
    /// only one when nil), once: the prepared operation, or the request errors.
    public func prepare(query: String, operationName: String?) -> Result<PreparedOperation, GraphQLRequestErrors> {
        engine.prepare(query: query, operationName: operationName)
    }

    /// Runs one request in process.
    public nonisolated(nonsending) func execute(
        query: String, variables: JSONObject = JSONObject(), operationName: String? = nil
    ) async
        -> ExecutionResult
    {
        switch prepare(query: query, operationName: operationName) {
        case .failure(let errors): return .requestError(errors.errors)
        case .success(let prepared): return await execute(prepared, variables: variables)
        }
    }

    /// Executes a prepared document with fresh per-request loaders.
    ///
    /// Cancelling the calling task (the server's request deadline) cancels the request's
    /// upstream work too: running loader batches and direct upstream calls stop with
    /// `CancellationError`, and loads made afterwards fail at once, so the execution ends
    /// promptly (its fields get errors; the server drops that result).
    public nonisolated(nonsending) func execute(_ prepared: PreparedOperation, variables: JSONObject = JSONObject())
        async -> ExecutionResult
    {
        let context = RequestContext(upstreams: upstreams)
        return await Self.cancellingLoads(
            engine.executeOperation(prepared, variables: variables, context: context, tracker: context.tracker),
            context.scheduler
        ).value(orIfFailed: .internalError)
    }

    /// Executes a prepared document with incremental delivery (`@defer`, `@stream`), with fresh
    /// per-request loaders: the plain result when nothing is deferred, else the initial payload
    /// and the subsequent ones (``IncrementalExecutionResult``).
    public nonisolated(nonsending) func executeIncrementally(
        _ prepared: PreparedOperation, variables: JSONObject = JSONObject()
    ) async
        -> IncrementalExecutionResult
    {
        await executeOperationIncrementally(
            prepared, variables: variables, context: RequestContext(upstreams: upstreams)
        )
        .value(orIfFailed: .single(.internalError))
    }

    /// ``executeIncrementally(_:variables:)`` in `context` (the request's loaders; what it used
    /// of the upstreams), as far as it goes at once: ready when no field suspended (a warm
    /// request needs no task). When it has to wait, cancelling the awaiting task cancels the
    /// request's loads; ending the iteration of the parts cancels the remaining work, loader
    /// batches included.
    func executeOperationIncrementally(_ prepared: PreparedOperation, variables: JSONObject, context: RequestContext)
        -> Eventual<IncrementalExecutionResult>
    {
        let scheduler = context.scheduler
        let execution = engine.executeOperationIncrementally(
            prepared, variables: variables, context: context, tracker: context.tracker)
        switch Self.cancellingLoads(execution, scheduler) {
        case .ready(let outcome):
            return .ready(Self.stoppingLoads(with: outcome, scheduler))
        case .pending(let work):
            return .pending { Self.stoppingLoads(with: try await work(), scheduler) }
        }
    }

    /// `outcome`, whose parts, when it comes in parts, stop the request's loads (`scheduler`)
    /// when they end or their reader goes away.
    private static func stoppingLoads(with outcome: consuming IncrementalExecutionResult, _ scheduler: BatchScheduler)
        -> IncrementalExecutionResult
    {
        let (initial, subsequent): (JSONObject, AsyncStream<JSONObject>)
        switch consume outcome {
        case .single(let result): return .single(result)
        case .incremental(let first, let rest): (initial, subsequent) = (first, rest)
        }
        let (parts, continuation) = AsyncStream.makeStream(of: JSONObject.self)
        let forward = Task {
            for await payload in subsequent { continuation.yield(payload) }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            forward.cancel()
            scheduler.cancel()
        }
        return .incremental(initial: initial, subsequent: parts)
    }

    /// `eventual`, whose work, when it has to wait, cancels the request's loads (`scheduler`'s
    /// running batches and direct upstream calls) if its task is cancelled. A ready value
    /// had nothing left to cancel.
    private static func cancellingLoads<Value>(_ eventual: consuming Eventual<Value>, _ scheduler: BatchScheduler)
        -> Eventual<Value>
    {
        let work: Eventual<Value>.Work
        switch consume eventual {
        case .ready(let value): return .ready(value)
        case .pending(let pending): work = pending
        }
        return .pending {
            try await withTaskCancellationHandler {
                try await work()
            } onCancel: {
                scheduler.cancel()
            }
        }
    }
}
