import GraphQL
import HTTPServer
import JSON

/// The GraphQL-style body of an HTTP-level error on the GraphQL endpoint:
/// `{"errors":[{"message":…,"extensions":{"code":…}}]}`, with the status's code.
enum GraphQLHTTPErrors {
    /// The `extensions.code` of an HTTP status.
    static func code(for status: Int) -> String {
        switch status {
        case 400: return "BAD_REQUEST"
        case 405: return "METHOD_NOT_ALLOWED"
        case 406: return "NOT_ACCEPTABLE"
        case 408: return "REQUEST_BODY_TIMEOUT"
        case 413: return "PAYLOAD_TOO_LARGE"
        case 415: return "UNSUPPORTED_MEDIA_TYPE"
        case 501: return "NOT_IMPLEMENTED"
        case 503: return "SERVICE_UNAVAILABLE"
        default: return "HTTP_\(status)"
        }
    }

    static func response(
        _ status: Int, _ message: String, _ mediaType: GraphQLMediaType,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> HTTPResponse {
        var extensions = JSONObject()
        extensions.append("code", .string(code(for: status)))
        let body = GraphQLError.responseJSON([GraphQLError(message: message, extensions: extensions)]).serializedBytes()
        var headers = headers
        headers.add("Content-Type", mediaType.contentType)
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
