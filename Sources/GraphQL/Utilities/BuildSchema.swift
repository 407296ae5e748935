/// Parses SDL and builds a schema from it (graphql-js's `buildSchema`).
/// Throws a `SchemaBuildError` with the syntax error or every SDL error.
/// SDL has no token limit (`ParseOptions.unlimited`).
///
/// The schema is not checked with `validateSchema`; see `buildValidSchema`.
public func buildSchema(_ sdl: String, sourceName: String = "GraphQL request", assumeValidSDL: Bool = false)
    throws(SchemaBuildError) -> GraphQLSchema
{
    let document: Document
    do {
        document = try parse(Source(sdl, name: sourceName), options: .unlimited)
    } catch {
        throw SchemaBuildError(errors: [error])
    }
    return try buildASTSchema(document, assumeValidSDL: assumeValidSDL)
}

/// Parses SDL, builds a schema and checks it with `validateSchema`: throws
/// every error found (syntax, SDL or type-system), or returns a valid schema.
public func buildValidSchema(_ sdl: String, sourceName: String = "GraphQL request") throws(SchemaBuildError)
    -> GraphQLSchema
{
    let schema = try buildSchema(sdl, sourceName: sourceName)
    let errors = validateSchema(schema)
    if !errors.isEmpty { throw SchemaBuildError(errors: errors) }
    return schema
}
