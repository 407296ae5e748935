import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Query.search`: breeds, then animals, then monsters whose name contains the
/// text; the three sources are asked concurrently and a failing source costs
/// only its own matches (one error per failed source at the field's path).
enum SearchResolver {
    /// The matches at once when the three lists are cached and fresh; nil when getting them
    /// means waiting (then ``resolve(_:_:_:)``).
    static func immediate(_ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo) throws -> [any Sendable]? {
        let text = arguments.text("text") ?? ""
        let limit = try arguments.count("limit", default: 20, in: 0...Page.maxLimit)
        let upstreams = try requestContext(context).upstreams
        if limit == 0 { return [] }
        let selection = MonsterPushdown.selection(for: info.subfields(on: MonsterPushdown.monsterType), info)
        guard let breeds = upstreams.dogCEO.freshBreedsAnswer(),
              let animals = upstreams.zoo.freshAnimalsAnswer(),
              let monsters = upstreams.dnd.freshMonstersAnswer(monsterQuery(text, limit), selection: selection)
        else { return nil }
        var items: [any Sendable] = []
        items.append(contentsOf: BreedCatalog.of(breeds).matching(search: text))
        items.append(contentsOf: AnimalCatalog.of(animals).matching(search: text))
        items.append(contentsOf: MonsterList.of(monsters).matching(search: text))
        return Array(items.prefix(limit))
    }

    static func resolve(_ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo) async throws -> [any Sendable]? {
        let text = arguments.text("text") ?? ""
        let limit = try arguments.count("limit", default: 20, in: 0...Page.maxLimit)
        let context = try requestContext(context)
        if limit == 0 { return [] }
        let selection = MonsterPushdown.selection(for: info.subfields(on: MonsterPushdown.monsterType), info)
        let upstreams = context.upstreams

        // The models, their order and their lowercased names are derived once per upstream
        // answer: per request, only the filtering.
        async let breeds = attempt(.dogCEO) { () -> [any Sendable] in
            BreedCatalog.of(try await upstreams.dogCEO.breedsAnswer()).matching(search: text)
        }
        async let animals = attempt(.zoo) { () -> [any Sendable] in
            AnimalCatalog.of(try await upstreams.zoo.animalsAnswer()).matching(search: text)
        }
        async let monsters = attempt(.dnd5e) { () -> [any Sendable] in
            MonsterList.of(try await upstreams.dnd.monstersAnswer(monsterQuery(text, limit), selection: selection)).matching(search: text)
        }
        let results = await [breeds, animals, monsters]
        var items: [any Sendable] = []
        var failures = 0
        for result in results {
            switch result {
            case .success(let found): items += found
            case .failure(let error):
                failures += 1
                context.addError(error, at: info)
            }
        }
        if failures == results.count { return nil }
        return Array(items.prefix(limit))
    }

    /// The D&D query of a search: the monsters whose name contains `text`.
    static func monsterQuery(_ text: String, _ limit: Int) -> DnDMonsterQuery {
        DnDMonsterQuery(name: text.isEmpty ? nil : text, limit: limit)
    }

    /// The outcome of one source, its failure as a client-safe error naming the upstream.
    static func attempt(_ upstream: UpstreamName, _ body: () async throws -> [any Sendable]) async -> Result<[any Sendable], GraphQLError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(ErrorMapping.safe(error, upstream: upstream))
        }
    }
}
