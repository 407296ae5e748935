import Base
import GraphQL
import GraphQLServer
import JSON

/// A stand-in engine: `{` is a syntax error, `{ invalid }` a validation error, documents
/// starting with `mutation` are mutations, a variable `bad` fails coercion; otherwise it
/// echoes the request.
struct FakeService: GraphQLService {
    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<String> {
        let query = request.query.trimmed()
        if query == "{" {
            return .failed([
                GraphQLError(
                    message: "Syntax Error: Expected Name, found <EOF>.",
                    locations: [SourceLocation(line: 1, column: 2)])
            ])
        }
        if query.contains("invalid") {
            return .failed([
                GraphQLError(
                    message: "Cannot query field \"invalid\" on type \"Query\".",
                    locations: [SourceLocation(line: 1, column: 3)])
            ])
        }
        let type: GraphQLOperationType =
            query.hasPrefix("mutation")
            ? .mutation
            : query.hasPrefix("subscription") ? .subscription : .query
        return .ready(query, operationType: type, operationName: request.operationName)
    }

    func execute(_ document: String, request: GraphQLRequest) -> Eventual<GraphQLExecutionResult> {
        .ready(result(document, request: request))
    }

    /// The answer: the request echoed, or a variable error for `$bad`.
    func result(_ document: String, request: GraphQLRequest) -> GraphQLExecutionResult {
        if request.variables?["bad"] != nil {
            return GraphQLExecutionResult(requestErrors: [
                GraphQLError(
                    message: "Variable \"$bad\" got invalid value 1; Int cannot represent non-integer value: 1.5")
            ])
        }
        var data = JSONObject()
        data.append("query", .string(document))
        data.append("variables", request.variables.map { .object($0) } ?? .null)
        data.append("extensions", request.extensions.map { .object($0) } ?? .null)
        data.append("method", .string(request.httpMethod))
        return GraphQLExecutionResult(json: .object(JSONObject([(key: "data", value: .object(data))])))
    }
}

extension String {
    func trimmed() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
