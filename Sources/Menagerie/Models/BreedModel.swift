import MenagerieUpstreams
import Upstreams

/// A Dog CEO breed or sub-breed as the schema's `Breed` sees it. The catalog's models are
/// made once per upstream answer (``BreedCatalog``) and shared by the requests it serves.
final class BreedModel: Sendable {
    /// The Dog CEO path: `"akita"` or `"hound/afghan"`.
    let id: String
    /// The display name (``BreedNaming/displayName(path:)``).
    let name: String
    /// ``name`` lowercased, as The Dog API's facts are looked up (``BreedFactsIndex/named(lowercased:)``).
    let lowercasedName: String
    /// The main breed's path for a sub-breed; nil for a main breed.
    let parentID: String?
    /// The sub-breed names of the main breed (of this breed, or of its parent).
    let mainSubBreeds: [String]
    /// The sub-breeds of a main breed, ordered by name; empty for a sub-breed.
    let subBreeds: [BreedModel]

    init(main: String, sub: String?, subBreedsOfMain: [String]) {
        let id = sub.map { main + "/" + $0 } ?? main
        self.id = id
        name = BreedNaming.displayName(path: id)
        lowercasedName = name.lowercased()
        parentID = sub == nil ? nil : main
        mainSubBreeds = subBreedsOfMain
        subBreeds =
            sub != nil
            ? []
            : BreedCatalog.sorted(
                subBreedsOfMain.map { BreedModel(main: main, sub: $0, subBreedsOfMain: subBreedsOfMain) })
    }

    /// The main breed of a sub-breed.
    var parent: BreedModel? {
        parentID.map { BreedModel(main: $0, sub: nil, subBreedsOfMain: mainSubBreeds) }
    }
}

/// Every breed of the Dog CEO list, ordered by name, with its lookup tables and search
/// keys: derived once per `/breeds/list/all` answer (``of(_:)``) and shared by every
/// request that answer serves.
final class BreedCatalog: Sendable {
    /// Main breeds and sub-breeds, ordered by name (ties by id).
    let all: [BreedModel]
    /// The display name of each breed of ``all`` as searches compare it.
    let nameKeys: [SearchKey]
    /// Breeds by lowercased path.
    private let byID: [String: BreedModel]
    /// The first breed (in order) of each lowercased display name.
    private let byName: [String: BreedModel]
    /// The matches of recent searches (sub-breeds included).
    private let searches = SearchMemo<BreedModel>()

    init(_ breeds: [DogCEOBreed]) {
        var list: [BreedModel] = []
        for breed in breeds {
            list.append(BreedModel(main: breed.name, sub: nil, subBreedsOfMain: breed.subBreeds))
            for sub in breed.subBreeds {
                list.append(BreedModel(main: breed.name, sub: sub, subBreedsOfMain: breed.subBreeds))
            }
        }
        all = Self.sorted(list)
        nameKeys = all.map { SearchKey($0.name) }
        var byID: [String: BreedModel] = [:]
        var byName: [String: BreedModel] = [:]
        for (breed, nameKey) in zip(all, nameKeys) {
            if byID[breed.id.lowercased()] == nil { byID[breed.id.lowercased()] = breed }
            if byName[nameKey.text] == nil { byName[nameKey.text] = breed }
        }
        self.byID = byID
        self.byName = byName
    }

    /// The catalog of a Dog CEO breed list answer, built once per answer.
    static func of(_ answer: UpstreamAnswer<[DogCEOBreed]>) -> BreedCatalog {
        answer.derived(as: BreedCatalog.self, BreedCatalog.init)
    }

    /// `breeds` ordered by name compared after lowercasing, ties by id.
    static func sorted(_ breeds: [BreedModel]) -> [BreedModel] {
        breeds.map { (key: $0.name.lowercased(), breed: $0) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.breed.id < $1.breed.id }
            .map(\.breed)
    }

    /// The breeds, in order, whose name contains `search` case-insensitively (every breed
    /// for nil or empty), sub-breeds only when `includeSubBreeds`.
    func matching(search: String?, includeSubBreeds: Bool = true) -> [BreedModel] {
        let key = NameOrder.searchKey(search)
        if key == nil, includeSubBreeds { return all }
        guard let key, includeSubBreeds else { return scan(key, includeSubBreeds: includeSubBreeds) }
        return searches.matches(key.text) { scan(key, includeSubBreeds: true) }
    }

    private func scan(_ key: SearchKey?, includeSubBreeds: Bool) -> [BreedModel] {
        var matches: [BreedModel] = []
        for (breed, nameKey) in zip(all, nameKeys)
        where (includeSubBreeds || breed.parentID == nil) && NameOrder.matches(key: nameKey, searchKey: key) {
            matches.append(breed)
        }
        return matches
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
