import GraphQL

/// One timed operation of a benchmark. It returns a number derived from its
/// result so that the work cannot be optimised away.
enum BenchOperation {
    case sync(() -> Int)
    case async(() async -> Int)
}

/// A benchmark workload of `../shared/bench/README.md`: W1–W6.
struct BenchWorkload: Sendable {
    /// `W1`, `W2`, ...
    let id: String
    /// `parse-kitchen-sink`, ...
    let name: String
    /// Everything that is not timed (reading files, building schemas, parsing
    /// documents for W3–W6); returns the timed operation.
    let prepare: @Sendable (BenchContext) throws(BenchError) -> BenchOperation
    /// What one operation counts as in the reported rate (e.g. the requests of a concurrent batch).
    var unitsPerOperation = 1
}

/// What a workload's preparation may use.
struct BenchContext {
    /// The folder with the shared bench inputs (`--bench-dir`).
    let benchDirectory: String

    /// The text of a file in the bench folder.
    func text(_ file: String) throws(BenchError) -> String {
        let path = benchDirectory + "/" + file
        switch Terminal.readText(path) {
        case .success(let text): return text
        case .failure(let error):
            throw BenchError("\(error.message) (set the bench folder with --bench-dir)")
        }
    }
}

struct BenchError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The workload table. Add W3–W6 here: one entry each, in order.
enum BenchWorkloads {
    static let all: [BenchWorkload] =
        [
            BenchWorkload(id: "W1", name: "parse-kitchen-sink") { context throws(BenchError) in
                try parseWorkload(try context.text("kitchen-sink.graphql"))
            },
            BenchWorkload(id: "W2", name: "parse-introspection") { context throws(BenchError) in
                try parseWorkload(try context.text("introspection-query.graphql"))
            },
            BenchWorkload(id: "W3", name: "validate-introspection") { context throws(BenchError) in
                do throws(ValidateWorkloads.Failure) {
                    return .sync(try ValidateWorkloads.prepareW3(benchDirectory: context.benchDirectory))
                } catch {
                    throw BenchError(error.message)
                }
            }
        ] + BenchExecutionWorkloads.all

    /// Variants that are not part of the shared workloads, run only when named.
    static let extras: [BenchWorkload] = BenchExecutionWorkloads.extras

    /// Parsing `text` with the default options (locations kept); checked once before timing.
    static func parseWorkload(_ text: String) throws(BenchError) -> BenchOperation {
        do {
            _ = try parse(text)
        } catch {
            throw BenchError("the document does not parse: \(error.message)")
        }
        return .sync {
            do {
                return try parse(text).definitions.count
            } catch {
                return -1
            }
        }
    }
}
