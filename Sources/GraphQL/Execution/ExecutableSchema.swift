import JSON

/// A schema with its resolvers bound: what the executor runs against.
///
/// Built once (binding checks every type and field name) and shared by all
/// requests. Resolvers bound on an interface field apply to the implementing
/// object types' fields that have none of their own.
public final class ExecutableSchema: Sendable {
    /// The schema.
    public let schema: GraphQLSchema
    /// Resolvers by `GraphQLField.index` (nil: the default resolver).
    let resolvers: [FieldResolver?]
    /// Type resolvers of abstract types, by name.
    let typeResolvers: [String: TypeResolver]
    /// `isTypeOf` checks by object type name.
    let isTypeOfChecks: [String: IsTypeOfCheck]
    /// Input coercion with the custom scalars' parsers.
    let coercer: InputCoercer
    /// Custom scalar coercions by name.
    let scalars: [String: ScalarCoercion]
    /// The plans of operations without variables, shared by the requests that run them.
    let operationPlans = OperationPlanCache()

    /// Binds `resolvers` to `schema`.
    ///
    /// - Throws: ``SchemaBindingError`` listing every binding whose type or
    ///   field does not exist (or is not of the right kind).
    public init(schema: GraphQLSchema, resolvers map: ResolverMap = ResolverMap()) throws(SchemaBindingError) {
        var problems: [String] = []
        var table = [FieldResolver?](repeating: nil, count: schema.fieldCount)
        var interfaceBindings: [(GraphQLInterfaceType, String, FieldResolver)] = []
        for (typeName, fields) in map.fields.sorted(by: { $0.key < $1.key }) {
            guard let type = schema.type(named: typeName) else {
                problems.append("Cannot bind resolvers to \"\(typeName)\": no such type in the schema.")
                continue
            }
            for (fieldName, resolver) in fields.sorted(by: { $0.key < $1.key }) {
                switch type {
                case .object(let object):
                    guard let field = object.field(named: fieldName), field.index >= 0, field.index < table.count else {
                        problems.append("Cannot bind a resolver to \"\(typeName).\(fieldName)\": no such field.")
                        continue
                    }
                    table[field.index] = resolver
                case .interface(let interface):
                    guard interface.field(named: fieldName) != nil else {
                        problems.append("Cannot bind a resolver to \"\(typeName).\(fieldName)\": no such field.")
                        continue
                    }
                    interfaceBindings.append((interface, fieldName, resolver))
                default:
                    problems.append(
                        "Cannot bind a resolver to \"\(typeName).\(fieldName)\": \"\(typeName)\" is not an object or interface type."
                    )
                }
            }
        }
        for (interface, fieldName, resolver) in interfaceBindings {
            for object in schema.possibleTypes(of: .interface(interface)) {
                if let field = object.field(named: fieldName), field.index >= 0, field.index < table.count,
                    table[field.index] == nil
                {
                    table[field.index] = resolver
                }
            }
        }
        for name in map.typeResolvers.keys.sorted() where schema.type(named: name)?.isAbstractType != true {
            problems.append("Cannot set a type resolver on \"\(name)\": not an interface or union of the schema.")
        }
        for name in map.isTypeOfChecks.keys.sorted() where schema.type(named: name)?.asObject == nil {
            problems.append("Cannot set isTypeOf on \"\(name)\": not an object type of the schema.")
        }
        for name in map.scalars.keys.sorted() where schema.type(named: name)?.asScalar == nil {
            problems.append("Cannot set the coercion of \"\(name)\": not a scalar of the schema.")
        }
        guard problems.isEmpty else { throw SchemaBindingError(problems: problems) }
        self.schema = schema
        self.resolvers = table
        self.typeResolvers = map.typeResolvers
        self.isTypeOfChecks = map.isTypeOfChecks
        self.scalars = map.scalars
        self.coercer = InputCoercer(schema: schema, scalars: map.scalars)
    }
}

/// Resolver bindings that do not fit the schema.
public struct SchemaBindingError: Error, Sendable, CustomStringConvertible {
    /// One sentence per bad binding.
    public var problems: [String]

    public var description: String { problems.joined(separator: "\n") }
}
