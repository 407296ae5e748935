import GraphQL

/// `Range`, `AbilityScores`, `AbilityScore`, the page types and the `Creature` interface.
enum CommonResolvers {
    static func register(_ map: inout Resolvers) {
        map.field("Range", "min", on: MeasuredRange.self) { $0.min }
        map.field("Range", "max", on: MeasuredRange.self) { $0.max }
        map.field("Range", "unit", on: MeasuredRange.self) { $0.unit }

        registerPage(&map, "BreedPage", BreedModel.self)
        registerPage(&map, "AnimalPage", AnimalModel.self)
        registerPage(&map, "MonsterPage", MonsterModel.self)

        map.resolveType("Creature") { value, _, _ in
            // The models are final classes: their exact type names the object type (a metatype
            // comparison, no dynamic cast); anything else, such as a boxed model, is cast.
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == ObjectIdentifier(BreedModel.self) { return "Breed" }
            if type == ObjectIdentifier(AnimalModel.self) { return "Animal" }
            if type == ObjectIdentifier(MonsterModel.self) { return "Monster" }
            return switch value {
            case is BreedModel: "Breed"
            case is AnimalModel: "Animal"
            case is MonsterModel: "Monster"
            default: nil
            }
        }
    }

    static func registerPage<Item: Sendable>(_ map: inout Resolvers, _ type: String, _: Item.Type) {
        map.field(type, "items", on: PageModel<Item>.self) { $0.items }
        map.field(type, "totalCount", on: PageModel<Item>.self) { $0.totalCount }
        map.field(type, "hasMore", on: PageModel<Item>.self) { $0.hasMore }
    }
}
