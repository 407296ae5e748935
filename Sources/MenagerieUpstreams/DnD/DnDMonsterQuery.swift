import JSON

/// An integer filter of the D&D API (`NumberFilterInput`: whole numbers only).
public struct DnDNumberFilter: Sendable, Hashable {
    public var eq: Int?
    public var oneOf: [Int]?
    public var noneOf: [Int]?
    public var lessThan: Int?
    public var atMost: Int?
    public var greaterThan: Int?
    public var atLeast: Int?

    /// Creates a filter; every part is optional.
    public init(
        eq: Int? = nil, oneOf: [Int]? = nil, noneOf: [Int]? = nil, lessThan: Int? = nil, atMost: Int? = nil,
        greaterThan: Int? = nil, atLeast: Int? = nil
    ) {
        self.eq = eq
        self.oneOf = oneOf
        self.noneOf = noneOf
        self.lessThan = lessThan
        self.atMost = atMost
        self.greaterThan = greaterThan
        self.atLeast = atLeast
    }

    /// The `NumberFilterInput` value.
    var json: JSONValue {
        var object = JSONObject()
        if let eq { object["eq"] = .int(eq) }
        if let oneOf { object["in"] = .array(oneOf.map { .int($0) }) }
        if let noneOf { object["nin"] = .array(noneOf.map { .int($0) }) }
        var range = JSONObject()
        if let lessThan { range["lt"] = .int(lessThan) }
        if let atMost { range["lte"] = .int(atMost) }
        if let greaterThan { range["gt"] = .int(greaterThan) }
        if let atLeast { range["gte"] = .int(atLeast) }
        if !range.isEmpty { object["range"] = .object(range) }
        return .object(object)
    }
}

/// The arguments of the upstream `monsters(…)` field that the gateway passes on.
/// Empty strings count as no filter.
public struct DnDMonsterQuery: Sendable, Hashable {
    /// `name`: the upstream matches it case-insensitively as a substring.
    public var name: String?
    public var type: String?
    public var subtype: String?
    public var size: String?
    public var challengeRating: DnDNumberFilter?
    public var xp: DnDNumberFilter?
    /// Other number filters by upstream argument name (`strength`, `dexterity`, …).
    public var abilityFilters: [String: DnDNumberFilter]
    /// `limit` (the upstream defaults to 100 when absent and rejects 0).
    public var limit: Int?
    public var skip: Int?

    /// Creates a query.
    public init(
        name: String? = nil, type: String? = nil, subtype: String? = nil, size: String? = nil,
        challengeRating: DnDNumberFilter? = nil, xp: DnDNumberFilter? = nil,
        abilityFilters: [String: DnDNumberFilter] = [:], limit: Int? = nil, skip: Int? = nil
    ) {
        self.name = name
        self.type = type
        self.subtype = subtype
        self.size = size
        self.challengeRating = challengeRating
        self.xp = xp
        self.abilityFilters = abilityFilters
        self.limit = limit
        self.skip = skip
    }

    static let abilityNames: Set<String> = [
        "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"
    ]

    /// Variable definitions, argument list and variable values, in a stable order.
    func arguments() -> (definitions: [String], arguments: [String], variables: JSONObject) {
        var definitions: [String] = []
        var arguments: [String] = []
        var variables = JSONObject()
        func add(_ name: String, _ type: String, _ value: JSONValue) {
            definitions.append("$\(name): \(type)")
            arguments.append("\(name): $\(name)")
            variables[name] = value
        }
        if let skip, skip > 0 { add("skip", "Int", .int(skip)) }
        if let limit { add("limit", "Int", .int(limit)) }
        for (key, value) in [("name", name), ("type", type), ("subtype", subtype), ("size", size)] {
            if let value, !value.isEmpty { add(key, "String", .string(value)) }
        }
        if let challengeRating { add("challenge_rating", "NumberFilterInput", challengeRating.json) }
        if let xp { add("xp", "NumberFilterInput", xp.json) }
        for key in abilityFilters.keys.sorted() where Self.abilityNames.contains(key) {
            if let filter = abilityFilters[key] { add(key, "NumberFilterInput", filter.json) }
        }
        return (definitions, arguments, variables)
    }
}
