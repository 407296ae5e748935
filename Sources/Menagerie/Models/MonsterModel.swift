import GraphQL
import JSON
import Upstreams

/// A monster as the D&D API returned it: only the upstream fields the query
/// asked for (field pushdown), plus the upstream errors found inside it.
struct MonsterModel: Sendable {
    var object: JSONObject
    var upstreamErrors: [UpstreamError] = []

    /// The SRD index.
    var index: String? { object["index"]?.stringValue }
    var name: String? { object["name"]?.stringValue }

    /// The value of a non-null upstream field, or the upstream error that explains its absence.
    func required(_ key: String) throws -> JSONValue {
        if let value = object[key], !value.isNull { return value }
        throw ErrorMapping.graphQLError(upstreamErrors.first ?? UpstreamError(
            upstream: .dnd5e, kind: .badResponse, message: "Upstream dnd5e sent an invalid response: the monster has no \(key)."))
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
        ErrorMapping.graphQLError(UpstreamError(upstream: .dnd5e, kind: .badResponse,
                                                message: "Upstream dnd5e sent an invalid response: \(key) has the wrong type."))
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
