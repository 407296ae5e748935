/// What a resolver knows about the field it resolves and the request.
///
/// Cheap to pass: it refers to the executor's plan of the field and to the
/// request; the properties are computed on access.
public struct ResolveInfo: Sendable {
    let plan: FieldPlan
    let objectPath: ObjectPath
    /// The request being executed.
    let execution: ExecutionContext

    init(plan: FieldPlan, objectPath: ObjectPath, execution: ExecutionContext) {
        self.plan = plan
        self.objectPath = objectPath
        self.execution = execution
    }

    init(plan: FieldPlan, parentPath: ResponsePath?, execution: ExecutionContext) {
        self.plan = plan
        self.objectPath = ObjectPath(parent: parentPath, key: nil)
        self.execution = execution
    }

    /// The field's name in the schema.
    public var fieldName: String { plan.definition.name }
    /// The field's response key (its alias, or its name).
    public var responseKey: String { plan.responseKey }
    /// The selections of the field (several when merged).
    public var fieldNodes: [Field] { plan.nodes }
    /// The field's type.
    public var returnType: GraphQLType { plan.returnType }
    /// The object type whose field this is.
    public var parentType: GraphQLObjectType { plan.parentType }
    /// The field's definition.
    public var fieldDefinition: GraphQLField { plan.definition }
    /// The response path of the field, e.g. `["items", 3, "name"]`.
    public var path: [PathComponent] { objectPath.appending(.key(plan.responseKey)) }
    /// The schema.
    public var schema: GraphQLSchema { execution.executable.schema }
    /// The fragment definitions of the document, by name.
    public var fragments: [String: FragmentDefinition] { execution.fragments }
    /// The operation being executed.
    public var operation: OperationDefinition { execution.operation }
    /// The root value given to the execution.
    public var rootValue: ResolvedValue { execution.rootValue }

    /// CollectFields, as the executor runs it, of `selectionSets` for an object of the type named
    /// `typeName`: `@skip`/`@include` with the request's variables, fragments whose type condition
    /// applies (interfaces and unions included), each named fragment once. The fields come in
    /// response-key order, fields merged under one key side by side; none when no object type has
    /// that name. For resolvers that look ahead at their sub-selection (graphql-js's `collectSubfields`).
    public func collectFields(_ selectionSets: [SelectionSet], on typeName: String) -> [Field] {
        guard case .object(let type)? = schema.type(named: typeName) else { return [] }
        return execution.collectFields(type, selectionSets).flatMap(\.nodes)
    }

    /// The fields selected under this field for an object of the type named `typeName`.
    ///
    /// Collected once per plan of the field and type: a warm request of an operation without
    /// variables (whose plans are shared) gets the list made by the first one.
    public func subfields(on typeName: String) -> [Field] {
        guard case .object(let type)? = schema.type(named: typeName) else { return [] }
        return plan.subplan(for: type, in: execution, sample: nil).selectedFields {
            execution.collectFields(type, fieldNodes.compactMap(\.selectionSet)).flatMap(\.nodes)
        }
    }
}
