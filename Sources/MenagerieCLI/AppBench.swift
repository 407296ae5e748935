import GraphQL
import Menagerie
import MenagerieUpstreams

/// `menagerie bench app`: one document executed by the whole app against the embedded
/// snapshot, in process, warm: what a request costs beyond HTTP.
enum AppBench {
    static func workload(query: String) throws(BenchError) -> BenchOperation {
        let app: MenagerieApp
        do {
            app = try MenagerieApp(configuration: UpstreamsConfiguration(mode: .embedded), limits: QueryLimits())
        } catch {
            throw BenchError("cannot build the app: \(error)")
        }
        return .async {
            let result = await app.execute(query: query, variables: [:], operationName: nil)
            return result.hasErrors ? 0 : 1
        }
    }
}
