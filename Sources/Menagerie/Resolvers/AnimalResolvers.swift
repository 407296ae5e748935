import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Animal`.
///
/// Fields read from a model are typed resolvers (`on: Model.self`): the engine hands over the
/// source without a dynamic cast or a ``ResolveInfo`` and takes common leaves unboxed.
enum AnimalResolvers {
    static func register(_ map: inout ResolverMap) {
        map.field("Animal", "id", on: AnimalModel.self) { $0.id }
        map.field("Animal", "name", on: AnimalModel.self) { $0.animal.name }
        map.field("Animal", "imageUrl", on: AnimalModel.self) { $0.animal.imageLink }
        map.field("Animal", "source", on: AnimalModel.self) { _ in "ZOO_ANIMAL_API" }
        map.field("Animal", "latinName", on: AnimalModel.self) { try required($0.animal.latinName, "latin_name") }
        map.field("Animal", "type", on: AnimalModel.self) { $0.type }
        map.field("Animal", "activeTime", on: AnimalModel.self) { try required($0.animal.activeTime, "active_time") }
        map.field("Animal", "length") { source, arguments, _, _ in try animal(source).length(arguments.lengthUnit(default: .feet)) }
        map.field("Animal", "weight") { source, arguments, _, _ in try animal(source).weight(arguments.weightUnit(default: .pounds)) }
        map.field("Animal", "lifespan", on: AnimalModel.self) { $0.animal.lifespan }
        map.field("Animal", "habitat", on: AnimalModel.self) { try required($0.animal.habitat, "habitat") }
        map.field("Animal", "diet", on: AnimalModel.self) { try required($0.animal.diet, "diet") }
        map.field("Animal", "geoRange", on: AnimalModel.self) { try required($0.animal.geoRange, "geo_range") }
        map.asyncField("Animal", "monster") { source, _, context, info in
            try await MonsterResolvers.monster(named: try animal(source).animal.name, context: context, info: info)
        }
    }

    static func animal(_ source: ResolvedValue) throws -> AnimalModel {
        guard let animal = source as? AnimalModel else { throw GraphQLError(message: "Internal error: not an animal.") }
        return animal
    }

    /// A text field the schema declares non-null: its absence upstream is a bad response of the Zoo API.
    static func required(_ value: String?, _ key: String) throws -> String {
        guard let value else {
            throw ErrorMapping.graphQLError(UpstreamError(upstream: .zoo, kind: .badResponse,
                                                          message: "Upstream zoo sent an invalid response: the animal has no \(key)."))
        }
        return value
    }
}
