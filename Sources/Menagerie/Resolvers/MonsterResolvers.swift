import GraphQL
import JSON
import MenagerieUpstreams
import Upstreams

/// `Monster`, `Speed`, `AbilityScores`, `AbilityScore`, `MonsterFeature`, `Damage`.
///
/// Fields read from a model are typed resolvers (`on: Model.self`): the engine hands over the
/// source without a dynamic cast or a ``ResolveInfo`` and takes common leaves unboxed.
enum MonsterResolvers {
    static let abilityNames: Set<String> = [
        "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"
    ]

    struct SpeedModel: Sendable { var object: JSONObject }
    struct DamageModel: Sendable { var object: JSONObject }

    static func register(_ map: inout Resolvers) {
        map.field("Monster", "id", on: MonsterModel.self) { try $0.requiredString(MonsterUpstreamNames.id) }
        map.field("Monster", "name", on: MonsterModel.self) { try $0.requiredString("name") }
        map.field("Monster", "imageUrl", on: MonsterModel.self) {
            MonsterRules.imageURL(path: $0.object[MonsterUpstreamNames.imageUrl]?.stringValue)
        }
        map.field("Monster", "source", on: MonsterModel.self) { _ in "DND_5E_API" }
        map.field("Monster", "size", on: MonsterModel.self) { try $0.requiredString("size").uppercased() }
        map.field("Monster", "type", on: MonsterModel.self) { try $0.requiredString("type") }
        map.field("Monster", "subtype", on: MonsterModel.self) { $0.object["subtype"]?.stringValue }
        map.field("Monster", "alignment", on: MonsterModel.self) { try $0.requiredString("alignment") }
        map.field("Monster", "armorClass", on: MonsterModel.self) { monster in
            guard let first = try monster.required(MonsterUpstreamNames.armorClass).arrayValue?.first,
                let value = first["value"]?.intValue
            else {
                throw MonsterModel.malformed(MonsterUpstreamNames.armorClass)
            }
            return value
        }
        map.field("Monster", "hitPoints", on: MonsterModel.self) { try $0.requiredInt(MonsterUpstreamNames.hitPoints) }
        map.field("Monster", "hitDice", on: MonsterModel.self) { try $0.requiredString(MonsterUpstreamNames.hitDice) }
        map.field("Monster", "speed", on: MonsterModel.self) { monster in
            guard let object = try monster.required("speed").objectValue else { throw MonsterModel.malformed("speed") }
            return SpeedModel(object: object)
        }
        map.field("Monster", "abilities", on: MonsterModel.self) { $0 }
        map.field("Monster", "challengeRating", on: MonsterModel.self) {
            try $0.requiredDouble(MonsterUpstreamNames.challengeRating)
        }
        map.field("Monster", "xp", on: MonsterModel.self) { try $0.requiredInt("xp") }
        map.field("Monster", "languages", on: MonsterModel.self) { try $0.requiredString("languages") }
        for (field, key) in [
            ("specialAbilities", MonsterUpstreamNames.specialAbilities), ("actions", "actions"),
            ("legendaryActions", MonsterUpstreamNames.legendaryActions)
        ] {
            map.field("Monster", field, on: MonsterModel.self) { monster in
                guard let list = monster.object[key], !list.isNull else { return [MonsterFeatureModel]() }
                guard let items = list.arrayValue else { throw MonsterModel.malformed(key) }
                return try items.map { item -> MonsterFeatureModel in
                    guard let object = item.objectValue else { throw MonsterModel.malformed(key) }
                    return MonsterFeatureModel(object: object, monster: monster)
                }
            }
        }
        map.field("Monster", "animal", on: MonsterModel.self) { monster, _, context, _ in
            let name = try monster.requiredString("name")
            return context.animalCatalog().map { $0.named(name) }.resolution
        }
        map.field("Monster", "breed", on: MonsterModel.self) { monster, _, context, _ in
            let name = try monster.requiredString("name")
            return context.breedCatalog().map { $0.named(name) }.resolution
        }

        for field in ["walk", "swim", "fly", "climb", "burrow"] {
            map.field("Speed", field, on: SpeedModel.self) { $0.object[field]?.stringValue }
        }
        map.field("Speed", "hover", on: SpeedModel.self) { $0.object["hover"]?.boolValue ?? false }

        for ability in abilityNames {
            map.field("AbilityScores", ability, on: MonsterModel.self) {
                try AbilityScoreModel(score: $0.requiredInt(ability))
            }
        }
        map.field("AbilityScore", "score", on: AbilityScoreModel.self) { $0.score }
        map.field("AbilityScore", "modifier", on: AbilityScoreModel.self) { MonsterRules.modifier(score: $0.score) }

        map.field("MonsterFeature", "name", on: MonsterFeatureModel.self) { try $0.string("name") }
        map.field("MonsterFeature", "description", on: MonsterFeatureModel.self) {
            try $0.string(MonsterUpstreamNames.featureDescription)
        }
        map.field("MonsterFeature", "attackBonus", on: MonsterFeatureModel.self) {
            $0.object[MonsterUpstreamNames.featureAttackBonus]?.intValue
        }
        map.field("MonsterFeature", "damage", on: MonsterFeatureModel.self) { feature in
            guard let list = feature.object["damage"]?.arrayValue else { return [DamageModel]() }
            return list.compactMap { item -> DamageModel? in
                guard let object = item.objectValue else { return nil }
                let typeName = object["__typename"]?.stringValue
                guard typeName == nil || typeName == "Damage", object["choose"] == nil else { return nil }
                return DamageModel(object: object)
            }
        }
        map.field("Damage", "dice", on: DamageModel.self) { $0.object[MonsterUpstreamNames.damageDice]?.stringValue }
        map.field("Damage", "type", on: DamageModel.self) {
            $0.object[MonsterUpstreamNames.damageType]?["index"]?.stringValue
        }
    }

    // MARK: Lookups

    /// `Animal.monster` / `Breed.monster`: the monster whose name equals `name`, case-insensitively,
    /// through the request's by-name loader (one aliased upstream query per level).
    static func monster(named name: String, context: RequestContext, info: ResolveInfo) -> Resolution {
        guard !BreedNaming.trimmed(name).isEmpty else { return .ready(nil) }
        let key = DnDMonsterNameKey(name: name, selection: MonsterPushdown.selection(forMonsterField: info))
        let loader = context.loaders.monstersByName
        return .pending {
            let lookup = try await mappingErrors(upstream: .dnd5e) { try await loader.load(key) }
            guard let object = lookup.monster, object["name"]?.stringValue?.lowercased() == name.lowercased() else {
                return nil
            }
            return MonsterModel(object: object, upstreamErrors: lookup.errors)
        }
    }

    /// One monster by SRD index through the request's loader, with the fields `info` selects.
    static func lookup(index: String, context: RequestContext, info: ResolveInfo) -> Resolution {
        let key = DnDMonsterKey(index: index, selection: MonsterPushdown.selection(forMonsterField: info))
        let loader = context.loaders.monsters
        return .pending {
            let lookup = try await mappingErrors(upstream: .dnd5e) { try await loader.load(key) }
            guard let object = lookup.monster else { return nil }
            return MonsterModel(object: object, upstreamErrors: lookup.errors)
        }
    }
}

extension MonsterFeatureModel {
    /// A non-null text field of the feature.
    func string(_ key: String) throws -> String {
        if let text = object[key]?.stringValue { return text }
        throw ErrorMapping.graphQLError(
            monster.upstreamErrors.first
                ?? UpstreamError(
                    upstream: .dnd5e, kind: .badResponse,
                    message: "Upstream dnd5e sent an invalid response: a feature has no \(key)."))
    }
}
