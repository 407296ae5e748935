/// A request's operation, ready to execute: its document (parsed and validated) and the operation
/// the request selected, so that nothing downstream selects it again, with what every execution
/// of it needs from the document worked out once: the fragments by name, whether it uses
/// `@defer` or `@stream`, its first introspection field.
///
/// The engine's document cache keeps one for each operation of a cached document
/// (``GraphQLEngine/prepare(query:operationName:)``), so that a repeated request selects and
/// scans nothing: a reference, shared by every execution of the operation.
public final class PreparedOperation: Sendable {
    /// The document.
    public let document: Document
    /// The selected operation.
    public let operation: OperationDefinition
    /// The document's fragments by name (the first of each name).
    let fragments: [String: FragmentDefinition]
    /// Whether the document names `@defer` or `@stream` anywhere.
    let usesIncrementalDirectives: Bool
    /// The first `__schema` or `__type` field of the document (refused when introspection is off).
    let firstIntrospectionField: Field?

    /// A prepared operation (`operation` must be one of `document`'s).
    public convenience init(document: Document, operation: OperationDefinition) {
        self.init(document: document, operation: operation, facts: DocumentFacts(document))
    }

    init(document: Document, operation: OperationDefinition, facts: DocumentFacts) {
        self.document = document
        self.operation = operation
        fragments = facts.fragments
        usesIncrementalDirectives = facts.usesIncrementalDirectives
        firstIntrospectionField = facts.firstIntrospectionField
    }

    /// The operation's kind (a mutation over `GET` is refused before it runs).
    public var operationType: OperationType { operation.operation }

    /// The operation's name, if it has one.
    public var operationName: String? { operation.name?.value }
}

/// What executions need from a whole document, worked out once.
struct DocumentFacts {
    var fragments: [String: FragmentDefinition] = [:]
    var usesIncrementalDirectives: Bool
    var firstIntrospectionField: Field?

    init(_ document: Document) {
        for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        usesIncrementalDirectives = GraphQL.usesIncrementalDirectives(document)
        firstIntrospectionField = GraphQL.firstIntrospectionField(in: document)
    }
}

/// A valid document with each of its operations prepared: what the engine's document cache keeps.
final class PreparedDocument: Sendable {
    let document: Document
    /// The document's operations, in order.
    private let operations: [PreparedOperation]
    /// Their names, in the same order.
    private let operationNames: [String?]

    init(_ document: Document) {
        self.document = document
        let facts = DocumentFacts(document)
        operations = document.definitions.compactMap { definition in
            guard case .operation(let operation) = definition else { return nil }
            return PreparedOperation(document: document, operation: operation, facts: facts)
        }
        operationNames = operations.map(\.operationName)
    }

    /// The operation `operationName` selects (the only one when nil), as ``selectOperation(in:named:)``
    /// selects it.
    func operation(named operationName: String?) -> Result<PreparedOperation, GraphQLError> {
        selectOperation(named: operationName, among: operationNames).map { operations[$0] }
    }
}
