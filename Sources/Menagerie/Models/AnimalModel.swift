import MenagerieUpstreams
import Upstreams

/// A zoo animal as the schema's `Animal` sees it, with what its fields need worked out
/// when the model is made (for the full list: once per upstream answer, ``AnimalCatalog``).
final class AnimalModel: Sendable {
    let animal: ZooAnimal
    let id: String
    /// `animal_type` upper-cased; unknown types are `OTHER`.
    let type: String
    /// The name lowercased: what searches compare and the list is ordered by.
    let nameKey: SearchKey

    init(animal: ZooAnimal) {
        self.animal = animal
        id = String(animal.id)
        let upper = (animal.animalType ?? "").uppercased()
        type = Self.knownTypes.contains(upper) ? upper : "OTHER"
        nameKey = SearchKey(animal.name)
    }

    static let knownTypes: Set<String> = [
        "MAMMAL", "BIRD", "REPTILE", "AMPHIBIAN", "FISH", "INVERTEBRATE", "MARSUPIAL", "OTHER"
    ]

    /// The length (upstream feet) in `unit`; nil when either end is not a number.
    func length(_ unit: LengthUnit) -> MeasuredRange? {
        guard let low = animal.lengthMin, let high = animal.lengthMax else { return nil }
        return Units.fromFeet(MeasuredRange(min: low, max: high, unit: "ft"), to: unit)
    }

    /// The weight (upstream pounds) in `unit`; nil when either end is not a number.
    func weight(_ unit: WeightUnit) -> MeasuredRange? {
        guard let low = animal.weightMin, let high = animal.weightMax else { return nil }
        return Units.fromPounds(MeasuredRange(min: low, max: high, unit: "lb"), to: unit)
    }
}

/// Every zoo animal as a model, ordered by name (lowercased), ties by id, with the first
/// animal of each lowercased name: derived once per `/animals` answer (``of(_:)``).
final class AnimalCatalog: Sendable {
    /// The animals in order.
    let sorted: [AnimalModel]
    /// The first animal (in order) of each lowercased name.
    private let byName: [String: AnimalModel]
    /// The matches of recent searches (any type).
    private let searches = SearchMemo<AnimalModel>()

    init(_ animals: [ZooAnimal]) {
        sorted = animals.map(AnimalModel.init(animal:))
            .sorted {
                $0.nameKey.text != $1.nameKey.text ? $0.nameKey.text < $1.nameKey.text : $0.animal.id < $1.animal.id
            }
        var byName: [String: AnimalModel] = [:]
        for model in sorted where byName[model.nameKey.text] == nil { byName[model.nameKey.text] = model }
        self.byName = byName
    }

    /// The catalog of a zoo `/animals` answer, built once per answer.
    static func of(_ answer: UpstreamAnswer<[ZooAnimal]>) -> AnimalCatalog {
        answer.derived(as: AnimalCatalog.self, AnimalCatalog.init)
    }

    /// The animals, in order, whose name contains `search` case-insensitively (all for nil
    /// or empty) and whose type is `type` (any for nil).
    func matching(search: String?, type: String? = nil) -> [AnimalModel] {
        let key = NameOrder.searchKey(search)
        if key == nil, type == nil { return sorted }
        let scan = {
            self.sorted.filter {
                NameOrder.matches(key: $0.nameKey, searchKey: key) && (type == nil || $0.type == type)
            }
        }
        guard let key, type == nil else { return scan() }
        return searches.matches(key.text, scan: scan)
    }

    /// The first animal (in order) whose name equals `name`, case-insensitively.
    func named(_ name: String) -> AnimalModel? {
        byName[name.lowercased()]
    }
}
