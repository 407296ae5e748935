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

    init(_ breeds: [DogCEOBreed]) {
        var list: [BreedModel] = []
        for breed in breeds {
            list.append(BreedModel(main: breed.name, sub: nil, subBreedsOfMain: breed.subBreeds))
            for sub in breed.subBreeds {
                list.append(BreedModel(main: breed.name, sub: sub, subBreedsOfMain: breed.subBreeds))
            }
        }
        all = Self.sorted(list)
    }

    static func sorted(_ breeds: [BreedModel]) -> [BreedModel] {
        breeds.sorted { NameOrder.precedes(name: $0.name, id: $0.id, name: $1.name, id: $1.id) }
    }

    /// The breed whose path or display name equals `text`, case-insensitively, ignoring surrounding white space.
    func find(_ text: String) -> BreedModel? {
        let key = BreedNaming.lookupKey(text)
        return all.first { $0.id.lowercased() == key } ?? all.first { $0.name.lowercased() == key }
    }

    /// The first breed (in order) whose display name equals `name`, case-insensitively.
    func named(_ name: String) -> BreedModel? {
        let key = name.lowercased()
        return all.first { $0.name.lowercased() == key }
    }
}
