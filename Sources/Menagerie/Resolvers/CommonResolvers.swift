import GraphQL

/// `Range`, `AbilityScores`, `AbilityScore`, the page types and the `Creature` interface.
enum CommonResolvers {
    static func register(_ map: inout ResolverMap) {
        map.field("Range", "min") { source, _, _, _ in try range(source).min }
        map.field("Range", "max") { source, _, _, _ in try range(source).max }
        map.field("Range", "unit") { source, _, _, _ in try range(source).unit }

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

    static func registerPage<Item: Sendable>(_ map: inout ResolverMap, _ type: String, _: Item.Type) {
        map.field(type, "items") { source, _, _, _ in try page(source, Item.self).items }
        map.field(type, "totalCount") { source, _, _, _ in try page(source, Item.self).totalCount }
        map.field(type, "hasMore") { source, _, _, _ in try page(source, Item.self).hasMore }
    }

    static func page<Item: Sendable>(_ source: ResolvedValue, _: Item.Type) throws -> PageModel<Item> {
        guard let page = source as? PageModel<Item> else { throw GraphQLError(message: "Internal error: not a page.") }
        return page
    }

    static func range(_ source: ResolvedValue) throws -> MeasuredRange {
        guard let range = source as? MeasuredRange else { throw GraphQLError(message: "Internal error: not a range.") }
        return range
    }
}
