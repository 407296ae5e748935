import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Animal`.
///
/// Fields read from a model are typed resolvers (`on: Model.self`): the engine hands over the
/// source without a dynamic cast or a ``ResolveInfo`` and takes common leaves unboxed.
enum AnimalResolvers {
    static func register(_ map: inout Resolvers) {
        map.field("Animal", "id", on: AnimalModel.self) { $0.id }
        map.field("Animal", "name", on: AnimalModel.self) { $0.animal.name }
        map.field("Animal", "imageUrl", on: AnimalModel.self) { $0.animal.imageLink }
        map.field("Animal", "source", on: AnimalModel.self) { _ in "ZOO_ANIMAL_API" }
        map.field("Animal", "latinName", on: AnimalModel.self) { try required($0.animal.latinName, "latin_name") }
        map.field("Animal", "type", on: AnimalModel.self) { $0.type }
        map.field("Animal", "activeTime", on: AnimalModel.self) { try required($0.animal.activeTime, "active_time") }
        map.field("Animal", "length", on: AnimalModel.self) { animal, arguments, _, _ in
            .ready(animal.length(arguments.lengthUnit(default: .feet)))
        }
        map.field("Animal", "weight", on: AnimalModel.self) { animal, arguments, _, _ in
            .ready(animal.weight(arguments.weightUnit(default: .pounds)))
        }
        map.field("Animal", "lifespan", on: AnimalModel.self) { $0.animal.lifespan }
        map.field("Animal", "habitat", on: AnimalModel.self) { try required($0.animal.habitat, "habitat") }
        map.field("Animal", "diet", on: AnimalModel.self) { try required($0.animal.diet, "diet") }
        map.field("Animal", "geoRange", on: AnimalModel.self) { try required($0.animal.geoRange, "geo_range") }
        map.field("Animal", "monster", on: AnimalModel.self) { animal, _, context, info in
            MonsterResolvers.monster(named: animal.animal.name, context: context, info: info)
        }
    }

    /// A text field the schema declares non-null: its absence upstream is a bad response of the Zoo API.
    static func required(_ value: String?, _ key: String) throws -> String {
        guard let value else {
            throw ErrorMapping.graphQLError(
                UpstreamError(
                    upstream: .zoo, kind: .badResponse,
                    message: "Upstream zoo sent an invalid response: the animal has no \(key)."))
        }
        return value
    }
}
