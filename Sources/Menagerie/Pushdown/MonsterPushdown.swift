import GraphQL
import MenagerieUpstreams

/// Field pushdown for monsters: the upstream `Monster` fields that the client's
/// selection of the gateway's `Monster` fields needs.
enum MonsterPushdown {
    /// The gateway's object type of monsters.
    static let monsterType = "Monster"

    /// The upstream selection for the monster fields `fields` (already collected on `Monster`).
    static func selection(for fields: [Field], _ info: ResolveInfo) -> UpstreamSelection {
        var selection = UpstreamSelection([.field(MonsterUpstreamNames.id, nil), .field("name", nil)])
        for field in fields {
            switch field.name.value {
            case "imageUrl": selection.add(.field(MonsterUpstreamNames.imageUrl, nil))
            case "size", "type", "subtype", "alignment", "languages", "xp": selection.add(.field(field.name.value, nil))
            case "armorClass":
                let value: UpstreamSelection = ["value"]
                selection.add(
                    .field(
                        MonsterUpstreamNames.armorClass,
                        UpstreamSelection([
                            .on("ArmorClassDex", value), .on("ArmorClassNatural", value), .on("ArmorClassArmor", value),
                            .on("ArmorClassSpell", value), .on("ArmorClassCondition", value)
                        ])))
            case "hitPoints": selection.add(.field(MonsterUpstreamNames.hitPoints, nil))
            case "hitDice": selection.add(.field(MonsterUpstreamNames.hitDice, nil))
            case "challengeRating": selection.add(.field(MonsterUpstreamNames.challengeRating, nil))
            case "speed":
                var speed = UpstreamSelection()
                for sub in info.collectFields(field.selectionSet.map { [$0] } ?? [], on: "Speed") {
                    let name = sub.name.value
                    if ["walk", "swim", "fly", "climb", "burrow", "hover"].contains(name) {
                        speed.add(.field(name, nil))
                    }
                }
                if speed.isEmpty { speed.add("__typename") } // `speed { __typename }`: a selection set may not be empty
                selection.add(.field("speed", speed))
            case "abilities":
                for sub in info.collectFields(field.selectionSet.map { [$0] } ?? [], on: "AbilityScores") {
                    let name = sub.name.value
                    if MonsterResolvers.abilityNames.contains(name) { selection.add(.field(name, nil)) }
                }
            case "specialAbilities":
                selection.add(.field(MonsterUpstreamNames.specialAbilities, feature(field, info, damageIsUnion: false)))
            case "actions":
                selection.add(.field("actions", feature(field, info, damageIsUnion: true)))
            case "legendaryActions":
                selection.add(.field(MonsterUpstreamNames.legendaryActions, feature(field, info, damageIsUnion: false)))
            default:
                break // id, name, source, animal, breed, __typename: covered by index and name.
            }
        }
        return selection
    }

    /// The upstream selection of a feature list (`MonsterFeature` fields).
    static func feature(_ field: Field, _ info: ResolveInfo, damageIsUnion: Bool) -> UpstreamSelection {
        var selection: UpstreamSelection = ["name"]
        for sub in info.collectFields(field.selectionSet.map { [$0] } ?? [], on: "MonsterFeature") {
            switch sub.name.value {
            case "description": selection.add(.field(MonsterUpstreamNames.featureDescription, nil))
            case "attackBonus": selection.add(.field(MonsterUpstreamNames.featureAttackBonus, nil))
            case "damage":
                var damage = UpstreamSelection([.field(MonsterUpstreamNames.damageDice, nil)])
                for leaf in info.collectFields(sub.selectionSet.map { [$0] } ?? [], on: "Damage")
                where leaf.name.value == "type" {
                    damage.add(.field(MonsterUpstreamNames.damageType, ["index"]))
                }
                var list: UpstreamSelection = ["__typename"]
                if damageIsUnion {
                    list.add(.on("Damage", damage))
                } else {
                    for item in damage.items { list.add(item) }
                }
                selection.add(.field("damage", list))
            default: break
            }
        }
        return selection
    }

    /// The upstream selection for a field whose type is `Monster` (`monster`, `Animal.monster`, `Breed.monster`).
    static func selection(forMonsterField info: ResolveInfo) -> UpstreamSelection {
        selection(for: info.subfields(on: monsterType), info)
    }
}
