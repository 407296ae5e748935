import DataLoader
import JSON
import Upstreams

/// A monster lookup by name (e.g. the monster of a dog breed or zoo animal of the same name).
public struct DnDMonsterNameKey: Sendable, Hashable {
    /// The name; matched case-insensitively, ignoring surrounding white space.
    public var name: String
    /// The upstream `Monster` fields the client's query needs.
    public var selection: UpstreamSelection

    /// Creates a key.
    public init(name: String, selection: UpstreamSelection) {
        self.name = name
        self.selection = selection
    }

    /// The name lowercased, surrounding white space removed.
    public var normalizedName: String { DnDClient.lowercasedTrimmed(name) }
}

extension DnDClient {
    /// Finds the monsters whose name equals each key's name (case-insensitively) in
    /// ONE upstream request: `n0: monsters(name: $n0) { name … }`, … (the upstream
    /// matches substrings; the exact match is picked here). A key without an
    /// exact match gets a lookup with a nil monster.
    public func monsters(named keys: [DnDMonsterNameKey]) async throws -> [Result<DnDMonsterLookup, any Error>] {
        if keys.isEmpty { return [] }
        let (names, selections, aliasOfKey) = Self.aliasGroups(keys, name: \.normalizedName) {
            UpstreamSelection(["name"]).merged(with: $0.selection)
        }
        var definitions: [String] = []
        var fields: [String] = []
        var variables = JSONObject()
        for (alias, name) in names.enumerated() {
            definitions.append("$n\(alias): String")
            fields.append("n\(alias): monsters(name: $n\(alias)) " + (try printed(selections[alias])))
            variables["n\(alias)"] = .string(name)
        }
        let text = "query ByName(" + definitions.joined(separator: ", ") + ") { " + fields.joined(separator: " ") + " }"
        let result = try await execute(query: text, variables: variables)

        var answers: [Result<DnDMonsterLookup, any Error>] = []
        for (alias, name) in names.enumerated() {
            let aliasKey = "n\(alias)"
            let aliasErrors = result.errors.filter { $0.path.first == .key(aliasKey) }
            guard let list = result.data?[aliasKey]?.arrayValue else {
                if let error = aliasErrors.first ?? result.errors.first {
                    var whole = error.error
                    whole.path = []
                    answers.append(.failure(whole))
                } else if result.data == nil {
                    answers.append(.failure(pipeline.badResponse("no data")))
                } else {
                    answers.append(.success(DnDMonsterLookup(monster: nil, errors: [])))
                }
                continue
            }
            guard let position = list.firstIndex(where: { $0["name"]?.stringValue?.lowercased() == name }),
                let monster = list[position].objectValue
            else {
                answers.append(.success(DnDMonsterLookup(monster: nil, errors: [])))
                continue
            }
            var errors: [UpstreamError] = []
            for located in aliasErrors where located.path.count >= 2 && located.path[1] == .index(position) {
                var error = located.error
                error.path = Array(located.path.dropFirst(2))
                errors.append(error)
            }
            answers.append(.success(DnDMonsterLookup(monster: monster, errors: errors)))
        }
        return aliasOfKey.map { answers[$0] }
    }

    /// A per-request loader of monsters by exact name: one aliased upstream query per dispatch.
    public func makeMonsterByNameLoader(
        scheduler: BatchScheduler, maxBatchSize: Int = 50, metrics: LoaderMetrics? = nil
    ) -> DataLoader<DnDMonsterNameKey, DnDMonsterLookup> {
        let options = DataLoaderOptions<DnDMonsterNameKey>(
            maxBatchSize: maxBatchSize,
            cacheKey: { DnDMonsterNameKey(name: $0.normalizedName, selection: $0.selection) },
            onBatch: Self.batchRecorder(metrics, loader: "dnd5e.monsterByName")
        )
        return DataLoader(scheduler: scheduler, options: options) { keys in try await self.monsters(named: keys) }
    }
}
