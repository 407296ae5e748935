import GraphQL
import JSON
import Upstreams

/// The embedded D&D 5e GraphQL endpoint: answers the upstream's `POST
/// /graphql/2014` in process by executing the query with the project's own
/// engine against ``DnDSubsetSchema`` over `Snapshot/dnd/monsters.json`, in
/// the real wire format (`{"data": …}`, `{"errors": […]}`).
///
/// Upstream semantics: `monsters` sorted by name, `limit` 100 by default and
/// at least 1, `skip` at least 0.
public final class EmbeddedDnDEndpoint: Sendable {
    /// The upstream's default page size.
    static let defaultLimit = 100

    let engine: GraphQLEngine
    /// Every monster, sorted by name.
    let monsters: [JSONValue]
    let byIndex: [String: JSONValue]

    /// An endpoint over `monstersJSON` (the text of a JSON array of SRD monsters).
    public init(monstersJSON: String) throws {
        let list = (try? JSONParser.parse(monstersJSON))?.arrayValue ?? []
        let sorted = list.filter { $0["index"]?.stringValue != nil }.sorted {
            ($0["name"]?.stringValue ?? "") < ($1["name"]?.stringValue ?? "")
        }
        monsters = sorted
        var table: [String: JSONValue] = [:]
        for monster in sorted { if let index = monster["index"]?.stringValue { table[index] = monster } }
        byIndex = table
        let schema = try buildASTSchema(parse(DnDSubsetSchema.sdl))
        engine = try GraphQLEngine(schema: schema, resolvers: Self.resolvers(monsters: sorted, byIndex: table))
    }

    /// An endpoint over the embedded snapshot (`Snapshot/dnd/monsters.json`).
    public static func fromSnapshot() throws -> EmbeddedDnDEndpoint {
        try EmbeddedDnDEndpoint(monstersJSON: SnapshotFiles.file("dnd/monsters.json") ?? "[]")
    }

    /// Answers one HTTP request to the endpoint.
    public func answer(_ request: UpstreamRequest) async -> UpstreamResponse {
        guard request.method == "POST" else {
            return Self.response(status: 405, errors: ["GET query missing."])
        }
        guard let body = try? JSONParser.parse(request.body), let query = body["query"]?.stringValue else {
            return Self.response(
                status: 400, errors: ["POST body missing, invalid Content-Type, or JSON object has no keys."])
        }
        let variables = body["variables"]?.objectValue ?? JSONObject()
        let result = await engine.execute(
            query: query, operationName: body["operationName"]?.stringValue,
            variables: variables)
        let status = result.data == nil ? 400 : 200
        return UpstreamResponse(
            status: status, headers: [UpstreamHeader("Content-Type", "application/json")],
            body: result.jsonBytes())
    }

    /// The transport handler for ``UpstreamsEnvironment``.
    public var handler: @Sendable (UpstreamRequest) async throws -> UpstreamResponse {
        { request in await self.answer(request) }
    }

    static func response(status: Int, errors: [String]) -> UpstreamResponse {
        let list = JSONValue.array(errors.map { .object(["message": .string($0)]) })
        return UpstreamResponse(
            status: status, headers: [UpstreamHeader("Content-Type", "application/json")],
            body: JSONValue.object(["errors": list]).serializedBytes())
    }

    static func resolvers(monsters: [JSONValue], byIndex: [String: JSONValue]) -> ResolverMap {
        var map = ResolverMap()
        map.field("Query", "monsters") { _, arguments, _, _ in
            let skip = arguments.int("skip") ?? 0
            let limit = arguments.int("limit") ?? defaultLimit
            guard limit >= 1 else { throw GraphQLError(message: "Argument Validation Error: limit must be at least 1") }
            guard skip >= 0 else { throw GraphQLError(message: "Argument Validation Error: skip must be at least 0") }
            let filter = DnDMonsterFilter(arguments: arguments.values)
            let matching = monsters.filter(filter.matches)
            return JSONValue.array(Array(matching.dropFirst(skip).prefix(limit)))
        }
        map.field("Query", "monster") { _, arguments, _, _ in
            guard let index = arguments.string("index") else { return nil }
            return byIndex[index]
        }
        map.resolveType("MonsterArmorClass") { value, _, _ in
            switch member(value, "type")?.stringValue {
            case "dex": "ArmorClassDex"
            case "natural": "ArmorClassNatural"
            case "armor": "ArmorClassArmor"
            case "spell": "ArmorClassSpell"
            case "condition": "ArmorClassCondition"
            default: nil
            }
        }
        map.resolveType("DamageOrDamageChoice") { value, _, _ in
            member(value, "choose") != nil ? "DamageChoice" : "Damage"
        }
        // Plain damage lists keep plain damage entries only.
        let plainDamage: SyncFieldResolver = { source, _, _, _ in
            guard let source, let list = member(source, "damage")?.arrayValue else { return nil }
            return JSONValue.array(list.filter { $0["choose"] == nil })
        }
        map.field("SpecialAbility", "damage", plainDamage)
        map.field("LegendaryAction", "damage", plainDamage)
        return map
    }
}

/// The member `key` of a JSON object value (a ``JSONValue`` or a ``JSONObject``).
func member(_ value: any Sendable, _ key: String) -> JSONValue? {
    if let object = value as? JSONObject { return object[key] }
    if let json = value as? JSONValue { return json[key] }
    return nil
}
