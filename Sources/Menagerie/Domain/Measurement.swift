/// A closed range of a measured quantity: the schema's `Range` type.
struct MeasuredRange: Sendable, Equatable {
    var min: Double
    var max: Double
    /// "ft", "m", "in", "cm", "lb", "kg" or "years".
    var unit: String

    /// The same range with both ends multiplied by `factor`, in `unit` (rounded as ``Units/rounded(_:)``).
    func scaled(by factor: Double, unit: String) -> MeasuredRange {
        MeasuredRange(min: Units.rounded(min * factor), max: Units.rounded(max * factor), unit: unit)
    }

    /// The same range with both ends divided by `divisor`, in `unit` (rounded as ``Units/rounded(_:)``).
    func divided(by divisor: Double, unit: String) -> MeasuredRange {
        MeasuredRange(min: Units.rounded(min / divisor), max: Units.rounded(max / divisor), unit: unit)
    }
}

/// Unit conversions: double arithmetic, a converted value rounded to 10 significant digits
/// (`1.7 ft` in metres is `0.51816`, not `0.5181600000000001`); values in the upstream's own
/// unit are as the upstream sent them.
enum Units {
    static let kilogramsPerPound = 0.45359237
    static let metersPerFoot = 0.3048
    static let centimetersPerFoot = 30.48
    static let inchesPerFoot = 12.0
    static let centimetersPerInch = 2.54

    /// The significant digits a converted value keeps.
    static let significantDigits = 10

    /// `value` rounded to ``significantDigits`` significant digits: the double nearest to the
    /// rounded decimal (powers of ten up to 1e22 are exact doubles, so one multiplication or
    /// division rounds correctly). Zero, infinities, NaN and values too small to scale that way
    /// are returned as they are.
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let exponent = Int((abs(value)).log10Floor)
        let shift = significantDigits - 1 - exponent
        guard (-22...22).contains(shift) else { return value }
        let scale = powerOfTen(abs(shift))
        return shift >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
    }

    private static func powerOfTen(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }

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

extension Double {
    /// ⌊log10(self)⌋ for a positive finite value, computed without Foundation.
    fileprivate var log10Floor: Double {
        var exponent = 0.0
        var x = self
        while x >= 10 { x /= 10; exponent += 1 }
        while x < 1 { x *= 10; exponent -= 1 }
        return exponent
    }
}
