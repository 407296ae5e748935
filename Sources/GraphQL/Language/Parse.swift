/// Parses a GraphQL document (executable or type-system definitions).
///
/// Throws a ``GraphQLError`` whose message starts with "Syntax Error: " and
/// which has one location on the first error, as graphql-js's `parse` does.
public func parse(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in try parser.parseDocument() }
}

/// Parses a GraphQL document given as text (named "GraphQL request").
public func parse(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
    try parse(Source(text), options: options)
}

/// Parses a single value literal, e.g. `[42]` or `{a: $var}` (graphql-js's `parseValue`).
public func parseValue(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in
        try parser.parseWholeValue(const: false)
    }
}

/// Parses a single value literal given as text.
public func parseValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
    try parseValue(Source(text), options: options)
}

/// Parses a constant value literal: variables are a syntax error (graphql-js's `parseConstValue`).
public func parseConstValue(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in
        try parser.parseWholeValue(const: true)
    }
}

/// Parses a constant value literal given as text.
public func parseConstValue(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
    try parseConstValue(Source(text), options: options)
}

/// Parses a type reference, e.g. `[Int!]` (graphql-js's `parseType`).
public func parseType(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeNode {
    try withParser(source, options) { (parser: inout Parser) throws(GraphQLError) in try parser.parseWholeType() }
}

/// Parses a type reference given as text.
public func parseType(_ text: String, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeNode {
    try parseType(Source(text), options: options)
}

/// Runs `body` with a parser over the UTF-8 bytes of `source`.
private func withParser<T>(
    _ source: Source, _ options: ParseOptions,
    _ body: (inout Parser) throws(GraphQLError) -> T
) throws(GraphQLError) -> T {
    var text = source.body
    let result: Result<T, GraphQLError> = text.withUTF8 { bytes in
        var parser = Parser(source: source, bytes: bytes, options: options)
        do throws(GraphQLError) {
            return .success(try body(&parser))
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}
