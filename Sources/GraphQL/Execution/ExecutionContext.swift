import JSON
import Locking

/// Everything one execution shares: the schema, the operation, the coerced
/// variables, the root and context values and the errors found so far.
final class ExecutionContext: Sendable {
    let executable: ExecutableSchema
    /// The operation, with what was worked out of its document once (its fragments by name).
    let prepared: PreparedOperation
    let variables: [String: JSONValue]
    let rootValue: ResolvedValue
    let contextValue: ResolvedValue
    let tracker: (any WorkTracker)?
    let source: Source
    /// Field errors so far, and the source's line index once an error needed one (so that
    /// thousands of field errors cost linear time, not thousands of scans of the document).
    private let errorList = Locked<(errors: [GraphQLError], locator: SourceLocator?)>(([], nil))

    init(
        executable: ExecutableSchema, prepared: PreparedOperation, variables: [String: JSONValue],
        rootValue: ResolvedValue, contextValue: ResolvedValue, tracker: (any WorkTracker)?
    ) {
        self.executable = executable
        self.prepared = prepared
        self.variables = variables
        self.rootValue = rootValue
        self.contextValue = contextValue
        self.tracker = tracker
        self.source = prepared.document.source
    }

    var document: Document { prepared.document }
    var operation: OperationDefinition { prepared.operation }
    var fragments: [String: FragmentDefinition] { prepared.fragments }

    var schema: GraphQLSchema { executable.schema }

    /// The field errors so far, in the order they happened.
    var errors: [GraphQLError] { errorList.withLock { $0.errors } }

    /// Records a field error of `field` at `path`: a thrown ``GraphQLError``
    /// keeps its message and extensions (and its path and locations if it
    /// has them); any other error becomes its description.
    func recordError(_ error: any Error, field: FieldPlan, path: [PathComponent]) {
        var located: GraphQLError
        if let error = error as? GraphQLError {
            located = error
            if located.path != nil {
                append(located)
                return
            }
            if located.locations.isEmpty { located.locations = locations(of: field) }
            located.path = path
        } else {
            located = GraphQLError(message: errorMessage(error), locations: locations(of: field), path: path)
        }
        append(located)
    }

    /// Records a field error with a message.
    func recordError(_ message: String, field: FieldPlan, path: [PathComponent]) {
        append(GraphQLError(message: message, locations: locations(of: field), path: path))
    }

    private func append(_ error: GraphQLError) {
        errorList.withLock { $0.errors.append(error) }
    }

    /// The locations of the selections of a field.
    func locations(of field: FieldPlan) -> [SourceLocation] {
        let starts = field.nodes.compactMap { $0.loc?.start }
        if starts.isEmpty { return [] }
        return errorList.withLock { state in
            let locator = state.locator ?? SourceLocator(source)
            state.locator = locator
            return starts.map { locator.location(at: $0) }
        }
    }
}
