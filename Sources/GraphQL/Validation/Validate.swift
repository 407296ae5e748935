/// Validates an executable document against a schema, as graphql-js's
/// `validate` does: every rule runs in one walk of the document, and the
/// errors come back in graphql-js's order (empty when the document is valid).
///
/// - Parameters:
///   - schema: the schema (assumed valid; see `validateSchema`).
///   - document: the parsed document.
///   - rules: the rules to apply, ``specifiedRules`` by default.
///   - maxErrors: after this many errors, one more error "Too many validation
///     errors, error limit reached. Validation aborted." ends the list and
///     validation stops (a defence against hostile documents).
public func validate(
    schema: GraphQLSchema, document: Document, rules: [ValidationRule] = specifiedRules,
    maxErrors: Int = 100
) -> [GraphQLError] {
    validate(schema: schema, document: document, rules: rules, options: ValidationOptions(maxErrors: maxErrors))
}

/// Validates an executable document as ``validate(schema:document:rules:maxErrors:)`` does,
/// with the error reporting `options` choose (suggestions, repeated directives, error limit).
public func validate(
    schema: GraphQLSchema, document: Document, rules: [ValidationRule] = specifiedRules,
    options: ValidationOptions
) -> [GraphQLError] {
    var options = options
    options.maxErrors = max(0, options.maxErrors)
    let context = ValidationContext(schema: schema, document: document, options: options)
    let visitors = rules.map { $0.makeVisitor(context) }
    ValidationWalker(context: context, visitors: visitors).walk()
    return context.errors
}

/// The rules of the GraphQL specification, in graphql-js 16's order, followed
/// by graphql-js's recommended `MaxIntrospectionDepthRule`; with graphql-js 17's four
/// `@defer`/`@stream` rules after `UniqueDirectivesPerLocationRule` (no-ops unless the schema
/// declares `@defer` or `@stream`), and the September 2025 spec's `KnownOperationTypesRule` where
/// graphql-js 17 puts it, second.
public let specifiedRules: [ValidationRule] = [
    .executableDefinitions,
    .knownOperationTypes,
    .uniqueOperationNames,
    .loneAnonymousOperation,
    .singleFieldSubscriptions,
    .knownTypeNames,
    .fragmentsOnCompositeTypes,
    .variablesAreInputTypes,
    .scalarLeafs,
    .fieldsOnCorrectType,
    .uniqueFragmentNames,
    .knownFragmentNames,
    .noUnusedFragments,
    .possibleFragmentSpreads,
    .noFragmentCycles,
    .uniqueVariableNames,
    .noUndefinedVariables,
    .noUnusedVariables,
    .knownDirectives,
    .uniqueDirectivesPerLocation,
    .deferStreamDirectiveOnRootField,
    .deferStreamDirectiveOnValidOperations,
    .deferStreamDirectiveLabel,
    .streamDirectiveOnListField,
    .knownArgumentNames,
    .uniqueArgumentNames,
    .valuesOfCorrectType,
    .providedRequiredArguments,
    .variablesInAllowedPosition,
    .overlappingFieldsCanBeMerged,
    .uniqueInputFieldNames,
    .maxIntrospectionDepth
]
