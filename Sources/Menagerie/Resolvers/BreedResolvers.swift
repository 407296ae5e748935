import GraphQL
import MenagerieUpstreams

/// `Breed` and `BreedFacts`.
///
/// Fields read from a model are typed resolvers (`on: Model.self`): the engine hands over the
/// source without a dynamic cast or a ``ResolveInfo`` and takes common leaves unboxed.
enum BreedResolvers {
    static func register(_ map: inout ResolverMap) {
        map.field("Breed", "id", on: BreedModel.self) { $0.id }
        map.field("Breed", "name", on: BreedModel.self) { $0.name }
        map.field("Breed", "source", on: BreedModel.self) { _ in "DOG_CEO" }
        map.field("Breed", "parent", on: BreedModel.self) { $0.parent }
        map.field("Breed", "subBreeds", on: BreedModel.self) { $0.subBreeds }
        // Answered at once while The Dog API's breed list is cached and fresh (a warm
        // request: no loader, no task); otherwise through the request's loader.
        map.field("Breed", "imageUrl", immediate: { source, _, context, _ in
            guard let index = try requestContext(context).immediateFactsIndex(),
                  let url = index.named(try breed(source).name)?.imageURL else { return .suspend }
            return .value(url)
        }, orAsync: { source, _, context, _ in
            let breed = try breed(source)
            let context = try requestContext(context)
            let facts: BreedFactsModel?
            do {
                if let index = context.immediateFactsIndex() {
                    facts = index.named(breed.name)  // Known, without an image: Dog CEO's below.
                } else {
                    facts = try await mappingErrors(upstream: .theDogAPI) { try await context.breedFacts.load(breed.name) }
                }
            } catch {
                // The Dog API failed (e.g. no key): Dog CEO's first image still shows the breed
                // (the semantics' rule for a breed without a Dog API image). Without one, the
                // Dog API's error stands: whether it had an image is unknown.
                if !Task.isCancelled,
                   let url = try? await context.loaders.breedImages.load(breed.id)?.first { return url }
                throw error
            }
            if let url = facts?.imageURL { return url }
            let images = try await mappingErrors(upstream: .dogCEO) { try await context.loaders.breedImages.load(breed.id) }
            return images?.first
        })
        map.asyncField("Breed", "images") { source, arguments, context, _ in
            let breed = try breed(source)
            let count = try arguments.count("count", default: 10, in: 1...50)
            let context = try requestContext(context)
            let (main, sub) = DogCEOClient.split(path: breed.id)
            return try await mappingErrors(upstream: .dogCEO) {
                try await context.upstreams.dogCEO.randomImages(breed: main, subBreed: sub, count: count)
            }
        }
        map.field("Breed", "facts", immediate: { source, _, context, _ in
            guard let index = try requestContext(context).immediateFactsIndex() else { return .suspend }
            return .value(index.named(lowercased: try breed(source).lowercasedName))
        }, orAsync: { source, _, context, _ in
            let breed = try breed(source)
            let context = try requestContext(context)
            return try await mappingErrors(upstream: .theDogAPI) { try await context.breedFacts.load(breed.name) }
        })
        map.asyncField("Breed", "monster") { source, _, context, info in
            try await MonsterResolvers.monster(named: try breed(source).name, context: context, info: info)
        }

        map.field("BreedFacts", "bredFor", on: BreedFactsModel.self) { $0.breed.bredFor }
        map.field("BreedFacts", "breedGroup", on: BreedFactsModel.self) { $0.breed.breedGroup }
        map.field("BreedFacts", "lifeSpan", on: BreedFactsModel.self) { $0.breed.lifeSpan }
        map.field("BreedFacts", "lifeSpanYears", on: BreedFactsModel.self) { $0.lifeSpanYears }
        map.field("BreedFacts", "temperament", on: BreedFactsModel.self) { $0.temperament }
        map.field("BreedFacts", "origin", on: BreedFactsModel.self) { $0.breed.origin }
        map.field("BreedFacts", "weight") { source, arguments, _, _ in
            try facts(source).weight(arguments.weightUnit(default: .kilograms))
        }
        map.field("BreedFacts", "height") { source, arguments, _, _ in
            try facts(source).height(arguments.lengthUnit(default: .centimeters))
        }
    }

    static func breed(_ source: ResolvedValue) throws -> BreedModel {
        guard let breed = source as? BreedModel else { throw GraphQLError(message: "Internal error: not a breed.") }
        return breed
    }

    static func facts(_ source: ResolvedValue) throws -> BreedFactsModel {
        guard let facts = source as? BreedFactsModel else { throw GraphQLError(message: "Internal error: not breed facts.") }
        return facts
    }
}
