import MenagerieUpstreams
import Upstreams

/// What The Dog API knows about a breed: the schema's `BreedFacts`, its texts parsed when
/// the model is made (once per upstream answer, ``BreedFactsIndex``).
final class BreedFactsModel: Sendable {
    let breed: DogAPIBreed
    let lifeSpanYears: MeasuredRange?
    let temperament: [String]
    /// `weight.metric` (kilograms); nil when absent or not a plain range.
    let weightKilograms: MeasuredRange?
    /// `height.metric` (centimetres); nil when absent or not a plain range.
    let heightCentimeters: MeasuredRange?
    /// ``DogAPIBreed/imageURL``.
    let imageURL: String?

    init(breed: DogAPIBreed) {
        self.breed = breed
        lifeSpanYears = breed.lifeSpan.flatMap(NumberText.lifeSpan)
        temperament = NumberText.list(breed.temperament)
        weightKilograms = breed.weightMetric.flatMap(NumberText.range).map {
            MeasuredRange(min: $0.min, max: $0.max, unit: "kg")
        }
        heightCentimeters = breed.heightMetric.flatMap(NumberText.range).map {
            MeasuredRange(min: $0.min, max: $0.max, unit: "cm")
        }
        imageURL = breed.imageURL
    }

    /// `weight.metric` (kilograms) in `unit`; nil when absent or not a plain range.
    func weight(_ unit: WeightUnit) -> MeasuredRange? {
        weightKilograms.map { Units.fromKilograms($0, to: unit) }
    }

    /// `height.metric` (centimetres) in `unit`; nil when absent or not a plain range.
    func height(_ unit: LengthUnit) -> MeasuredRange? {
        heightCentimeters.map { Units.fromCentimeters($0, to: unit) }
    }
}

/// The facts of every Dog API breed by lowercased name (the first breed of each name):
/// derived once per `/breeds` answer (``of(_:)``).
final class BreedFactsIndex: Sendable {
    private let byName: [String: BreedFactsModel]

    init(_ breeds: [DogAPIBreed]) {
        var byName: [String: BreedFactsModel] = [:]
        for breed in breeds {
            let key = breed.name.lowercased()
            if byName[key] == nil { byName[key] = BreedFactsModel(breed: breed) }
        }
        self.byName = byName
    }

    /// The index of a Dog API `/breeds` answer, built once per answer.
    static func of(_ answer: UpstreamAnswer<[DogAPIBreed]>) -> BreedFactsIndex {
        answer.derived(as: BreedFactsIndex.self, BreedFactsIndex.init)
    }

    /// The facts of the breed whose name, lowercased, equals `name` lowercased.
    func named(_ name: String) -> BreedFactsModel? {
        byName[name.lowercased()]
    }

    /// The facts of the breed whose lowercased name is `lowercasedName` (no lowercasing per call).
    func named(lowercased lowercasedName: String) -> BreedFactsModel? {
        byName[lowercasedName]
    }
}
