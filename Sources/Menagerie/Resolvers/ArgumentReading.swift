import GraphQL
import JSON

/// Reading field arguments the way semantics.md says: an explicit `null` for an
/// argument that has a default means the default; bad values are BAD_USER_INPUT.
extension FieldArguments {
    /// An integer argument, `defaultValue` when absent or null.
    func integer(_ name: String, default defaultValue: Int) -> Int {
        guard let value = self[name], !value.isNull else { return defaultValue }
        return value.intValue ?? defaultValue
    }

    /// A text argument; nil when absent or null.
    func text(_ name: String) -> String? {
        guard let value = self[name], !value.isNull else { return nil }
        return value.stringValue
    }

    /// A Boolean argument, `defaultValue` when absent or null.
    func flag(_ name: String, default defaultValue: Bool) -> Bool {
        guard let value = self[name], !value.isNull else { return defaultValue }
        return value.boolValue ?? defaultValue
    }

    /// A float argument; nil when absent or null.
    func number(_ name: String) -> Double? {
        guard let value = self[name], !value.isNull else { return nil }
        return value.doubleValue
    }

    /// The validated `limit`/`skip` page (defaults 20 and 0).
    func page(defaultLimit: Int = 20) throws -> Page {
        switch Page.validated(limit: integer("limit", default: defaultLimit), skip: integer("skip", default: 0)) {
        case .success(let page): return page
        case .failure(let problem): throw ErrorMapping.badUserInput(problem.message)
        }
    }

    /// A count argument checked against `range` (BAD_USER_INPUT outside it).
    func count(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        let value = integer(name, default: defaultValue)
        guard range.contains(value) else {
            throw ErrorMapping.badUserInput(
                "\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(value).")
        }
        return value
    }

    /// A length unit argument (default `defaultValue`).
    func lengthUnit(default defaultValue: LengthUnit) -> LengthUnit {
        text("unit").flatMap(LengthUnit.init(rawValue:)) ?? defaultValue
    }

    /// A weight unit argument (default `defaultValue`).
    func weightUnit(default defaultValue: WeightUnit) -> WeightUnit {
        text("unit").flatMap(WeightUnit.init(rawValue:)) ?? defaultValue
    }
}
