import Upstreams

/// What The Dog API knows about a breed: the schema's `BreedFacts`.
struct BreedFactsModel: Sendable {
    var breed: DogAPIBreed

    var lifeSpanYears: MeasuredRange? { breed.lifeSpan.flatMap(NumberText.lifeSpan) }

    var temperament: [String] { NumberText.list(breed.temperament) }

    /// `weight.metric` (kilograms) in `unit`; nil when absent or not a plain range.
    func weight(_ unit: WeightUnit) -> MeasuredRange? {
        guard let text = breed.weightMetric, let (low, high) = NumberText.range(text) else { return nil }
        return Units.fromKilograms(MeasuredRange(min: low, max: high, unit: "kg"), to: unit)
    }

    /// `height.metric` (centimetres) in `unit`; nil when absent or not a plain range.
    func height(_ unit: LengthUnit) -> MeasuredRange? {
        guard let text = breed.heightMetric, let (low, high) = NumberText.range(text) else { return nil }
        return Units.fromCentimeters(MeasuredRange(min: low, max: high, unit: "cm"), to: unit)
    }
}
