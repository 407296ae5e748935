import Base
import JSON

/// Options of an execution.
public struct ExecutionOptions: Sendable {
    /// When false, `__schema` and `__type` are request errors.
    public var introspection: Bool
    /// The most variable coercion errors reported before giving up.
    public var maxVariableErrors: Int
    /// Whether variable coercion messages end with graphql-js's suggestions ("Did you mean the
    /// enum value "SIT"?", "Did you mean "name"?"); off: they stop before " Did you mean".
    public var suggestions: Bool
    /// The most errors one result carries, request errors included (nil: no limit). A result
    /// with more keeps its first `maxErrors - 1` and ends with ``GraphQLError/tooManyErrors``;
    /// `data` is unchanged. ``GraphQLEngine`` applies it to validation errors too. An answer in
    /// parts (`@defer`/`@stream`) has one such budget across all its payloads (``ErrorBudget``).
    public var maxErrors: Int?

    /// Options with introspection and suggestions on and no error limit (graphql-js's behaviour).
    public init(
        introspection: Bool = true, maxVariableErrors: Int = 50, suggestions: Bool = true,
        maxErrors: Int? = nil
    ) {
        self.introspection = introspection
        self.maxVariableErrors = maxVariableErrors
        self.suggestions = suggestions
        self.maxErrors = maxErrors
    }
}

/// Executes an operation of a parsed and validated document (the
/// specification's ExecuteRequest for queries and mutations).
///
/// Synchronous resolvers complete inline, without tasks; only the parts of
/// the tree below asynchronous resolvers run in tasks (sibling fields
/// concurrently, mutation root fields one after another).
///
/// - Parameters:
///   - schema: the schema with its resolvers.
///   - document: a document that passed validation.
///   - operationName: which operation to run (needed when there are several).
///   - variables: the request's variable values (JSON).
///   - rootValue: the source value of the root fields.
///   - context: a value every resolver receives (e.g. per-request loaders).
///   - options: introspection switch and limits.
///   - tracker: told when work that may suspend starts and ends (see ``WorkTracker``).
public nonisolated(nonsending) func execute(
    schema: ExecutableSchema,
    document: Document,
    operationName: String? = nil,
    variables: JSONObject = JSONObject(),
    rootValue: ResolvedValue = nil,
    context: ResolvedValue = nil,
    options: ExecutionOptions = ExecutionOptions(),
    tracker: (any WorkTracker)? = nil
) async -> ExecutionResult {
    switch selectOperation(in: document, named: operationName) {
    case .failure(let error):
        return .requestError([error])
    case .success(let operation):
        return await execute(
            schema: schema, prepared: PreparedOperation(document: document, operation: operation),
            variables: variables, rootValue: rootValue, context: context, options: options, tracker: tracker)
    }
}

/// Executes an operation already selected (``GraphQLEngine/prepare(query:operationName:)``).
public nonisolated(nonsending) func execute(
    schema: ExecutableSchema,
    prepared: PreparedOperation,
    variables: JSONObject = JSONObject(),
    rootValue: ResolvedValue = nil,
    context: ResolvedValue = nil,
    options: ExecutionOptions = ExecutionOptions(),
    tracker: (any WorkTracker)? = nil
) async -> ExecutionResult {
    await executeOperation(
        schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
        options: options, tracker: tracker
    ).value(orIfFailed: .internalError)
}

/// Executes an operation already selected, as far as it goes at once: the result, ready when
/// every field answered without suspending (a warm request: no task, no suspension), else the
/// work that awaits the pending fields (graphql-js's `PromiseOrValue<ExecutionResult>`).
/// ``execute(schema:prepared:variables:rootValue:context:options:tracker:)`` awaits it.
public func executeOperation(
    schema: ExecutableSchema,
    prepared: PreparedOperation,
    variables: JSONObject = JSONObject(),
    rootValue: ResolvedValue = nil,
    context: ResolvedValue = nil,
    options: ExecutionOptions = ExecutionOptions(),
    tracker: (any WorkTracker)? = nil
) -> Eventual<ExecutionResult> {
    let execution: ExecutionContext
    switch prepareExecution(
        schema: schema, prepared: prepared, variables: variables, rootValue: rootValue, context: context,
        options: options, tracker: tracker)
    {
    case .success(let context): execution = context
    case .failure(let list): return .ready(.requestError(list.errors.limited(to: options.maxErrors)))
    }
    let maxErrors = options.maxErrors
    switch execution.run() {
    case .ready(var result):
        result.limitErrors(to: maxErrors)
        return .ready(result)
    case .pending(let work):
        return .pending {
            var result = try await work()
            result.limitErrors(to: maxErrors)
            return result
        }
    }
}

/// The operation of `document` that a request for `operationName` executes: the one with that
/// name, or the only one when `operationName` is nil; otherwise the request error graphql-js's
/// `buildExecutionContext` gives (code `OPERATION_RESOLUTION_FAILURE`).
public func selectOperation(in document: Document, named operationName: String?) -> Result<
    OperationDefinition, GraphQLError
> {
    let operations = document.definitions.compactMap { definition -> OperationDefinition? in
        guard case .operation(let operation) = definition else { return nil }
        return operation
    }
    return selectOperation(named: operationName, among: operations.map { $0.name?.value }).map { operations[$0] }
}

/// The index, in `names` (a document's operations' names, in order), of the operation that
/// `operationName` selects: that name, or the only operation when nil.
func selectOperation(named operationName: String?, among names: [String?]) -> Result<Int, GraphQLError> {
    var selected: Int?
    for (index, name) in names.enumerated() {
        if let operationName {
            if name == operationName { selected = index }
        } else {
            if selected != nil {
                return .failure(
                    GraphQLError(message: "Must provide operation name if query contains multiple operations.")
                        .withCode(GraphQLErrorCode.operationResolutionFailure))
            }
            selected = index
        }
    }
    guard let selected else {
        let message = operationName.map { "Unknown operation named \"\($0)\"." } ?? "Must provide an operation."
        return .failure(GraphQLError(message: message).withCode(GraphQLErrorCode.operationResolutionFailure))
    }
    return .success(selected)
}

/// The introspection switch and variable coercion for the selected operation (graphql-js
/// `buildExecutionContext`, the operation selected before).
func prepareExecution(
    schema: ExecutableSchema, prepared: PreparedOperation, variables: JSONObject,
    rootValue: ResolvedValue, context: ResolvedValue, options: ExecutionOptions, tracker: (any WorkTracker)?
) -> Result<ExecutionContext, GraphQLErrorList> {
    let document = prepared.document
    if !options.introspection, let field = prepared.firstIntrospectionField {
        return .failure(
            GraphQLErrorList(errors: [
                GraphQLError(
                    message:
                        "GraphQL introspection has been disabled, but the requested query contained the field \"\(field.name.value)\".",
                    nodes: [field.loc], source: document.source
                ).withCode(GraphQLErrorCode.introspectionDisabled)
            ]))
    }
    let coerced = schema.coercer.suggesting(options.suggestions).coerceVariables(
        prepared.operation.variableDefinitions, inputs: variables,
        source: document.source, maxErrors: options.maxVariableErrors)
    switch coerced {
    case .failure(let list):
        return .failure(GraphQLErrorList(errors: list.errors.map { $0.withCode(GraphQLErrorCode.badUserInput) }))
    case .success(let values):
        return .success(
            ExecutionContext(
                executable: schema, prepared: prepared, variables: values, rootValue: rootValue,
                contextValue: context, tracker: tracker))
    }
}

/// The first `__schema` or `__type` field anywhere in the document's operations and fragments.
func firstIntrospectionField(in document: Document) -> Field? {
    func search(_ selectionSet: SelectionSet) -> Field? {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.name.value == "__schema" || field.name.value == "__type" { return field }
                if let selections = field.selectionSet, let found = search(selections) { return found }
            case .inlineFragment(let fragment):
                if let found = search(fragment.selectionSet) { return found }
            case .fragmentSpread:
                continue
            }
        }
        return nil
    }
    for definition in document.definitions {
        switch definition {
        case .operation(let operation): if let found = search(operation.selectionSet) { return found }
        case .fragment(let fragment): if let found = search(fragment.selectionSet) { return found }
        default: continue
        }
    }
    return nil
}

extension ExecutionContext {
    /// Executes the operation (graphql-js `executeOperation`): ready when no field suspended.
    func run() -> Eventual<ExecutionResult> {
        // Read once: `operation` is a computed property (a copy out of the prepared operation).
        let operation = operation
        guard let rootType = schema.rootType(for: operation.operation) else {
            // graphql-js reports this during execution: the result has `data: null`.
            return .ready(
                ExecutionResult(
                    data: .null,
                    errors: [
                        GraphQLError(
                            message: "Schema is not configured to execute \(operation.operation.rawValue) operation.",
                            nodes: [operation.loc], source: source
                        ).withCode(GraphQLErrorCode.operationResolutionFailure)
                    ]))
        }
        let plan = executable.operationPlans.plan(source: source, operation: operation) {
            buildObjectPlan(rootType, selectionSets: [operation.selectionSet], sample: rootValue)
        }
        if operation.operation == .mutation {
            return .pending { [self] in
                let data = await executeSerially(plan, rootValue)
                return ExecutionResult(data: data ?? .null, errors: errors)
            }
        }
        switch executeObject(plan, rootValue, .root) {
        case .value(let value):
            return .ready(ExecutionResult(data: value, errors: errors))
        case .bubble:
            return .ready(ExecutionResult(data: .null, errors: errors))
        case .pending(let node):
            return .pending { [self] in
                tracker?.enter()
                let data = await resolvePending(node)
                tracker?.leave()
                return ExecutionResult(data: data ?? .null, errors: errors)
            }
        }
    }
}
