import GraphQL
import JSON
import MenagerieUpstreams
import Upstreams

/// A monster as the D&D API returned it: only the upstream fields the query
/// asked for (field pushdown), plus the upstream errors found inside it.
final class MonsterModel: Sendable {
    let object: JSONObject
    let upstreamErrors: [UpstreamError]

    init(object: JSONObject, upstreamErrors: [UpstreamError] = []) {
        self.object = object
        self.upstreamErrors = upstreamErrors
    }

    /// The SRD index.
    var index: String? { object["index"]?.stringValue }
    var name: String? { object["name"]?.stringValue }

    /// The value of a non-null upstream field, or the upstream error that explains its absence.
    func required(_ key: String) throws -> JSONValue {
        if let value = object[key], !value.isNull { return value }
        throw ErrorMapping.graphQLError(
            upstreamErrors.first
                ?? UpstreamError(
                    upstream: .dnd5e, kind: .badResponse,
                    message: "Upstream dnd5e sent an invalid response: the monster has no \(key)."))
    }

    func requiredString(_ key: String) throws -> String {
        guard let text = try required(key).stringValue else { throw Self.malformed(key) }
        return text
    }

    func requiredInt(_ key: String) throws -> Int {
        guard let number = try required(key).intValue else { throw Self.malformed(key) }
        return number
    }

    func requiredDouble(_ key: String) throws -> Double {
        guard let number = try required(key).doubleValue else { throw Self.malformed(key) }
        return number
    }

    static func malformed(_ key: String) -> GraphQLError {
        ErrorMapping.graphQLError(
            UpstreamError(
                upstream: .dnd5e, kind: .badResponse,
                message: "Upstream dnd5e sent an invalid response: \(key) has the wrong type."))
    }
}

/// The monsters of one D&D list answer as models, with their lowercased names (what a
/// search compares): derived once per answer (``of(_:)``).
final class MonsterList: Sendable {
    let models: [MonsterModel]
    /// The name of each monster of ``models`` as searches compare it ("" without a name).
    let nameKeys: [SearchKey]
    /// The matches of recent searches.
    private let searches = SearchMemo<MonsterModel>()

    init(_ objects: [JSONObject]) {
        models = objects.map { MonsterModel(object: $0) }
        nameKeys = models.map { SearchKey($0.name ?? "") }
    }

    /// The models of a `monsters(…)` list answer, made once per answer.
    static func of(_ answer: UpstreamAnswer<[JSONObject]>) -> MonsterList {
        answer.derived(as: MonsterList.self, MonsterList.init)
    }

    /// The models of a page answer (page and count), made once per answer.
    static func of(_ answer: UpstreamAnswer<DnDMonsterPage>) -> MonsterList {
        answer.derived(as: MonsterList.self) { MonsterList($0.monsters) }
    }

    /// The monsters whose name contains `search` case-insensitively (all for nil or empty).
    func matching(search: String?) -> [MonsterModel] {
        guard let key = NameOrder.searchKey(search) else { return models }
        return searches.matches(key.text) {
            var matches: [MonsterModel] = []
            for (model, nameKey) in zip(models, nameKeys) where NameOrder.matches(key: nameKey, searchKey: key) {
                matches.append(model)
            }
            return matches
        }
    }
}

/// A monster feature (special ability, action, legendary action) object of the upstream.
struct MonsterFeatureModel: Sendable {
    var object: JSONObject
    var monster: MonsterModel
}

/// One ability score.
struct AbilityScoreModel: Sendable {
    var score: Int
}
