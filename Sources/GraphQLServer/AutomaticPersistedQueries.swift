import GraphQL
import HTTPServer
import JSON

/// Automatic persisted queries, the protocol of Apollo Client, Apollo Kotlin and iOS, and
/// urql: a request carries `extensions.persistedQuery` = `{"version": 1, "sha256Hash": H}`,
/// where H is the SHA-256 of the query text in lowercase hexadecimal.
///
/// - With a query: H must be the query's hash; the query runs, and is stored under H once it
///   has parsed and validated (as Apollo Server does, after its other checks).
/// - Without one: the query stored under H runs (validated like any other); if none is
///   stored the answer is `PersistedQueryNotFound`, and the client sends the query with H.
///
/// The answers match Apollo Server 4 and 5 (message, `extensions.code`, status):
/// `PersistedQueryNotFound` / `PERSISTED_QUERY_NOT_FOUND` and `PersistedQueryNotSupported` /
/// `PERSISTED_QUERY_NOT_SUPPORTED` with `200` and `Cache-Control: private, no-cache,
/// must-revalidate`; `Unsupported persisted query version` and `provided sha does not match
/// query` with `400` (code `BAD_REQUEST` here, where Apollo Server leaves the code to its
/// default, `INTERNAL_SERVER_ERROR`).
enum AutomaticPersistedQueries {
    /// What a request's parameters and `extensions.persistedQuery` come to.
    enum Resolution: Sendable, Equatable {
        /// No persisted query: run the query sent.
        case plain(String)
        /// A hash alone, known: run the stored query.
        case stored(String)
        /// A query with its hash: run it, then store it under the hash if it validates.
        case registering(query: String, hash: String)
        /// An answer without running anything.
        case refused(Refusal)
    }

    /// Why a persisted-query request is answered without running anything.
    enum Refusal: Sendable, Equatable {
        /// The server keeps no persisted queries (no store configured).
        case notSupported
        /// A hash alone that the store does not know.
        case notFound
        /// `version` other than 1 (or `persistedQuery` not an object).
        case unsupportedVersion
        /// The query's hash is not `sha256Hash`.
        case hashMismatch
        /// `sha256Hash` missing or not a string.
        case missingHash
    }

    /// The meaning of `query` (nil when the request has none) and `extensions` against `store`.
    nonisolated(nonsending) static func resolve(
        query: String?, extensions: JSONObject?,
        store: (any PersistedQueryStore)?
    ) async -> Resolution {
        guard isPersisted(extensions), let persistedQuery = extensions?["persistedQuery"] else {
            // The decoder refuses a request with neither a query nor this extension.
            return .plain(query ?? "")
        }
        guard let store else { return .refused(.notSupported) }
        guard case .object(let persisted) = persistedQuery, isVersionOne(persisted["version"]) else {
            return .refused(.unsupportedVersion)
        }
        guard case .string(let hash)? = persisted["sha256Hash"] else { return .refused(.missingHash) }
        if let query {
            // Exact comparison, as Apollo Server: the hash is the query's in lowercase hex.
            guard SHA256.hexHash(query) == hash else { return .refused(.hashMismatch) }
            return .registering(query: query, hash: hash)
        }
        guard let stored = await store.query(forHash: hash) else { return .refused(.notFound) }
        return .stored(stored)
    }

    /// Whether `extensions` has a `persistedQuery` (not null): the request's query is then
    /// checked against, or looked up by, its hash.
    static func isPersisted(_ extensions: JSONObject?) -> Bool {
        guard let persistedQuery = extensions?["persistedQuery"] else { return false }
        return !persistedQuery.isNull
    }

    private static func isVersionOne(_ value: JSONValue?) -> Bool {
        switch value {
        case .int(1)?: return true
        case .double(let number)?: return number == 1
        default: return false
        }
    }

    /// The answer to a refused request, in `mediaType`.
    static func response(_ refusal: Refusal, _ mediaType: GraphQLMediaType) -> HTTPResponse {
        let status: Int, message: String, code: String
        var headers = HTTPHeaders()
        switch refusal {
        case .notSupported:
            (status, message, code) = (200, "PersistedQueryNotSupported", "PERSISTED_QUERY_NOT_SUPPORTED")
            headers.add("Cache-Control", ResponseCaching.persistedQueryError)
        case .notFound:
            (status, message, code) = (200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")
            headers.add("Cache-Control", ResponseCaching.persistedQueryError)
        case .unsupportedVersion:
            (status, message, code) = (400, "Unsupported persisted query version", "BAD_REQUEST")
        case .hashMismatch:
            (status, message, code) = (400, "provided sha does not match query", "BAD_REQUEST")
        case .missingHash:
            (status, message, code) = (400, "The persistedQuery extension needs a sha256Hash string.", "BAD_REQUEST")
        }
        var extensions = JSONObject()
        extensions.append("code", .string(code))
        let body = GraphQLError.responseJSON([GraphQLError(message: message, extensions: extensions)]).serializedBytes()
        headers.add("Content-Type", mediaType.contentType)
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
