import Base
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

/// What `Query.monsters` asks of the D&D client: the page, the filters and the fields.
private struct MonsterListRequest: Sendable {
    var page: Page
    var plan: MonsterFilterPlan
    var itemSelection: UpstreamSelection
    var wantsItems: Bool
    var wantsCount: Bool

    init(_ arguments: FieldArguments, _ info: ResolveInfo) throws {
        page = try arguments.page()
        let pageFields = info.subfields(on: "MonsterPage")
        let itemSets = pageFields.filter { $0.name.value == "items" }.compactMap(\.selectionSet)
        itemSelection = MonsterPushdown.selection(
            for: info.collectFields(itemSets, on: MonsterPushdown.monsterType), info)
        wantsItems = pageFields.contains { $0.name.value == "items" } && page.limit > 0
        wantsCount = pageFields.contains { $0.name.value == "totalCount" || $0.name.value == "hasMore" }
        plan = MonsterFilterPlan(arguments)
    }

    /// The upstream query of the page (filters, `skip`, `limit`).
    var pageQuery: DnDMonsterQuery {
        var query = plan.upstream
        query.skip = page.skip
        query.limit = page.limit
        return query
    }

    /// The page from the models and the count (without `items`, its size follows from the count).
    func pageModel(_ models: [MonsterModel], total: Int) -> PageModel<MonsterModel> {
        let shown = wantsItems ? models.count : max(0, min(page.limit, total - page.skip))
        return PageModel(items: models, totalCount: total, hasMore: page.skip + shown < total)
    }
}

/// `Query.monsters`: a page of monsters through the D&D GraphQL client, with field pushdown.
enum MonsterListResolver {
    /// The page: ready while the D&D answer it needs is cached and fresh (without a filter the
    /// gateway must apply itself), pending otherwise.
    static func page(_ arguments: FieldArguments, _ context: RequestContext, _ info: ResolveInfo) throws -> Eventual<
        PageModel<MonsterModel>
    > {
        let request = try MonsterListRequest(arguments, info)
        let dnd = context.dnd
        guard request.plan.hasResidual else {
            // Page and count together are one upstream request (two aliased `monsters` fields).
            // The models are made once per upstream answer.
            let page: Eventual<PageModel<MonsterModel>>
            if request.wantsItems, request.wantsCount {
                page = dnd.monsterPage(request.pageQuery, selection: request.itemSelection).map { answer in
                    request.pageModel(MonsterList.of(answer).models, total: answer.value.totalCount)
                }
            } else if request.wantsItems {
                page = dnd.monsters(request.pageQuery, selection: request.itemSelection).map { answer in
                    request.pageModel(MonsterList.of(answer).models, total: 0)
                }
            } else if request.wantsCount {
                page = dnd.monsterIndexes(matching: request.plan.upstream).map {
                    request.pageModel([], total: $0.count)
                }
            } else {
                page = .ready(request.pageModel([], total: 0))
            }
            return page.mappingErrors(upstream: .dnd5e)
        }
        // A fractional challenge-rating bound: every match's rating, filtered here, then the
        // page's monsters looked up by index.
        var countQuery = request.plan.upstream
        countQuery.limit = MonsterFilterPlan.fullListLimit
        let loaders = context.loaders
        return dnd.monsters(countQuery, selection: ["index", "challenge_rating"]).flatMap { answer in
            let window = request.page.slice(answer.value.filter(request.plan.accepts))
            guard request.wantsItems, !window.items.isEmpty else {
                return .ready(PageModel(items: [], totalCount: window.totalCount, hasMore: window.hasMore))
            }
            let keys = window.items.compactMap { $0["index"]?.stringValue }.map {
                DnDMonsterKey(index: $0, selection: request.itemSelection)
            }
            return .pending {
                var models: [MonsterModel] = []
                for result in await loaders.monsters.loadMany(keys) {
                    let lookup = try result.get()
                    if let object = lookup.monster {
                        models.append(MonsterModel(object: object, upstreamErrors: lookup.errors))
                    }
                }
                return PageModel(items: models, totalCount: window.totalCount, hasMore: window.hasMore)
            }
        }.mappingErrors(upstream: .dnd5e)
    }
}
