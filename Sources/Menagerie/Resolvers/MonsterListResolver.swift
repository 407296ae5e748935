import GraphQL
import JSON
import MenagerieUpstreams

/// How `monsters(…)`'s filters split between the upstream and the gateway:
/// the upstream takes `name`, `type`, `size` and whole-number challenge rating
/// bounds; fractional bounds are widened to whole numbers upstream and applied
/// exactly here.
struct MonsterFilterPlan: Sendable {
    var upstream: DnDMonsterQuery
    var minimum: Double?
    var maximum: Double?
    /// True when the gateway must filter what the upstream returns.
    var hasResidual: Bool

    /// The largest list the gateway asks the upstream for at once.
    static let fullListLimit = 10_000
    /// Whole-number bounds beyond this are not sent (the upstream's Int is 32-bit).
    static let boundLimit = 1_000_000_000.0

    init(_ arguments: FieldArguments) {
        var query = DnDMonsterQuery()
        query.name = arguments.text("search").flatMap { $0.isEmpty ? nil : $0 }
        query.type = arguments.text("type").flatMap { $0.isEmpty ? nil : $0 }
        query.size = arguments.text("size").map(Self.srdSize)
        minimum = arguments.number("minChallengeRating")
        maximum = arguments.number("maxChallengeRating")
        var residual = false
        var range = DnDNumberFilter()
        if let minimum {
            if minimum.rounded() != minimum || abs(minimum) > Self.boundLimit { residual = true }
            if abs(minimum) <= Self.boundLimit { range.atLeast = Int(minimum.rounded(.down)) }
        }
        if let maximum {
            if maximum.rounded() != maximum || abs(maximum) > Self.boundLimit { residual = true }
            if abs(maximum) <= Self.boundLimit { range.atMost = Int(maximum.rounded(.up)) }
        }
        if range.atLeast != nil || range.atMost != nil { query.challengeRating = range }
        upstream = query
        hasResidual = residual
    }

    /// `LARGE` → `Large`, the SRD's spelling.
    static func srdSize(_ name: String) -> String {
        guard let first = name.first else { return name }
        return String(first).uppercased() + name.dropFirst().lowercased()
    }

    /// Whether a monster (with `challenge_rating`) passes the bounds exactly.
    func accepts(_ monster: JSONObject) -> Bool {
        guard let rating = monster["challenge_rating"]?.doubleValue else { return false }
        if let minimum, rating < minimum { return false }
        if let maximum, rating > maximum { return false }
        return true
    }
}

/// `Query.monsters`: a page of monsters through the D&D GraphQL client, with field pushdown.
enum MonsterListResolver {
    static func resolve(_ arguments: FieldArguments, _ context: ResolvedValue, _ info: ResolveInfo) async throws -> PageModel<MonsterModel> {
        let page = try arguments.page()
        let context = try requestContext(context)
        let dnd = context.upstreams.dnd
        let pageFields = info.subfields(on: "MonsterPage")
        let itemSets = pageFields.filter { $0.name.value == "items" }.compactMap(\.selectionSet)
        let itemSelection = MonsterPushdown.selection(for: info.collectFields(itemSets, on: MonsterPushdown.monsterType), info)
        let wantsItems = pageFields.contains { $0.name.value == "items" } && page.limit > 0
        let wantsCount = pageFields.contains { $0.name.value == "totalCount" || $0.name.value == "hasMore" }
        let plan = MonsterFilterPlan(arguments)

        return try await mappingErrors(upstream: .dnd5e) {
            if !plan.hasResidual {
                var pageQuery = plan.upstream
                pageQuery.skip = page.skip
                pageQuery.limit = page.limit
                // Page and count together are one upstream request (two aliased `monsters` fields).
                // The models are made once per upstream answer.
                var models: [MonsterModel] = []
                var total = 0
                if wantsItems, wantsCount {
                    let answer = try await dnd.monsterPageAnswer(pageQuery, selection: itemSelection)
                    models = MonsterList.of(answer).models
                    total = answer.value.totalCount
                } else if wantsItems {
                    models = MonsterList.of(try await dnd.monstersAnswer(pageQuery, selection: itemSelection)).models
                } else if wantsCount {
                    total = try await dnd.monsterIndexes(matching: plan.upstream).count
                }
                // Without `items` the page's size follows from the count.
                let shown = wantsItems ? models.count : max(0, min(page.limit, total - page.skip))
                return PageModel(items: models, totalCount: total, hasMore: page.skip + shown < total)
            }
            var countQuery = plan.upstream
            countQuery.limit = MonsterFilterPlan.fullListLimit
            let matches = try await dnd.monsters(countQuery, selection: ["index", "challenge_rating"]).filter(plan.accepts)
            let window = page.slice(matches)
            var models: [MonsterModel] = []
            if wantsItems, !window.items.isEmpty {
                let keys = window.items.compactMap { $0["index"]?.stringValue }.map { DnDMonsterKey(index: $0, selection: itemSelection) }
                for result in await context.loaders.monsters.loadMany(keys) {
                    let lookup = try result.get()
                    if let object = lookup.monster { models.append(MonsterModel(object: object, upstreamErrors: lookup.errors)) }
                }
            }
            return PageModel(items: models, totalCount: window.totalCount, hasMore: window.hasMore)
        }
    }
}
