/// A closed range of a measured quantity: the schema's `Range` type.
struct MeasuredRange: Sendable, Equatable {
    var min: Double
    var max: Double
    /// "ft", "m", "in", "cm", "lb", "kg" or "years".
    var unit: String

    /// The same range with both ends multiplied by `factor`, in `unit`.
    func scaled(by factor: Double, unit: String) -> MeasuredRange {
        MeasuredRange(min: min * factor, max: max * factor, unit: unit)
    }

    /// The same range with both ends divided by `divisor`, in `unit`.
    func divided(by divisor: Double, unit: String) -> MeasuredRange {
        MeasuredRange(min: min / divisor, max: max / divisor, unit: unit)
    }
}

/// Unit conversions, exact double arithmetic with no rounding (semantics.md).
enum Units {
    static let kilogramsPerPound = 0.45359237
    static let metersPerFoot = 0.3048
    static let centimetersPerFoot = 30.48
    static let inchesPerFoot = 12.0
    static let centimetersPerInch = 2.54

    /// A Dog API metric height (centimetres) in the requested unit.
    static func fromCentimeters(_ range: MeasuredRange, to unit: LengthUnit) -> MeasuredRange {
        switch unit {
        case .centimeters: range
        case .meters: range.divided(by: 100, unit: "m")
        case .inches: range.divided(by: centimetersPerInch, unit: "in")
        case .feet: range.divided(by: centimetersPerFoot, unit: "ft")
        }
    }

    /// A Dog API metric weight (kilograms) in the requested unit.
    static func fromKilograms(_ range: MeasuredRange, to unit: WeightUnit) -> MeasuredRange {
        switch unit {
        case .kilograms: range
        case .pounds: range.divided(by: kilogramsPerPound, unit: "lb")
        }
    }

    /// A zoo length (feet) in the requested unit.
    static func fromFeet(_ range: MeasuredRange, to unit: LengthUnit) -> MeasuredRange {
        switch unit {
        case .feet: range
        case .meters: range.scaled(by: metersPerFoot, unit: "m")
        case .inches: range.scaled(by: inchesPerFoot, unit: "in")
        case .centimeters: range.scaled(by: centimetersPerFoot, unit: "cm")
        }
    }

    /// A zoo weight (pounds) in the requested unit.
    static func fromPounds(_ range: MeasuredRange, to unit: WeightUnit) -> MeasuredRange {
        switch unit {
        case .pounds: range
        case .kilograms: range.scaled(by: kilogramsPerPound, unit: "kg")
        }
    }
}

/// The schema's `LengthUnit`.
enum LengthUnit: String, Sendable, CaseIterable {
    case feet = "FEET", meters = "METERS", inches = "INCHES", centimeters = "CENTIMETERS"
}

/// The schema's `WeightUnit`.
enum WeightUnit: String, Sendable, CaseIterable {
    case pounds = "POUNDS", kilograms = "KILOGRAMS"
}
