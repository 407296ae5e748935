import Base
import GraphQL
import MenagerieUpstreams

/// The root fields of `Query`. Each is one body: ready while the upstream answer it reads is
/// cached and fresh (the field completes inline), pending otherwise.
enum QueryResolvers {
    /// `Query.breeds` on a catalog: the page its arguments ask for.
    static func breedPage(_ catalog: BreedCatalog, _ arguments: FieldArguments, _ page: Page) -> PageModel<BreedModel> {
        let includeSubBreeds = arguments.flag("includeSubBreeds", default: true)
        let window = page.slice(catalog.matching(search: arguments.text("search"), includeSubBreeds: includeSubBreeds))
        return PageModel(items: window.items, totalCount: window.totalCount, hasMore: window.hasMore)
    }

    /// `Query.animals` on a catalog: the page of the animals its filters keep.
    static func animalPage(_ catalog: AnimalCatalog, _ arguments: FieldArguments, _ page: Page) -> PageModel<
        AnimalModel
    > {
        let window = page.slice(catalog.matching(search: arguments.text("search"), type: arguments.text("type")))
        return PageModel(items: window.items, totalCount: window.totalCount, hasMore: window.hasMore)
    }

    /// A zoo animal id as the API writes it: decimal digits, no sign, no leading zero (`"3"`;
    /// `"03"`, `"+3"` and `"3.0"` are no id).
    static func canonicalID(_ text: String) -> Int? {
        let digits = text.utf8
        guard let first = digits.first, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }),
            first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        return Int(text)
    }

    static func register(_ map: inout Resolvers) {
        map.rootField("Query", "breeds") { arguments, context, _ in
            let page = try arguments.page() // Bad arguments are an error before any upstream call.
            return context.breedCatalog().map { breedPage($0, arguments, page) }.resolution
        }
        map.rootField("Query", "breed") { arguments, context, _ in
            guard let id = arguments.text("id") else { return .ready(nil) }
            return context.breedCatalog().map { $0.find(id) }.resolution
        }
        map.rootField("Query", "animals") { arguments, context, _ in
            let page = try arguments.page()
            return context.animalCatalog().map { animalPage($0, arguments, page) }.resolution
        }
        map.rootField("Query", "animal") { arguments, context, _ in
            guard let text = arguments.text("id"), let id = canonicalID(BreedNaming.trimmed(text)) else {
                return .ready(nil)
            }
            return context.zoo.animal(id: id).map { $0.map(AnimalModel.init(animal:)) }
                .mappingErrors(upstream: .zoo).resolution
        }
        map.rootField("Query", "randomAnimals") { arguments, context, _ in
            let count = try arguments.count("count", default: 10, in: 1...ZooClient.maxRandomCount)
            return context.zoo.randomAnimals(count: count).map { animals in
                var seen: Set<Int> = []
                return animals.filter { seen.insert($0.id).inserted }.map(AnimalModel.init(animal:))
            }.mappingErrors(upstream: .zoo).resolution
        }
        map.rootField("Query", "monsters") { arguments, context, info in
            try MonsterListResolver.page(arguments, context, info).resolution
        }
        map.rootField("Query", "monster") { arguments, context, info in
            guard let index = arguments.text("index") else { return .ready(nil) }
            let normalized = BreedNaming.lookupKey(index)
            guard !normalized.isEmpty else { return .ready(nil) }
            return MonsterResolvers.lookup(index: normalized, context: context, info: info)
        }
        map.rootField("Query", "search") { arguments, context, info in
            try SearchResolver.search(arguments, context, info)
        }
    }
}
