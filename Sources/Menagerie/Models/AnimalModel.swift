import Locking
import Upstreams

/// A zoo animal as the schema's `Animal` sees it.
struct AnimalModel: Sendable {
    var animal: ZooAnimal

    var id: String { String(animal.id) }

    /// `animal_type` upper-cased; unknown types are `OTHER`.
    var type: String {
        let upper = (animal.animalType ?? "").uppercased()
        return Self.knownTypes.contains(upper) ? upper : "OTHER"
    }

    static let knownTypes: Set<String> = ["MAMMAL", "BIRD", "REPTILE", "AMPHIBIAN", "FISH", "INVERTEBRATE", "MARSUPIAL", "OTHER"]

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

    /// Animals ordered by name (lowercased), ties by id.
    static func sorted(_ animals: [ZooAnimal]) -> [ZooAnimal] {
        if let hit = memo.withLock({ entry in entry.flatMap { $0.input == animals ? $0.sorted : nil } }) { return hit }
        let sorted = animals.map { (key: $0.name.lowercased(), animal: $0) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.animal.id < $1.animal.id }
            .map(\.animal)
        memo.withLock { $0 = (animals, sorted) }
        return sorted
    }

    /// The last list sorted and its input: the response cache hands out the same decoded
    /// list while it is fresh, so requests reuse one sorted copy.
    private static let memo = Locked<(input: [ZooAnimal], sorted: [ZooAnimal])?>(nil)
}
