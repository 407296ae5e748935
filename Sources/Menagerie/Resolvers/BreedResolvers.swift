import Base
import GraphQL
import MenagerieUpstreams

/// `Breed` and `BreedFacts`.
///
/// Fields read from a model are typed resolvers (`on: Model.self`): the engine hands over the
/// source without a dynamic cast or a ``ResolveInfo`` and takes common leaves unboxed.
enum BreedResolvers {
    static func register(_ map: inout Resolvers) {
        map.field("Breed", "id", on: BreedModel.self) { $0.id }
        map.field("Breed", "name", on: BreedModel.self) { $0.name }
        map.field("Breed", "source", on: BreedModel.self) { _ in "DOG_CEO" }
        map.field("Breed", "parent", on: BreedModel.self) { $0.parent }
        map.field("Breed", "subBreeds", on: BreedModel.self) { $0.subBreeds }
        map.field("Breed", "imageUrl", on: BreedModel.self) { breed, _, context, _ in
            imageURL(of: breed, context).resolution
        }
        map.field("Breed", "images", on: BreedModel.self) { breed, arguments, context, _ in
            let count = try arguments.count("count", default: 10, in: 1...50)
            let (main, sub) = DogCEOClient.split(path: breed.id)
            return context.dogCEO.randomImages(breed: main, subBreed: sub, count: count)
                .mappingErrors(upstream: .dogCEO).resolution
        }
        map.field("Breed", "facts", on: BreedModel.self) { breed, _, context, _ in
            context.factsIndex().map { $0.named(lowercased: breed.lowercasedName) }.resolution
        }
        map.field("Breed", "monster", on: BreedModel.self) { breed, _, context, info in
            MonsterResolvers.monster(named: breed.name, context: context, info: info)
        }

        map.field("BreedFacts", "bredFor", on: BreedFactsModel.self) { $0.breed.bredFor }
        map.field("BreedFacts", "breedGroup", on: BreedFactsModel.self) { $0.breed.breedGroup }
        map.field("BreedFacts", "lifeSpan", on: BreedFactsModel.self) { $0.breed.lifeSpan }
        map.field("BreedFacts", "lifeSpanYears", on: BreedFactsModel.self) { $0.lifeSpanYears }
        map.field("BreedFacts", "temperament", on: BreedFactsModel.self) { $0.temperament }
        map.field("BreedFacts", "origin", on: BreedFactsModel.self) { $0.breed.origin }
        map.field("BreedFacts", "weight", on: BreedFactsModel.self) { facts, arguments, _, _ in
            .ready(facts.weight(arguments.weightUnit(default: .kilograms)))
        }
        map.field("BreedFacts", "height", on: BreedFactsModel.self) { facts, arguments, _, _ in
            .ready(facts.height(arguments.lengthUnit(default: .centimeters)))
        }
    }

    /// `Breed.imageUrl`: The Dog API's picture of the breed; without one (or when The Dog API
    /// fails, e.g. without a key) Dog CEO's first image of the breed (the semantics' rule). When
    /// Dog CEO has none either after a Dog API failure, the Dog API's error stands: whether it
    /// had an image is unknown.
    static func imageURL(of breed: BreedModel, _ context: RequestContext) -> Eventual<String?> {
        let firstImage: @Sendable () async throws -> String? = {
            try await mappingErrors(upstream: .dogCEO) { try await context.loaders.breedImages.load(breed.id) }?.first
        }
        switch context.factsIndex() {
        case .ready(let index):
            if let url = index.named(breed.name)?.imageURL { return .ready(url) }
            return .pending(firstImage)
        case .pending(let facts):
            return .pending {
                let index: BreedFactsIndex
                do {
                    index = try await facts()
                } catch {
                    if !Task.isCancelled, let url = try? await firstImage() { return url }
                    throw error
                }
                if let url = index.named(breed.name)?.imageURL { return url }
                return try await firstImage()
            }
        }
    }
}
