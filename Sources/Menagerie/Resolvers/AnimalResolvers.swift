import GraphQL
import MenagerieUpstreams
import Upstreams

/// `Animal`.
enum AnimalResolvers {
    static func register(_ map: inout ResolverMap) {
        map.field("Animal", "id") { source, _, _, _ in try animal(source).id }
        map.field("Animal", "name") { source, _, _, _ in try animal(source).animal.name }
        map.field("Animal", "imageUrl") { source, _, _, _ in try animal(source).animal.imageLink }
        map.field("Animal", "source") { _, _, _, _ in "ZOO_ANIMAL_API" }
        map.field("Animal", "latinName") { source, _, _, _ in try required(try animal(source).animal.latinName, "latin_name") }
        map.field("Animal", "type") { source, _, _, _ in try animal(source).type }
        map.field("Animal", "activeTime") { source, _, _, _ in try required(try animal(source).animal.activeTime, "active_time") }
        map.field("Animal", "length") { source, arguments, _, _ in try animal(source).length(arguments.lengthUnit(default: .feet)) }
        map.field("Animal", "weight") { source, arguments, _, _ in try animal(source).weight(arguments.weightUnit(default: .pounds)) }
        map.field("Animal", "lifespan") { source, _, _, _ in try animal(source).animal.lifespan }
        map.field("Animal", "habitat") { source, _, _, _ in try required(try animal(source).animal.habitat, "habitat") }
        map.field("Animal", "diet") { source, _, _, _ in try required(try animal(source).animal.diet, "diet") }
        map.field("Animal", "geoRange") { source, _, _, _ in try required(try animal(source).animal.geoRange, "geo_range") }
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
