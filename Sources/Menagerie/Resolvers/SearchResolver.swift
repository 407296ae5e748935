import Base
import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Query.search`: breeds, then animals, then monsters whose name contains the
/// text; the three sources are asked concurrently and a failing source costs
/// only its own matches (one error per failed source at the field's path).
enum SearchResolver {
    /// The matches: ready when the three lists are cached and fresh, else the sources that are
    /// not are awaited concurrently. The models, their order and their lowercased names are
    /// derived once per upstream answer: per request, only the filtering.
    static func search(_ arguments: FieldArguments, _ context: RequestContext, _ info: ResolveInfo) throws -> Resolution
    {
        let text = arguments.text("text") ?? ""
        let limit = try arguments.count("limit", default: 20, in: 0...Page.maxLimit)
        if limit == 0 { return .ready([any Sendable]()) }
        let selection = MonsterPushdown.selection(for: info.subfields(on: MonsterPushdown.monsterType), info)
        let breeds = context.breedCatalog().map { $0.matching(search: text) as [any Sendable] }
        let animals = context.animalCatalog().map { $0.matching(search: text) as [any Sendable] }
        let monsters = context.upstreams.dnd.monsters(monsterQuery(text, limit), selection: selection)
            .map { MonsterList.of($0).matching(search: text) as [any Sendable] }.mappingErrors(upstream: .dnd5e)
        if let breeds = breeds.readyValue, let animals = animals.readyValue, let monsters = monsters.readyValue {
            return .ready(Array((breeds + animals + monsters).prefix(limit)))
        }
        return .pending {
            async let breedMatches = outcome(breeds, .dogCEO)
            async let animalMatches = outcome(animals, .zoo)
            async let monsterMatches = outcome(monsters, .dnd5e)
            let results = await [breedMatches, animalMatches, monsterMatches]
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
    }

    /// The D&D query of a search: the monsters whose name contains `text`.
    static func monsterQuery(_ text: String, _ limit: Int) -> DnDMonsterQuery {
        DnDMonsterQuery(name: text.isEmpty ? nil : text, limit: limit)
    }

    /// The outcome of one source, its failure as a client-safe error naming the upstream.
    static func outcome(_ matches: Eventual<[any Sendable]>, _ upstream: UpstreamName) async -> Result<
        [any Sendable], GraphQLError
    > {
        do {
            return .success(try await matches.value)
        } catch {
            return .failure(ErrorMapping.safe(error, upstream: upstream))
        }
    }
}
