import Dispatch
import GraphQL
import JSON

/// W4–W6 of `../shared/bench/README.md`: execution workloads.
enum BenchExecutionWorkloads {
    static let all: [BenchWorkload] = [
        BenchWorkload(id: "W4", name: "execute-introspection") { context throws(BenchError) in
            let schema = try ExecutionBench.githubSchema(context)
            let document = try ExecutionBench.document(try context.text("introspection-query.graphql"))
            return ExecutionBench.prerun {
                let result = await execute(schema: schema, document: document)
                return result.errors.isEmpty ? (result.data?["__schema"]?["types"]?.arrayValue?.count ?? -1) : -1
            }
        },
        BenchWorkload(id: "W5", name: "execute-list-sync") { context throws(BenchError) in
            let schema = try ExecutionBench.listSchema(context, resolvers: .typed)
            let document = try ExecutionBench.document(try context.text("list-query.graphql"))
            return ExecutionBench.prerun {
                let result = await execute(schema: schema, document: document)
                return result.errors.isEmpty ? (result.data?["items"]?.arrayValue?.count ?? -1) : -1
            }
        },
        BenchWorkload(id: "W6", name: "execute-list-async") { context throws(BenchError) in
            let schema = try ExecutionBench.listSchema(context, resolvers: .async)
            let document = try ExecutionBench.document(try context.text("list-query.graphql"))
            return ExecutionBench.prerun {
                let result = await execute(schema: schema, document: document)
                return result.errors.isEmpty ? (result.data?["items"]?.arrayValue?.count ?? -1) : -1
            }
        }
    ]

    /// W5 with the general four-argument resolver closures instead of typed resolvers.
    static let extras: [BenchWorkload] = [
        BenchWorkload(id: "W5c", name: "execute-list-sync-closures") { context throws(BenchError) in
            let schema = try ExecutionBench.listSchema(context, resolvers: .closures)
            let document = try ExecutionBench.document(try context.text("list-query.graphql"))
            return ExecutionBench.prerun {
                let result = await execute(schema: schema, document: document)
                return result.errors.isEmpty ? (result.data?["items"]?.arrayValue?.count ?? -1) : -1
            }
        }
    ]
}

/// How the `Item` fields of the list schema are resolved.
enum ListResolvers {
    /// W5: typed synchronous resolvers (`resolvers.field("Item", "id", on: BenchItem.self) { $0.id }`).
    case typed
    /// W5c: the general synchronous resolvers `(source, arguments, context, info)`, casting the source.
    case closures
    /// W6: asynchronous resolvers (`resolvers.asyncField("Item", "id") { source, _, _, _ in try typedSource(source, as: BenchItem.self).id }`).
    case async
}

/// Inputs of the execution workloads, prepared before timing.
enum ExecutionBench {
    /// `MENAGERIE_BENCH_PRERUN=N` runs each execution workload N times during
    /// preparation (untimed): with `perf stat` this measures instructions per operation.
    static var prerunCount: Int {
        Int(Terminal.environment("MENAGERIE_BENCH_PRERUN") ?? "") ?? 0
    }

    /// The operation, run `prerunCount` times first (a profiling aid).
    static func prerun(_ body: @escaping @Sendable () async -> Int) -> BenchOperation {
        let count = prerunCount
        if count > 0 {
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                for _ in 0..<count { _ = await body() }
                done.signal()
            }
            done.wait()
        }
        return .async(body)
    }

    static func document(_ text: String) throws(BenchError) -> Document {
        MemoryTuning.apply()
        do {
            return try parse(text)
        } catch {
            throw BenchError("the document does not parse: \(error.message)")
        }
    }

    static func githubSchema(_ context: BenchContext) throws(BenchError) -> ExecutableSchema {
        let sdl = try context.text("github-schema.graphql")
        do {
            let schema = try buildASTSchema(try parse(Source(sdl, name: "github-schema.graphql"), options: .unlimited))
            return try ExecutableSchema(schema: schema)
        } catch {
            throw BenchError("the GitHub schema does not build: \(error)")
        }
    }

    /// The list schema with the `Item` resolvers of W5, W5c or W6.
    static func listSchema(_ context: BenchContext, resolvers kind: ListResolvers) throws(BenchError)
        -> ExecutableSchema
    {
        let sdl = try context.text("list-schema.graphql")
        let items = BenchItem.all
        var resolvers = ResolverMap()
        resolvers.field("Query", "items") { _, args, _, _ in
            let count = max(0, min(args.int("count") ?? items.count, items.count))
            return count == items.count ? items : Array(items.prefix(count))
        }
        switch kind {
        case .typed:
            resolvers.field("Item", "id", on: BenchItem.self) { $0.id }
            resolvers.field("Item", "name", on: BenchItem.self) { $0.name }
            resolvers.field("Item", "price", on: BenchItem.self) { $0.price }
            resolvers.field("Item", "inStock", on: BenchItem.self) { $0.inStock }
            resolvers.field("Item", "tags", on: BenchItem.self) { $0.tags }
            resolvers.field("Item", "owner", on: BenchItem.self) { $0.owner }
        case .closures:
            // Written out per field, as the workload defines them: a table of property
            // closures would add a call per field (measured: W6 10% slower).
            resolvers.field("Item", "id") { source, _, _, _ in (source as? BenchItem)?.id }
            resolvers.field("Item", "name") { source, _, _, _ in (source as? BenchItem)?.name }
            resolvers.field("Item", "price") { source, _, _, _ in (source as? BenchItem)?.price }
            resolvers.field("Item", "inStock") { source, _, _, _ in (source as? BenchItem)?.inStock }
            resolvers.field("Item", "tags") { source, _, _, _ in (source as? BenchItem)?.tags }
            resolvers.field("Item", "owner") { source, _, _, _ in (source as? BenchItem)?.owner }
        case .async:
            // Each its own `async` function, reading its source typed (no dynamic cast: `typedSource`).
            resolvers.asyncField("Item", "id") { source, _, _, _ in try typedSource(source, as: BenchItem.self).id }
            resolvers.asyncField("Item", "name") { source, _, _, _ in try typedSource(source, as: BenchItem.self).name }
            resolvers.asyncField("Item", "price") { source, _, _, _ in try typedSource(source, as: BenchItem.self).price
            }
            resolvers.asyncField("Item", "inStock") { source, _, _, _ in
                try typedSource(source, as: BenchItem.self).inStock
            }
            resolvers.asyncField("Item", "tags") { source, _, _, _ in try typedSource(source, as: BenchItem.self).tags }
            resolvers.asyncField("Item", "owner") { source, _, _, _ in try typedSource(source, as: BenchItem.self).owner
            }
        }
        do {
            let schema = try buildASTSchema(try parse(Source(sdl, name: "list-schema.graphql"), options: .unlimited))
            return try ExecutableSchema(schema: schema, resolvers: resolvers)
        } catch {
            throw BenchError("the list schema does not build: \(error)")
        }
    }
}

/// An item of the W5/W6 data.
final class BenchItem: Sendable {
    let id: String
    let name: String
    let price: Double
    let inStock: Bool
    let tags: [String]
    let owner: BenchPerson

    init(_ index: Int) {
        id = "item-\(index)"
        name = "Item \(index)"
        price = Double(index) * 1.5
        inStock = index % 2 == 0
        tags = ["a", "b"]
        owner = BenchPerson(index)
    }

    /// The 1000 items, built once.
    static let all: [BenchItem] = (0..<1000).map(BenchItem.init)
}

/// An item's owner; its fields use the default resolver.
final class BenchPerson: FieldValueProviding {
    let id: String
    let name: String
    let email: String?

    init(_ index: Int) {
        id = "p-\(index)"
        name = "Person \(index)"
        email = index % 3 == 0 ? nil : "person\(index)@example.com"
    }

    subscript(field name: String) -> ResolvedValue {
        switch name {
        case "id": return self.id
        case "name": return self.name
        case "email": return self.email
        default: return nil
        }
    }
}
