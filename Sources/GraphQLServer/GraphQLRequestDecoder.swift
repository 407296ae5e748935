import HTTPServer
import JSON

/// Decodes GraphQL-over-HTTP request parameters from a JSON body or a URL query.
enum GraphQLRequestDecoder {
    /// A client error: answered with 400 and `{"errors": [{"message": ...}]}`.
    struct Failure: Error {
        var message: String
    }

    /// A decoded request: the `query` parameter (nil when absent or null: a request with only an
    /// automatic persisted query's hash has none until the hash is looked up), and the
    /// parameters, with `query` as sent (empty when absent). A tuple, so that its caller takes
    /// the parameters apart from it without a copy.
    typealias Decoded = (query: String?, request: GraphQLRequest)

    /// Decodes a `POST` body (already checked to be `application/json`).
    static func decode(body: [UInt8], headers: HTTPHeaders) throws(Failure) -> Decoded {
        guard !body.isEmpty else { throw Failure(message: "Request body is empty: expected a JSON object.") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(body, maxDepth: 128)
        } catch {
            throw Failure(message: "Request body is not valid JSON: \(error.message)")
        }
        guard case .object(let object) = value else {
            throw Failure(message: "Request body must be a JSON object.")
        }
        return try decode(object, method: "POST", headers: headers)
    }

    /// Decodes `GET` query parameters (`variables` and `extensions` are JSON texts).
    static func decode(queryItems: [(name: String, value: String)], headers: HTTPHeaders) throws(Failure) -> Decoded {
        var object = JSONObject()
        for item in queryItems {
            switch item.name {
            case "query", "operationName":
                object[item.name] = .string(item.value)
            case "variables", "extensions":
                if item.value.isEmpty { continue }
                do {
                    object[item.name] = try JSONParser.parse(item.value, maxDepth: 128)
                } catch {
                    throw Failure(message: "The '\(item.name)' parameter is not valid JSON: \(error.message)")
                }
            default:
                continue
            }
        }
        return try decode(object, method: "GET", headers: headers)
    }

    private static func decode(_ object: JSONObject, method: String, headers: HTTPHeaders) throws(Failure) -> Decoded {
        var query: String?
        switch object["query"] {
        case nil, .null?: break
        case .string(let text)?: query = text
        default: throw Failure(message: "The 'query' parameter must be a string.")
        }
        var operationName: String?
        switch object["operationName"] {
        case nil, .null?: break
        case .string(let name)?: operationName = name
        default: throw Failure(message: "The 'operationName' parameter must be a string or null.")
        }
        let variables = try optionalObject(object["variables"], "variables")
        let extensions = try optionalObject(object["extensions"], "extensions")
        // Without a query, only a persisted query's hash can say what to run.
        if query == nil, extensions?["persistedQuery"].map({ !$0.isNull }) != true {
            throw Failure(message: "Missing 'query' parameter: a GraphQL document string is required.")
        }
        return (
            query: query,
            request: GraphQLRequest(
                query: query ?? "", operationName: operationName,
                variables: variables, extensions: extensions,
                httpMethod: method, headers: headers)
        )
    }

    private static func optionalObject(_ value: JSONValue?, _ name: String) throws(Failure) -> JSONObject? {
        switch value {
        case nil, .null?: return nil
        case .object(let object)?: return object
        default: throw Failure(message: "The '\(name)' parameter must be an object or null.")
        }
    }
}
