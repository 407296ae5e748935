import JSON

/// The upstream `monsters(…)` arguments applied to the snapshot the way the
/// real D&D API applies them: `name` a case-insensitive substring, `type` and
/// `subtype` case-insensitive equality, `size` exact, number filters on whole
/// numbers (`eq`, `in`, `nin`, `range { lt lte gt gte }`).
struct DnDMonsterFilter {
    var name: String?
    var type: String?
    var subtype: String?
    var size: String?
    /// Number filters by monster field (`challenge_rating`, `xp`, `strength`, …).
    var numbers: [(field: String, filter: JSONObject)] = []

    static let numberFields = [
        "challenge_rating", "xp", "strength", "dexterity", "constitution",
        "intelligence", "wisdom", "charisma"
    ]

    init(arguments: JSONObject) {
        func text(_ key: String) -> String? {
            guard let value = arguments[key]?.stringValue, !value.isEmpty else { return nil }
            return value
        }
        name = text("name")?.lowercased()
        type = text("type")?.lowercased()
        subtype = text("subtype")?.lowercased()
        size = text("size")
        for field in Self.numberFields {
            if let filter = arguments[field]?.objectValue { numbers.append((field, filter)) }
        }
    }

    /// Whether `monster` passes every filter.
    func matches(_ monster: JSONValue) -> Bool {
        if let name, !(monster["name"]?.stringValue?.lowercased().contains(name) ?? false) { return false }
        if let type, monster["type"]?.stringValue?.lowercased() != type { return false }
        if let subtype, monster["subtype"]?.stringValue?.lowercased() != subtype { return false }
        if let size, monster["size"]?.stringValue != size { return false }
        for (field, filter) in numbers {
            guard let value = monster[field]?.doubleValue, Self.passes(value, filter) else { return false }
        }
        return true
    }

    static func passes(_ value: Double, _ filter: JSONObject) -> Bool {
        if let eq = filter["eq"]?.doubleValue, value != eq { return false }
        if let list = filter["in"]?.arrayValue, !list.contains(where: { $0.doubleValue == value }) { return false }
        if let list = filter["nin"]?.arrayValue, list.contains(where: { $0.doubleValue == value }) { return false }
        if let range = filter["range"]?.objectValue {
            if let bound = range["lt"]?.doubleValue, !(value < bound) { return false }
            if let bound = range["lte"]?.doubleValue, !(value <= bound) { return false }
            if let bound = range["gt"]?.doubleValue, !(value > bound) { return false }
            if let bound = range["gte"]?.doubleValue, !(value >= bound) { return false }
        }
        return true
    }
}
