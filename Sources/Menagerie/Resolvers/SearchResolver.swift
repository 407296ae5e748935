import Base
import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Query.search`: breeds, then animals, then monsters whose name contains the
/// text; the three sources are asked concurrently and a failing source costs
/// only its own matches (one error per failed source at the field's path).
enum SearchResolver {
    /// The matches, one part per source (``ArrivingList``): the engine concatenates them in this
    /// order (breeds, animals, monsters), at once when the three lists are cached and fresh, else
    /// once the sources that are not have answered (concurrently); under `@stream` it sends each
    /// source's matches as the source answers. The models, their order and their lowercased names
    /// are derived once per upstream answer: per request, only the filtering.
    static func search(_ arguments: FieldArguments, _ context: RequestContext, _ info: ResolveInfo) throws -> Resolution
    {
        let text = arguments.text("text") ?? ""
        let limit = try arguments.count("limit", default: 20, in: 0...Page.maxLimit)
        if limit == 0 { return .ready([any Sendable]()) }
        let selection = MonsterPushdown.selection(for: info.subfields(on: MonsterPushdown.monsterType), info)
        let breeds = context.breedCatalog().map { $0.matching(search: text) as [any Sendable] }
        let animals = context.animalCatalog().map { $0.matching(search: text) as [any Sendable] }
        let monsters = context.dnd.monsters(monsterQuery(text, limit), selection: selection)
            .map { MonsterList.of($0).matching(search: text) as [any Sendable] }
        return .ready(
            ArrivingList(
                parts: [
                    breeds.mappingErrors(upstream: .dogCEO), animals.mappingErrors(upstream: .zoo),
                    monsters.mappingErrors(upstream: .dnd5e)
                ], limit: limit))
    }

    /// The D&D query of a search: the monsters whose name contains `text`.
    static func monsterQuery(_ text: String, _ limit: Int) -> DnDMonsterQuery {
        DnDMonsterQuery(name: text.isEmpty ? nil : text, limit: limit)
    }
}
