import GraphQL
import JSON
import MenagerieUpstreams
import Upstreams

/// `Monster`, `Speed`, `AbilityScores`, `AbilityScore`, `MonsterFeature`, `Damage`.
enum MonsterResolvers {
    static let abilityNames: Set<String> = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"]

    struct SpeedModel: Sendable { var object: JSONObject }
    struct DamageModel: Sendable { var object: JSONObject }

    static func register(_ map: inout ResolverMap) {
        map.field("Monster", "id") { source, _, _, _ in try monster(source).requiredString(MonsterUpstreamNames.id) }
        map.field("Monster", "name") { source, _, _, _ in try monster(source).requiredString("name") }
        map.field("Monster", "imageUrl") { source, _, _, _ in MonsterRules.imageURL(path: try monster(source).object[MonsterUpstreamNames.imageUrl]?.stringValue) }
        map.field("Monster", "source") { _, _, _, _ in "DND_5E_API" }
        map.field("Monster", "size") { source, _, _, _ in try monster(source).requiredString("size").uppercased() }
        map.field("Monster", "type") { source, _, _, _ in try monster(source).requiredString("type") }
        map.field("Monster", "subtype") { source, _, _, _ in try monster(source).object["subtype"]?.stringValue }
        map.field("Monster", "alignment") { source, _, _, _ in try monster(source).requiredString("alignment") }
        map.field("Monster", "armorClass") { source, _, _, _ in
            let monster = try monster(source)
            guard let first = try monster.required(MonsterUpstreamNames.armorClass).arrayValue?.first, let value = first["value"]?.intValue else {
                throw MonsterModel.malformed(MonsterUpstreamNames.armorClass)
            }
            return value
        }
        map.field("Monster", "hitPoints") { source, _, _, _ in try monster(source).requiredInt(MonsterUpstreamNames.hitPoints) }
        map.field("Monster", "hitDice") { source, _, _, _ in try monster(source).requiredString(MonsterUpstreamNames.hitDice) }
        map.field("Monster", "speed") { source, _, _, _ in
            guard let object = try monster(source).required("speed").objectValue else { throw MonsterModel.malformed("speed") }
            return SpeedModel(object: object)
        }
        map.field("Monster", "abilities") { source, _, _, _ in try monster(source) }
        map.field("Monster", "challengeRating") { source, _, _, _ in try monster(source).requiredDouble(MonsterUpstreamNames.challengeRating) }
        map.field("Monster", "xp") { source, _, _, _ in try monster(source).requiredInt("xp") }
        map.field("Monster", "languages") { source, _, _, _ in try monster(source).requiredString("languages") }
        for (field, key) in [("specialAbilities", MonsterUpstreamNames.specialAbilities), ("actions", "actions"),
                             ("legendaryActions", MonsterUpstreamNames.legendaryActions)] {
            map.field("Monster", field) { source, _, _, _ in
                let monster = try monster(source)
                guard let list = monster.object[key], !list.isNull else { return [MonsterFeatureModel]() }
                guard let items = list.arrayValue else { throw MonsterModel.malformed(key) }
                return try items.map { item -> MonsterFeatureModel in
                    guard let object = item.objectValue else { throw MonsterModel.malformed(key) }
                    return MonsterFeatureModel(object: object, monster: monster)
                }
            }
        }
        map.asyncField("Monster", "animal") { source, _, context, _ in
            let name = try monster(source).requiredString("name")
            let context = try requestContext(context)
            return try await mappingErrors(upstream: .zoo) { try await context.animalByName.load(name) }
        }
        map.asyncField("Monster", "breed") { source, _, context, _ in
            let name = try monster(source).requiredString("name")
            let context = try requestContext(context)
            return try await mappingErrors(upstream: .dogCEO) { try await context.breedByName.load(name) }
        }

        for field in ["walk", "swim", "fly", "climb", "burrow"] {
            map.field("Speed", field) { source, _, _, _ in try speed(source).object[field]?.stringValue }
        }
        map.field("Speed", "hover") { source, _, _, _ in try speed(source).object["hover"]?.boolValue ?? false }

        for ability in abilityNames {
            map.field("AbilityScores", ability) { source, _, _, _ in AbilityScoreModel(score: try monster(source).requiredInt(ability)) }
        }
        map.field("AbilityScore", "score") { source, _, _, _ in try score(source).score }
        map.field("AbilityScore", "modifier") { source, _, _, _ in MonsterRules.modifier(score: try score(source).score) }

        map.field("MonsterFeature", "name") { source, _, _, _ in try feature(source).string("name") }
        map.field("MonsterFeature", "description") { source, _, _, _ in try feature(source).string(MonsterUpstreamNames.featureDescription) }
        map.field("MonsterFeature", "attackBonus") { source, _, _, _ in try feature(source).object[MonsterUpstreamNames.featureAttackBonus]?.intValue }
        map.field("MonsterFeature", "damage") { source, _, _, _ in
            guard let list = try feature(source).object["damage"]?.arrayValue else { return [DamageModel]() }
            return list.compactMap { item -> DamageModel? in
                guard let object = item.objectValue else { return nil }
                let typeName = object["__typename"]?.stringValue
                guard typeName == nil || typeName == "Damage", object["choose"] == nil else { return nil }
                return DamageModel(object: object)
            }
        }
        map.field("Damage", "dice") { source, _, _, _ in try damage(source).object[MonsterUpstreamNames.damageDice]?.stringValue }
        map.field("Damage", "type") { source, _, _, _ in try damage(source).object[MonsterUpstreamNames.damageType]?["index"]?.stringValue }
    }

    // MARK: Lookups

    /// `Animal.monster` / `Breed.monster`: the monster whose name equals `name`, case-insensitively,
    /// through the request's by-name loader (one aliased upstream query per level).
    static func monster(named name: String, context: ResolvedValue, info: ResolveInfo) async throws -> MonsterModel? {
        let context = try requestContext(context)
        guard !BreedNaming.trimmed(name).isEmpty else { return nil }
        let key = DnDMonsterNameKey(name: name, selection: MonsterPushdown.selection(forMonsterField: info))
        let lookup = try await mappingErrors(upstream: .dnd5e) { try await context.loaders.monstersByName.load(key) }
        guard let object = lookup.monster, object["name"]?.stringValue?.lowercased() == name.lowercased() else { return nil }
        return MonsterModel(object: object, upstreamErrors: lookup.errors)
    }

    /// One monster by SRD index through the request's loader, with the fields `info` selects.
    static func lookup(index: String, context: ResolvedValue, info: ResolveInfo) async throws -> MonsterModel? {
        let context = try requestContext(context)
        let key = DnDMonsterKey(index: index, selection: MonsterPushdown.selection(forMonsterField: info))
        let lookup = try await mappingErrors(upstream: .dnd5e) { try await context.loaders.monsters.load(key) }
        guard let object = lookup.monster else { return nil }
        return MonsterModel(object: object, upstreamErrors: lookup.errors)
    }

    // MARK: Sources

    static func monster(_ source: ResolvedValue) throws -> MonsterModel {
        guard let monster = source as? MonsterModel else { throw GraphQLError(message: "Internal error: not a monster.") }
        return monster
    }

    static func speed(_ source: ResolvedValue) throws -> SpeedModel {
        guard let speed = source as? SpeedModel else { throw GraphQLError(message: "Internal error: not a speed.") }
        return speed
    }

    static func score(_ source: ResolvedValue) throws -> AbilityScoreModel {
        guard let score = source as? AbilityScoreModel else { throw GraphQLError(message: "Internal error: not a score.") }
        return score
    }

    static func feature(_ source: ResolvedValue) throws -> MonsterFeatureModel {
        guard let feature = source as? MonsterFeatureModel else { throw GraphQLError(message: "Internal error: not a feature.") }
        return feature
    }

    static func damage(_ source: ResolvedValue) throws -> DamageModel {
        guard let damage = source as? DamageModel else { throw GraphQLError(message: "Internal error: not damage.") }
        return damage
    }
}

extension MonsterFeatureModel {
    /// A non-null text field of the feature.
    func string(_ key: String) throws -> String {
        if let text = object[key]?.stringValue { return text }
        throw ErrorMapping.graphQLError(monster.upstreamErrors.first ?? UpstreamError(
            upstream: .dnd5e, kind: .badResponse, message: "Upstream dnd5e sent an invalid response: a feature has no \(key)."))
    }
}
