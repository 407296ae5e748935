/// The part of the D&D 5e SRD GraphQL API (`/graphql/2014`) that the gateway
/// uses, written for the embedded endpoint: the real API's type, field and
/// argument names, only the monster subset (root fields `monsters` and
/// `monster`, the `Monster` type and what it reaches).
enum DnDSubsetSchema {
    static let sdl = """
        type Query {
          "Monsters sorted by name; `limit` defaults to 100 and must be at least 1."
          monsters(
            skip: Int
            limit: Int
            name: String
            type: String
            subtype: String
            size: String
            challenge_rating: NumberFilterInput
            xp: NumberFilterInput
            strength: NumberFilterInput
            dexterity: NumberFilterInput
            constitution: NumberFilterInput
            intelligence: NumberFilterInput
            wisdom: NumberFilterInput
            charisma: NumberFilterInput
          ): [Monster!]!
          "One monster by its index; null when there is none."
          monster(index: String!): Monster
        }

        input NumberFilterInput {
          eq: Int
          in: [Int!]
          nin: [Int!]
          range: NumberRangeFilterInput
        }

        input NumberRangeFilterInput {
          lt: Int
          lte: Int
          gt: Int
          gte: Int
        }

        type Monster {
          index: String!
          name: String!
          desc: String!
          image: String
          size: String!
          type: String!
          subtype: String
          alignment: String!
          armor_class: [MonsterArmorClass!]!
          hit_points: Int!
          hit_dice: String!
          hit_points_roll: String!
          speed: MonsterSpeed!
          strength: Int!
          dexterity: Int!
          constitution: Int!
          intelligence: Int!
          wisdom: Int!
          charisma: Int!
          damage_vulnerabilities: [String!]!
          damage_resistances: [String!]!
          damage_immunities: [String!]!
          languages: String!
          challenge_rating: Float!
          xp: Int!
          special_abilities: [SpecialAbility!]
          actions: [MonsterAction!]
          legendary_actions: [LegendaryAction!]
        }

        union MonsterArmorClass = ArmorClassDex | ArmorClassNatural | ArmorClassArmor | ArmorClassSpell | ArmorClassCondition

        type ArmorClassDex { type: String! value: Int! desc: String }
        type ArmorClassNatural { type: String! value: Int! desc: String }
        type ArmorClassArmor { type: String! value: Int! desc: String armor: [Armor!] }
        type ArmorClassSpell { type: String! value: Int! desc: String spell: Spell! }
        type ArmorClassCondition { type: String! value: Int! desc: String condition: Condition! }

        type Armor { index: String! name: String! }
        type Spell { index: String! name: String! }
        type Condition { index: String! name: String! }

        type MonsterSpeed {
          walk: String
          swim: String
          fly: String
          climb: String
          burrow: String
          hover: Boolean
        }

        type SpecialAbility {
          name: String!
          desc: String!
          attack_bonus: Int
          damage: [Damage!]
        }

        type MonsterAction {
          name: String!
          desc: String!
          attack_bonus: Int
          multiattack_type: String
          damage: [DamageOrDamageChoice!]
        }

        type LegendaryAction {
          name: String!
          desc: String!
          attack_bonus: Int
          damage: [Damage!]
        }

        union DamageOrDamageChoice = Damage | DamageChoice

        type Damage {
          damage_type: DamageType
          damage_dice: String!
        }

        type DamageType { index: String! name: String! }

        type DamageChoice {
          choose: Float!
          type: String!
          desc: String
        }
        """
}
