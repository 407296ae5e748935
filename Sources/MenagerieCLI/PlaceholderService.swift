import GraphQL
import GraphQLServer
import JSON

/// Stands in for the engine until it is wired: answers `{ __typename }` and refuses
/// everything else with "engine not wired yet".
struct PlaceholderService: GraphQLService {
    func prepare(_ request: GraphQLRequest) -> GraphQLPreparation<Void> {
        let compact = String(request.query.unicodeScalars.filter { !" \t\r\n,".unicodeScalars.contains($0) })
        if compact == "{__typename}" || compact == "query{__typename}" {
            return .ready((), operationType: .query, operationName: nil)
        }
        return .failed([GraphQLError(message: "engine not wired yet")])
    }

    func execute(_ document: Void, request: GraphQLRequest) async -> GraphQLExecutionResult {
        GraphQLExecutionResult(body: Array(#"{"data":{"__typename":"Query"}}"#.utf8))
    }
}
