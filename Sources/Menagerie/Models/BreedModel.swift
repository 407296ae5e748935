import Locking
import Upstreams

/// A Dog CEO breed or sub-breed as the schema's `Breed` sees it.
struct BreedModel: Sendable, Hashable {
    /// The Dog CEO path: `"akita"` or `"hound/afghan"`.
    var id: String
    /// The display name (``BreedNaming/displayName(path:)``).
    var name: String
    /// The main breed's path for a sub-breed; nil for a main breed.
    var parentID: String?
    /// The sub-breed names of the main breed (of this breed, or of its parent).
    var mainSubBreeds: [String]

    init(main: String, sub: String?, subBreedsOfMain: [String]) {
        id = sub.map { main + "/" + $0 } ?? main
        name = BreedNaming.displayName(path: id)
        parentID = sub == nil ? nil : main
        mainSubBreeds = subBreedsOfMain
    }

    /// The main breed of a sub-breed.
    var parent: BreedModel? {
        parentID.map { BreedModel(main: $0, sub: nil, subBreedsOfMain: mainSubBreeds) }
    }

    /// The sub-breeds of a main breed, ordered by name; empty for a sub-breed.
    var subBreeds: [BreedModel] {
        guard parentID == nil else { return [] }
        return BreedCatalog.sorted(mainSubBreeds.map { BreedModel(main: id, sub: $0, subBreedsOfMain: mainSubBreeds) })
    }
}

/// Every breed of the Dog CEO list, ordered by name.
struct BreedCatalog: Sendable {
    /// Main breeds and sub-breeds, ordered by name (ties by id).
    var all: [BreedModel]
    /// Breeds by lowercased path.
    private var byID: [String: BreedModel] = [:]
    /// The first breed (in order) of each lowercased display name.
    private var byName: [String: BreedModel] = [:]

    init(_ breeds: [DogCEOBreed]) {
        var list: [BreedModel] = []
        for breed in breeds {
            list.append(BreedModel(main: breed.name, sub: nil, subBreedsOfMain: breed.subBreeds))
            for sub in breed.subBreeds {
                list.append(BreedModel(main: breed.name, sub: sub, subBreedsOfMain: breed.subBreeds))
            }
        }
        all = Self.sorted(list)
        for breed in all {
            if byID[breed.id.lowercased()] == nil { byID[breed.id.lowercased()] = breed }
            if byName[breed.name.lowercased()] == nil { byName[breed.name.lowercased()] = breed }
        }
    }

    /// The last catalog built and the list it was built from: the response cache hands out
    /// the same decoded list while it is fresh, so requests reuse one catalog.
    private static let memo = Locked<(input: [DogCEOBreed], catalog: BreedCatalog)?>(nil)

    /// The catalog of `breeds`, reused while the list is unchanged.
    static func of(_ breeds: [DogCEOBreed]) -> BreedCatalog {
        if let hit = memo.withLock({ entry in entry.flatMap { $0.input == breeds ? $0.catalog : nil } }) { return hit }
        let catalog = BreedCatalog(breeds)
        memo.withLock { $0 = (breeds, catalog) }
        return catalog
    }

    /// `breeds` ordered by name compared after lowercasing, ties by id.
    static func sorted(_ breeds: [BreedModel]) -> [BreedModel] {
        breeds.map { (key: $0.name.lowercased(), breed: $0) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.breed.id < $1.breed.id }
            .map(\.breed)
    }

    /// The breed whose path or display name equals `text`, case-insensitively, ignoring surrounding white space.
    func find(_ text: String) -> BreedModel? {
        let key = BreedNaming.lookupKey(text)
        return byID[key] ?? byName[key]
    }

    /// The first breed (in order) whose display name equals `name`, case-insensitively.
    func named(_ name: String) -> BreedModel? {
        byName[name.lowercased()]
    }
}
