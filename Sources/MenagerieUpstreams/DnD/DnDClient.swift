import Base
import DataLoader
import JSON
import Upstreams

/// A monster lookup: an SRD index and the upstream fields to fetch.
public struct DnDMonsterKey: Sendable, Hashable {
    /// The SRD index (`"aboleth"`); compared lowercased and trimmed.
    public var index: String
    /// The upstream `Monster` fields the client's query needs.
    public var selection: UpstreamSelection

    /// Creates a key.
    public init(index: String, selection: UpstreamSelection) {
        self.index = index
        self.selection = selection
    }

    /// The index as the upstream knows it: lowercased, surrounding white space removed.
    public var normalizedIndex: String { DnDClient.lowercasedTrimmed(index) }
}

/// The answer to one monster lookup.
public struct DnDMonsterLookup: Sendable, Equatable {
    /// The monster object (only the selected fields), or nil when no monster has the index.
    public var monster: JSONObject?
    /// Upstream GraphQL errors inside this monster (paths relative to it), each
    /// ``UpstreamError/Kind/badResponse``: the resolver reports them at the
    /// client's path of the monster plus ``UpstreamError/path``.
    public var errors: [UpstreamError]
}

/// Client of the D&D 5e SRD GraphQL API (`POST https://www.dnd5eapi.co/graphql/2014`).
///
/// Queries ask only for the fields selected (field pushdown); filters and
/// `limit`/`skip` travel as variables; several `monster(index:)` lookups become
/// one request with aliases.
///
/// **Embedded mode:** the transport for this upstream is supplied by the
/// application (see ``UpstreamsEnvironment/embedded(lookup:dndHandler:)``): it
/// receives `POST` with body `{"query": …, "variables": {…}}` and must answer like
/// the real endpoint (`200`, `{"data": …, "errors": […]}`).
public struct DnDClient: Sendable {
    /// What the client is made with, shared by every scoped copy: a copy (one per client request)
    /// costs two retains, not one per field.
    private let settings: Settings

    /// The pipeline every request goes through.
    public var pipeline: UpstreamPipeline { settings.pipeline }
    /// The GraphQL endpoint URL (e.g. `https://www.dnd5eapi.co/graphql/2014`).
    public var endpoint: String { settings.endpoint }
    /// Caching of query results (the SRD data is static).
    public var policy: CachePolicy { settings.policy }
    /// The list queries' requests, printed once per distinct query.
    var requestMemo: DnDRequestMemo { settings.requestMemo }

    /// The client request whose calls this client makes (nil: none; see ``scoped(to:)``).
    public private(set) var scope: UpstreamScope?

    /// This client making its calls for one client request (``UpstreamScope``).
    public func scoped(to scope: UpstreamScope) -> Self {
        var client = self
        client.scope = scope
        return client
    }

    /// Creates a client.
    public init(
        pipeline: UpstreamPipeline, endpoint: String, policy: CachePolicy = CachePolicy(defaultTTL: .seconds(3600))
    ) {
        settings = Settings(pipeline: pipeline, endpoint: endpoint, policy: policy)
    }

    /// The client's fixed parts (see ``settings``).
    private final class Settings: Sendable {
        let pipeline: UpstreamPipeline
        let endpoint: String
        let policy: CachePolicy
        let requestMemo = DnDRequestMemo()

        init(pipeline: UpstreamPipeline, endpoint: String, policy: CachePolicy) {
            self.pipeline = pipeline
            self.endpoint = endpoint
            self.policy = policy
        }
    }

    /// `monsters(…)` with the given filters: the selected fields of each monster in upstream
    /// order (by name), ready while the answer is cached and fresh; one answer object per cache
    /// entry, derived once from the shared GraphQL answer. A `limit` of 0 is `[]` without a call.
    public func monsters(_ query: DnDMonsterQuery, selection: UpstreamSelection) -> Eventual<
        UpstreamAnswer<[JSONObject]>
    > {
        if let limit = query.limit, limit <= 0 { return .ready(UpstreamAnswer([])) }
        do {
            return result(try monstersRequest(query, selection: selection)).map { try monsterList(of: $0) }
        } catch {
            return .failed(error)
        }
    }

    /// The request of ``monsters(_:selection:)``.
    private func monstersRequest(_ query: DnDMonsterQuery, selection: UpstreamSelection) throws -> UpstreamRequest {
        try requestMemo.request(.init(kind: .monsters, query: query, selection: selection)) {
            try printedMonstersRequest(query, selection: selection)
        }
    }

    private func printedMonstersRequest(_ query: DnDMonsterQuery, selection: UpstreamSelection) throws
        -> UpstreamRequest
    {
        let (definitions, arguments, variables) = query.arguments()
        let selectionText = try printed(selection)
        var text = "query Monsters"
        if !definitions.isEmpty { text += "(" + definitions.joined(separator: ", ") + ")" }
        text += " { monsters"
        if !arguments.isEmpty { text += "(" + arguments.joined(separator: ", ") + ")" }
        text += " " + selectionText + " }"
        return graphQLRequest(query: text, variables: variables)
    }

    /// The `monsters` list of an answer, derived once per answer.
    private func monsterList(of answer: UpstreamAnswer<GraphQLResult>) throws -> UpstreamAnswer<[JSONObject]> {
        try answer.derivedAnswer(as: [JSONObject].self) { result in
            if let error = result.errors.first { throw error.error }
            guard let list = result.data?["monsters"]?.arrayValue else {
                throw pipeline.badResponse("no monsters list in the data")
            }
            return try monsterObjects(list)
        }
    }

    /// The monsters of a `monsters` list of the answer (each must be an object).
    private func monsterObjects(_ list: [JSONValue]) throws -> [JSONObject] {
        var monsters: [JSONObject] = []
        monsters.reserveCapacity(list.count)
        for item in list {
            guard let object = item.objectValue else { throw pipeline.badResponse("a monster is not an object") }
            monsters.append(object)
        }
        return monsters
    }

    /// A page of `monsters(…)` (`query`'s filters, `skip` and `limit`) together with the
    /// number of every monster matching the filters, in ONE upstream request: the D&D API
    /// has no count field, so the document asks for the page and, under a second alias,
    /// the indexes of all matches (`limit: 10000`), sharing the filter variables:
    ///
    ///     query MonsterPage($limit: Int, $name: String) {
    ///       total: monsters(limit: 10000, name: $name) { index }
    ///       page: monsters(limit: $limit, name: $name) { index name }
    ///     }
    ///
    /// The same monsters and count as ``monsters(_:selection:)`` and
    /// ``monsterIndexes(matching:)``; ready while the answer is cached and fresh. A `limit` of
    /// 0 asks for the count only.
    public func monsterPage(_ query: DnDMonsterQuery, selection: UpstreamSelection) -> Eventual<
        UpstreamAnswer<DnDMonsterPage>
    > {
        if let limit = query.limit, limit <= 0 {
            return monsterIndexes(matching: query).map {
                UpstreamAnswer(DnDMonsterPage(monsters: [], totalCount: $0.count))
            }
        }
        do {
            return result(try monsterPageRequest(query, selection: selection)).map { try monsterPage(of: $0) }
        } catch {
            return .failed(error)
        }
    }

    /// The request of ``monsterPage(_:selection:)`` (a positive `limit`).
    private func monsterPageRequest(_ query: DnDMonsterQuery, selection: UpstreamSelection) throws -> UpstreamRequest {
        try requestMemo.request(.init(kind: .monsterPage, query: query, selection: selection)) {
            try printedMonsterPageRequest(query, selection: selection)
        }
    }

    private func printedMonsterPageRequest(_ query: DnDMonsterQuery, selection: UpstreamSelection) throws
        -> UpstreamRequest
    {
        var filters = query
        filters.limit = nil
        filters.skip = nil
        let filterArguments = filters.arguments().arguments
        let (definitions, arguments, variables) = query.arguments()
        let selectionText = try printed(selection)
        var text = "query MonsterPage"
        if !definitions.isEmpty { text += "(" + definitions.joined(separator: ", ") + ")" }
        text +=
            " { total: monsters(" + (["limit: \(Self.countLimit)"] + filterArguments).joined(separator: ", ")
            + ") { index }"
        text += " page: monsters"
        if !arguments.isEmpty { text += "(" + arguments.joined(separator: ", ") + ")" }
        text += " " + selectionText + " }"
        return graphQLRequest(query: text, variables: variables)
    }

    /// The page and the count of an answer, derived once per answer.
    private func monsterPage(of answer: UpstreamAnswer<GraphQLResult>) throws -> UpstreamAnswer<DnDMonsterPage> {
        try answer.derivedAnswer(as: DnDMonsterPage.self) { result in
            if let error = result.errors.first { throw error.error }
            guard let all = result.data?["total"]?.arrayValue, let list = result.data?["page"]?.arrayValue else {
                throw pipeline.badResponse("no monsters list in the data")
            }
            let monsters = try monsterObjects(list)
            let total = all.reduce(into: 0) { count, item in if item["index"]?.stringValue != nil { count += 1 } }
            return DnDMonsterPage(monsters: monsters, totalCount: total)
        }
    }

    /// The `limit` that asks the upstream for every match (it has 334 monsters).
    static let countLimit = 10_000

    /// Looks up several monsters by index in ONE upstream request (aliases
    /// `m0`, `m1`, …). Results are in the order of `keys`; a key whose monster
    /// failed upstream gets that error.
    public func monsters(_ keys: [DnDMonsterKey]) async throws -> [Result<DnDMonsterLookup, any Error>] {
        if keys.isEmpty { return [] }
        let (indexes, selections, aliasOfKey) = Self.aliasGroups(keys, name: \.normalizedIndex) { $0.selection }
        var definitions: [String] = []
        var fields: [String] = []
        var variables = JSONObject()
        for (alias, index) in indexes.enumerated() {
            definitions.append("$i\(alias): String!")
            fields.append("m\(alias): monster(index: $i\(alias)) " + (try printed(selections[alias])))
            variables["i\(alias)"] = .string(index)
        }
        let text = "query Lookup(" + definitions.joined(separator: ", ") + ") { " + fields.joined(separator: " ") + " }"
        let result = try await execute(query: text, variables: variables)

        var errorsOfAlias: [Int: [UpstreamError]] = [:]
        var globalErrors: [UpstreamError] = []
        for located in result.errors {
            if case .key(let name)? = located.path.first, name.hasPrefix("m"), let alias = Int(name.dropFirst()),
                alias < indexes.count
            {
                var error = located.error
                error.path = Array(located.path.dropFirst())
                errorsOfAlias[alias, default: []].append(error)
            } else {
                globalErrors.append(located.error)
            }
        }
        var answers: [Result<DnDMonsterLookup, any Error>] = []
        for alias in 0..<indexes.count {
            let errors = errorsOfAlias[alias] ?? []
            let value = result.data?["m\(alias)"]
            if let object = value?.objectValue {
                answers.append(.success(DnDMonsterLookup(monster: object, errors: errors + globalErrors)))
            } else if value != nil, value?.isNull == false {
                answers.append(.failure(pipeline.badResponse("a monster is not an object")))
            } else if let error = errors.first ?? globalErrors.first {
                var whole = error
                whole.path = []
                answers.append(.failure(errors.isEmpty ? whole : error))
            } else if result.data == nil {
                answers.append(.failure(pipeline.badResponse("no data")))
            } else {
                answers.append(.success(DnDMonsterLookup(monster: nil, errors: [])))
            }
        }
        return aliasOfKey.map { answers[$0] }
    }

    /// A per-request loader of monsters by index: every lookup made while the
    /// request's work runs goes upstream as one aliased query.
    public func makeMonsterLoader(scheduler: BatchScheduler, maxBatchSize: Int = 100, metrics: LoaderMetrics? = nil)
        -> DataLoader<DnDMonsterKey, DnDMonsterLookup>
    {
        let options = DataLoaderOptions<DnDMonsterKey>(
            maxBatchSize: maxBatchSize,
            cacheKey: { DnDMonsterKey(index: $0.normalizedIndex, selection: $0.selection) },
            onBatch: Self.batchRecorder(metrics, loader: "dnd5e.monster")
        )
        return DataLoader(scheduler: scheduler, options: options) { keys in try await self.monsters(keys) }
    }

    static func batchRecorder(_ metrics: LoaderMetrics?, loader: String) -> (@Sendable (Int) -> Void)? {
        guard let metrics else { return nil }
        return { size in metrics.record(loader: loader, size: size) }
    }

    // MARK: Transport

    /// An upstream GraphQL error with its response path.
    public struct LocatedError: Sendable {
        /// The error to report (``UpstreamError/Kind/badResponse``).
        public var error: UpstreamError
        /// The upstream response path.
        public var path: [UpstreamError.PathElement]
    }

    /// Sends one GraphQL query and returns `data` and the errors it carried.
    public func execute(query: String, variables: JSONObject) async throws -> (
        data: JSONObject?, errors: [LocatedError]
    ) {
        let decoded = try await result(graphQLRequest(query: query, variables: variables)).value.value
        return (decoded.data, decoded.errors)
    }

    /// The POST of one GraphQL query (idempotent: a query, cached by its body).
    func graphQLRequest(query: String, variables: JSONObject) -> UpstreamRequest {
        var body = JSONObject()
        body["query"] = .string(query)
        if !variables.isEmpty { body["variables"] = .object(variables) }
        return UpstreamRequest(
            method: "POST",
            url: endpoint,
            headers: [UpstreamHeader("Content-Type", "application/json"), UpstreamHeader("Accept", "application/json")],
            body: JSONValue.object(body).serializedBytes(),
            isIdempotent: true
        )
    }

    /// A GraphQL request through the pipeline, its `data` and `errors` decoded once per cache
    /// entry; ready while the answer is cached and fresh.
    func result(_ request: UpstreamRequest) -> Eventual<UpstreamAnswer<GraphQLResult>> {
        let pipeline = self.pipeline
        // An answer carrying `errors` is used (its aliases that answered keep their data)
        // but never cached.
        return pipeline.answer(request, cache: policy, scope: scope, store: { $0.errors.isEmpty }) {
            response -> GraphQLResult in
            guard case .object(let object) = try pipeline.parseJSON(response.body) else {
                throw pipeline.badResponse("the GraphQL response is not an object")
            }
            let data = object["data"]?.objectValue
            var errors: [LocatedError] = []
            for item in object["errors"]?.arrayValue ?? [] {
                let message = item["message"]?.stringValue ?? "unknown error"
                var path: [UpstreamError.PathElement] = []
                for element in item["path"]?.arrayValue ?? [] {
                    if let key = element.stringValue {
                        path.append(.key(key))
                    } else if let index = element.intValue {
                        path.append(.index(index))
                    }
                }
                let error = pipeline.badResponse("GraphQL error: " + String(message.prefix(300)))
                errors.append(LocatedError(error: error, path: path))
            }
            if data == nil, errors.isEmpty { throw pipeline.badResponse("neither data nor errors") }
            return GraphQLResult(data: data, errors: errors)
        }
    }

    struct GraphQLResult: Sendable {
        var data: JSONObject?
        var errors: [LocatedError]
    }

    /// Every monster index matching `query`'s filters (its `limit`/`skip` ignored), e.g. to
    /// count matches: one request asking only for `index`; ready while it is cached and fresh.
    public func monsterIndexes(matching query: DnDMonsterQuery) -> Eventual<[String]> {
        monsters(Self.everyMatch(query), selection: ["index"]).map(Self.indexes(of:))
    }

    /// `query` asking for every match (its `limit`/`skip` ignored).
    private static func everyMatch(_ query: DnDMonsterQuery) -> DnDMonsterQuery {
        var all = query
        all.limit = countLimit
        all.skip = nil
        return all
    }

    /// The indexes of a list of monsters, derived once per answer.
    private static func indexes(of answer: UpstreamAnswer<[JSONObject]>) -> [String] {
        answer.derived(as: DnDMonsterIndexes.self) { monsters in
            DnDMonsterIndexes(indexes: monsters.compactMap { $0["index"]?.stringValue })
        }.indexes
    }

    func printed(_ selection: UpstreamSelection) throws -> String {
        do {
            return try selection.printed()
        } catch {
            throw pipeline.badResponse("the gateway asked for an invalid field name")
        }
    }

    /// `text` lowercased, surrounding white space removed.
    static func lowercasedTrimmed(_ text: String) -> String {
        var text = Substring(text.lowercased())
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// One alias per distinct name of `keys` (in order of first use), the selections of
    /// one name merged: the names, their selections and the alias of each key.
    static func aliasGroups<Key>(
        _ keys: [Key], name: (Key) -> String, selection: (Key) -> UpstreamSelection
    ) -> (names: [String], selections: [UpstreamSelection], aliasOfKey: [Int]) {
        var aliasOfName: [String: Int] = [:]
        var names: [String] = []
        var selections: [UpstreamSelection] = []
        var aliasOfKey: [Int] = []
        for key in keys {
            let name = name(key)
            if let alias = aliasOfName[name] {
                selections[alias] = selections[alias].merged(with: selection(key))
                aliasOfKey.append(alias)
            } else {
                aliasOfName[name] = names.count
                aliasOfKey.append(names.count)
                names.append(name)
                selections.append(selection(key))
            }
        }
        return (names, selections, aliasOfKey)
    }
}

/// A page of monsters with the number of every match (``DnDClient/monsterPage(_:selection:)``).
public struct DnDMonsterPage: Sendable {
    /// The page's monsters (the selected fields), in upstream order.
    public var monsters: [JSONObject]
    /// How many monsters match the filters.
    public var totalCount: Int

    /// Creates a page.
    public init(monsters: [JSONObject], totalCount: Int) {
        self.monsters = monsters
        self.totalCount = totalCount
    }
}

/// The indexes of a monster list, derived once per answer.
struct DnDMonsterIndexes: Sendable {
    var indexes: [String]
}
