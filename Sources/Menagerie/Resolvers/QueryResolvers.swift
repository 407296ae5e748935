import GraphQL
import MenagerieUpstreams

/// The root fields of `Query`.
enum QueryResolvers {
    /// `Query.breeds` on a catalog: the page its arguments ask for.
    static func breedPage(_ catalog: BreedCatalog, _ arguments: FieldArguments) throws -> PageModel<BreedModel> {
        let page = try arguments.page()
        let includeSubBreeds = arguments.flag("includeSubBreeds", default: true)
        let search = arguments.text("search")
        let window = page.slice(catalog.matching(search: search, includeSubBreeds: includeSubBreeds))
        return PageModel(items: window.items, totalCount: window.totalCount, hasMore: window.hasMore)
    }

    /// `Query.animals` on a catalog: the page of the animals its filters keep.
    static func animalPage(_ catalog: AnimalCatalog, _ page: Page, _ arguments: FieldArguments) -> PageModel<AnimalModel> {
        let window = page.slice(catalog.matching(search: arguments.text("search"), type: arguments.text("type")))
        return PageModel(items: window.items, totalCount: window.totalCount, hasMore: window.hasMore)
    }

    /// A zoo animal id as the API writes it: decimal digits, no sign, no leading zero (`"3"`;
    /// `"03"`, `"+3"` and `"3.0"` are no id).
    static func canonicalID(_ text: String) -> Int? {
        let digits = text.utf8
        guard let first = digits.first, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(text)
    }

    static func register(_ map: inout ResolverMap) {
        // Answered at once while the Dog CEO breed list is cached and fresh.
        map.field("Query", "breeds", immediate: { _, arguments, context, _ in
            guard let catalog = try requestContext(context).immediateBreedCatalog() else { return .suspend }
            return .value(try breedPage(catalog, arguments))
        }, orAsync: { _, arguments, context, _ in
            _ = try arguments.page()  // Bad arguments are an error before any upstream call.
            return try breedPage(try await requestContext(context).breedCatalog(), arguments)
        })
        map.field("Query", "breed", immediate: { _, arguments, context, _ in
            guard let id = arguments.text("id") else { return .value(nil) }
            guard let catalog = try requestContext(context).immediateBreedCatalog() else { return .suspend }
            return .value(catalog.find(id))
        }, orAsync: { _, arguments, context, _ in
            guard let id = arguments.text("id") else { return nil }
            return try await requestContext(context).breedCatalog().find(id)
        })
        // Answered at once while the zoo's list is cached and fresh.
        map.field("Query", "animals", immediate: { _, arguments, context, _ in
            let page = try arguments.page()
            guard let answer = try requestContext(context).upstreams.zoo.freshAnimalsAnswer() else { return .suspend }
            return .value(animalPage(AnimalCatalog.of(answer), page, arguments))
        }, orAsync: { _, arguments, context, _ in
            let page = try arguments.page()
            let zoo = try requestContext(context).upstreams.zoo
            let catalog = try await mappingErrors(upstream: .zoo) { AnimalCatalog.of(try await zoo.animalsAnswer()) }
            return animalPage(catalog, page, arguments)
        })
        map.asyncField("Query", "animal") { _, arguments, context, _ in
            guard let text = arguments.text("id"), let id = canonicalID(BreedNaming.trimmed(text)) else { return nil }
            let loader = try requestContext(context).loaders.animalsByID
            let animal = try await mappingErrors(upstream: .zoo) { try await loader.load(id) }
            return animal.map(AnimalModel.init(animal:))
        }
        map.asyncField("Query", "randomAnimals") { _, arguments, context, _ in
            let count = try arguments.count("count", default: 10, in: 1...ZooClient.maxRandomCount)
            let zoo = try requestContext(context).upstreams.zoo
            let animals = try await mappingErrors(upstream: .zoo) { try await zoo.randomAnimals(count: count) }
            var seen: Set<Int> = []
            return animals.filter { seen.insert($0.id).inserted }.map(AnimalModel.init(animal:))
        }
        // Answered at once while the D&D answer it needs is cached and fresh.
        map.field("Query", "monsters", immediate: { _, arguments, context, info in
            guard let page = try MonsterListResolver.immediate(arguments, context, info) else { return .suspend }
            return .value(page)
        }, orAsync: { _, arguments, context, info in
            try await MonsterListResolver.resolve(arguments, context, info)
        })
        map.asyncField("Query", "monster") { _, arguments, context, info in
            guard let index = arguments.text("index") else { return nil }
            let normalized = BreedNaming.lookupKey(index)
            guard !normalized.isEmpty else { return nil }
            return try await MonsterResolvers.lookup(index: normalized, context: context, info: info)
        }
        // Answered at once while the three lists it searches are cached and fresh.
        map.field("Query", "search", immediate: { _, arguments, context, info in
            guard let found = try SearchResolver.immediate(arguments, context, info) else { return .suspend }
            return .value(found)
        }, orAsync: { _, arguments, context, info in
            try await SearchResolver.resolve(arguments, context, info)
        })
    }
}
