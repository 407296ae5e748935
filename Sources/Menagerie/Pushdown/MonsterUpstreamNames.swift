/// The D&D API's name of each gateway field of `Monster`, `MonsterFeature` and `Damage` whose
/// name differs upstream: the one place where the resolvers (reading upstream objects) and the
/// pushdown (asking the upstream for them) agree. Fields not listed have the same name on both
/// sides (`name`, `size`, `type`, `subtype`, `alignment`, `languages`, `xp`, `speed`, `actions`,
/// the six ability scores).
enum MonsterUpstreamNames {
    static let id = "index"
    static let imageUrl = "image"
    static let armorClass = "armor_class"
    static let hitPoints = "hit_points"
    static let hitDice = "hit_dice"
    static let challengeRating = "challenge_rating"
    static let specialAbilities = "special_abilities"
    static let legendaryActions = "legendary_actions"

    /// `MonsterFeature.description`.
    static let featureDescription = "desc"
    /// `MonsterFeature.attackBonus`.
    static let featureAttackBonus = "attack_bonus"
    /// `Damage.dice`.
    static let damageDice = "damage_dice"
    /// `Damage.type` (an object whose `index` is the type).
    static let damageType = "damage_type"
}
