import UpstreamStubs
import DataLoader
import Foundation
import JSON
@testable import MenagerieUpstreams
@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// The SRD monsters by index, from the shared data set.
let srdMonsters: [String: JSONValue] = {
    guard let list = (try? JSONParser.parse(SharedData.text("dnd5eapi/monsters.json")))?.arrayValue else { return [:] }
    var table: [String: JSONValue] = [:]
    for monster in list { if let index = monster["index"]?.stringValue { table[index] = monster } }
    return table
}()

/// Answers aliased `monster(index: $iN)` lookups (`mN`) and `monsters` lists like the real API would,
/// from the SRD data (whole objects: the client must not depend on extra fields being absent).
func dndStubAnswer(_ request: StubRequest) -> StubAction {
    guard let body = try? JSONParser.parse(request.body), let query = body["query"]?.stringValue else {
        return .json(#"{"errors":[{"message":"Bad request"}]}"#, status: 400)
    }
    let variables = body["variables"]?.objectValue ?? JSONObject()
    var data = JSONObject()
    let byName = variables.entries.filter { $0.key.hasPrefix("n") && $0.key.dropFirst().allSatisfy(\.isNumber) }
    if !byName.isEmpty {
        let sorted = srdMonsters.values.sorted { ($0["name"]?.stringValue ?? "") < ($1["name"]?.stringValue ?? "") }
        for (key, value) in byName {
            let text = value.stringValue?.lowercased() ?? ""
            data[key] = .array(
                Array(sorted.filter { ($0["name"]?.stringValue?.lowercased() ?? "").contains(text) }.prefix(100)))
        }
    } else if query.contains("monsters") {
        var all = srdMonsters.values.sorted { ($0["name"]?.stringValue ?? "") < ($1["name"]?.stringValue ?? "") }
        if let name = variables["name"]?.stringValue?.lowercased() {
            all = all.filter { ($0["name"]?.stringValue?.lowercased() ?? "").contains(name) }
        }
        let skip = variables["skip"]?.intValue ?? 0
        let limit = variables["limit"]?.intValue ?? 100
        if query.contains("total: monsters(limit: 10000") {
            // `monsterPage`: every match under `total`, the page under `page`.
            data["total"] = .array(all)
            data["page"] = .array(Array(all.dropFirst(skip).prefix(limit)))
        } else {
            data["monsters"] = .array(Array(all.dropFirst(skip).prefix(limit)))
        }
    } else {
        for (key, value) in variables where key.hasPrefix("i") {
            data["m" + key.dropFirst()] = value.stringValue.flatMap { srdMonsters[$0] } ?? .null
        }
    }
    return .json(JSONValue.object(["data": .object(data)]).serialized())
}

final class DnDClientTests: XCTestCase {
    func client(_ server: StubServer) -> DnDClient {
        DnDClient(
            pipeline: UpstreamPipeline(
                upstream: .dnd5e, transport: URLSessionTransport(timeout: .seconds(5)),
                settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled)),
            endpoint: server.baseURL + "/graphql/2014")
    }

    func sentQuery(_ request: StubRequest?) -> (query: String, variables: JSONObject) {
        guard let request, let body = try? JSONParser.parse(request.body) else { return ("", JSONObject()) }
        return (body["query"]?.stringValue ?? "", body["variables"]?.objectValue ?? JSONObject())
    }

    func testSelectionPrintingMergesAndGuardsNames() throws {
        let selection: UpstreamSelection = [
            "index", "name", .field("speed", ["walk"]), .field("speed", ["fly"]), "name",
            .field("armor_class", ["type", "value", .on("ArmorClassArmor", [.field("armor", ["name"])])])
        ]
        XCTAssertEqual(
            try selection.printed(),
            "{ index name speed { walk fly } armor_class { type value ... on ArmorClassArmor { armor { name } } } }")
        let hostile: UpstreamSelection = ["name } __schema { types { name"]
        XCTAssertThrowsError(try hostile.printed())
        XCTAssertEqual(try UpstreamSelection().printed(), "{ __typename }")
    }

    func testLookupsOfOneRequestBecomeOneUpstreamQueryWithAliases() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let dnd = client(server)
        let scheduler = BatchScheduler()
        let loader = dnd.makeMonsterLoader(scheduler: scheduler)
        let selection: UpstreamSelection = ["index", "name", "hit_points"]
        let keys = ["aboleth", "  Mastiff ", "nosuchmonster", "aboleth"]
        let results = await scheduler.run {
            await withTaskGroup(of: (Int, DnDMonsterLookup?).self) { group in
                for (position, index) in keys.enumerated() {
                    scheduler.enter()
                    group.addTask {
                        await scheduler.runEntered {
                            (position, try? await loader.load(DnDMonsterKey(index: index, selection: selection)))
                        }
                    }
                }
                return await scheduler.waiting {
                    var all = [DnDMonsterLookup?](repeating: nil, count: keys.count)
                    for await (position, value) in group { all[position] = value }
                    return all
                }
            }
        }
        XCTAssertEqual(server.requestCount, 1)
        XCTAssertEqual(results[0]?.monster?["name"], "Aboleth")
        XCTAssertEqual(results[1]?.monster?["name"], "Mastiff")
        XCTAssertNotNil(results[2])
        XCTAssertNil(results[2]?.monster)
        XCTAssertEqual(results[3]?.monster?["hit_points"], results[0]?.monster?["hit_points"])
        let (query, variables) = sentQuery(server.requests.first)
        XCTAssertEqual(
            query,
            "query Lookup($i0: String!, $i1: String!, $i2: String!) { "
                + "m0: monster(index: $i0) { index name hit_points } "
                + "m1: monster(index: $i1) { index name hit_points } "
                + "m2: monster(index: $i2) { index name hit_points } }")
        XCTAssertEqual(
            Set(variables.entries.map { $0.value.stringValue ?? "" }), ["aboleth", "mastiff", "nosuchmonster"])
        XCTAssertEqual(server.requests.first?.method, "POST")
        XCTAssertEqual(server.requests.first?.path, "/graphql/2014")
    }

    func testDifferentSelectionsOfOneIndexMergeIntoOneAlias() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let results = try await client(server).monsters([
            DnDMonsterKey(index: "aboleth", selection: ["name"]),
            DnDMonsterKey(index: "aboleth", selection: ["xp"])
        ])
        XCTAssertEqual(try results[0].get().monster?["name"], "Aboleth")
        XCTAssertEqual(try results[1].get().monster?["xp"], 5900)
        XCTAssertEqual(
            sentQuery(server.requests.first).query,
            "query Lookup($i0: String!) { m0: monster(index: $i0) { name xp } }")
    }

    func testUpstreamErrorsBecomePerKeyErrorsWithPaths() async throws {
        let server = try StubServer { _ in
            .json(
                #"""
                {"errors":[
                  {"message":"Cannot return null for non-nullable field Monster.desc.","locations":[{"line":1,"column":9}],"path":["m1","desc"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}},
                  {"message":"Something inside","path":["m0","actions",0,"name"]}
                ],
                "data":{"m0":{"name":"Aboleth","actions":[null]},"m1":null}}
                """#)
        }
        defer { server.stop() }
        let results = try await client(server).monsters([
            DnDMonsterKey(index: "aboleth", selection: ["name", .field("actions", ["name"])]),
            DnDMonsterKey(index: "acolyte", selection: ["name", "desc"])
        ])
        let first = try results[0].get()
        XCTAssertEqual(first.monster?["name"], "Aboleth")
        XCTAssertEqual(first.errors.count, 1)
        XCTAssertEqual(first.errors.first?.path, [.key("actions"), .index(0), .key("name")])
        XCTAssertEqual(first.errors.first?.code, "UPSTREAM_BAD_RESPONSE")
        XCTAssertThrowsError(try results[1].get()) { error in
            let upstream = error as? UpstreamError
            XCTAssertEqual(upstream?.code, "UPSTREAM_BAD_RESPONSE")
            XCTAssertEqual(upstream?.upstream, .dnd5e)
            XCTAssertEqual(upstream?.path, [.key("desc")])
            XCTAssertTrue(upstream?.message.contains("Monster.desc") == true)
        }
    }

    func testErrorsWithoutDataFailEveryKey() async throws {
        let server = try StubServer { _ in .json(#"{"errors":[{"message":"Query is too deep"}]}"#) }
        defer { server.stop() }
        let results = try await client(server).monsters([
            DnDMonsterKey(index: "aboleth", selection: ["name"]),
            DnDMonsterKey(index: "acolyte", selection: ["name"])
        ])
        for result in results {
            XCTAssertThrowsError(try result.get()) {
                XCTAssertEqual(($0 as? UpstreamError)?.code, "UPSTREAM_BAD_RESPONSE")
            }
        }
    }

    func testValidationFailureStatusIsUnavailable() async throws {
        let server = try StubServer { _ in
            .json(#"{"errors":[{"message":"Cannot query field \"nope\" on type \"Monster\"."}]}"#, status: 400)
        }
        defer { server.stop() }
        await XCTAssertThrowsUpstream(
            try await client(server).monsters(DnDMonsterQuery(), selection: ["nope"]).value,
            code: "UPSTREAM_UNAVAILABLE")
    }

    func testListQueryPassesFiltersAndPagination() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let dnd = client(server)
        let query = DnDMonsterQuery(
            name: "dragon", type: "", challengeRating: DnDNumberFilter(atMost: 20, atLeast: 10), limit: 5, skip: 2)
        let monsters = try await dnd.monsters(query, selection: ["index", "name"]).value.value
        XCTAssertEqual(monsters.count, 5)
        XCTAssertTrue(monsters.allSatisfy { ($0["name"]?.stringValue ?? "").lowercased().contains("dragon") })
        let (text, variables) = sentQuery(server.requests.first)
        XCTAssertEqual(
            text,
            "query Monsters($skip: Int, $limit: Int, $name: String, $challenge_rating: NumberFilterInput) "
                + "{ monsters(skip: $skip, limit: $limit, name: $name, challenge_rating: $challenge_rating) { index name } }"
        )
        XCTAssertEqual(variables["limit"], 5)
        XCTAssertEqual(variables["skip"], 2)
        XCTAssertEqual(variables["challenge_rating"], ["range": ["lte": 20, "gte": 10]])
        XCTAssertNil(variables["type"])
    }

    func testLimitZeroMakesNoCallAndResultsAreCached() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let dnd = client(server)
        let none = try await dnd.monsters(DnDMonsterQuery(limit: 0), selection: ["index"]).value.value
        XCTAssertEqual(none, [])
        XCTAssertEqual(server.requestCount, 0)
        let all = try await dnd.monsters(DnDMonsterQuery(limit: 334), selection: ["index"]).value.value
        XCTAssertEqual(all.count, 334)
        _ = try await dnd.monsters(DnDMonsterQuery(limit: 334), selection: ["index"]).value.value
        XCTAssertEqual(server.requestCount, 1)
        let defaultPage = try await dnd.monsters(DnDMonsterQuery(), selection: ["index"]).value.value
        XCTAssertEqual(defaultPage.count, 100)
    }

    /// A repeated list query reuses its printed request (the same text and body: one cache entry,
    /// one upstream call); distinct queries are printed apart, and the memo stays bounded.
    func testListRequestsArePrintedOncePerDistinctQuery() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let dnd = client(server)
        let query = DnDMonsterQuery(name: "bear", limit: 5)
        let first = try await dnd.monsters(query, selection: ["index", "name"]).value.value
        let again = try await dnd.monsters(query, selection: ["index", "name"]).value.value
        XCTAssertEqual(again, first)
        XCTAssertEqual(dnd.requestMemo.count, 1)
        _ = try await dnd.monsterPage(query, selection: ["index", "name"]).value
        _ = try await dnd.monsters(query, selection: ["index"]).value.value
        _ = try await dnd.monsters(DnDMonsterQuery(name: "bear", limit: 6), selection: ["index", "name"]).value.value
        XCTAssertEqual(
            dnd.requestMemo.count, 4, "the page query, another selection and another limit are other requests")
        XCTAssertEqual(server.requestCount, 4)
        let (text, variables) = sentQuery(server.requests.last)
        XCTAssertEqual(
            text, "query Monsters($limit: Int, $name: String) { monsters(limit: $limit, name: $name) { index name } }")
        XCTAssertEqual(variables["limit"], 6)

        for limit in 1...(DnDRequestMemo.capacity + 10) {
            _ = try await dnd.monsters(DnDMonsterQuery(name: "zz-none", limit: limit), selection: ["index"]).value.value
        }
        XCTAssertLessThanOrEqual(dnd.requestMemo.count, DnDRequestMemo.capacity)
        _ = try await dnd.monsters(query, selection: ["index", "name"]).value.value
        XCTAssertEqual(
            server.requestCount, 4 + DnDRequestMemo.capacity + 10, "the first query is still cached by the pipeline")
    }

    func testGarbageAndHangFaults() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        server.fault = .garbage
        await XCTAssertThrowsUpstream(
            try await client(server).monsters([DnDMonsterKey(index: "aboleth", selection: ["name"])]),
            code: "UPSTREAM_BAD_RESPONSE")
        server.fault = .hang
        let tight = DnDClient(
            pipeline: UpstreamPipeline(
                upstream: .dnd5e, transport: URLSessionTransport(timeout: .milliseconds(200)),
                settings: UpstreamSettings(timeout: .milliseconds(200))),
            endpoint: server.baseURL + "/graphql/2014")
        await XCTAssertThrowsUpstream(
            try await tight.monsters([DnDMonsterKey(index: "aboleth", selection: ["name"])]), code: "UPSTREAM_TIMEOUT")
    }

    func testLookupsByNameBecomeOneQueryAndPickExactMatches() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let results = try await client(server).monsters(named: [
            DnDMonsterNameKey(name: "Mastiff", selection: ["index"]),
            DnDMonsterNameKey(name: " mastiff", selection: ["xp"]),
            DnDMonsterNameKey(name: "Ape", selection: ["index"]),
            DnDMonsterNameKey(name: "Nothing At All", selection: ["index"])
        ])
        XCTAssertEqual(server.requestCount, 1)
        XCTAssertEqual(try results[0].get().monster?["index"], "mastiff")
        XCTAssertEqual(try results[1].get().monster?["index"], "mastiff")
        XCTAssertEqual(try results[2].get().monster?["name"], "Ape")
        XCTAssertNil(try results[3].get().monster)
        XCTAssertEqual(
            sentQuery(server.requests.first).query,
            "query ByName($n0: String, $n1: String, $n2: String) { n0: monsters(name: $n0) { name index xp } "
                + "n1: monsters(name: $n1) { name index } n2: monsters(name: $n2) { name index } }")
    }

    func testPageAndCountAreOneRequestWithTheSameAnswers() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let dnd = client(server)
        let query = DnDMonsterQuery(name: "dragon", challengeRating: DnDNumberFilter(atLeast: 2), limit: 3, skip: 2)
        let pageAnswer = try await dnd.monsterPage(query, selection: ["index", "name", "xp"]).value.value
        let (page, total) = (pageAnswer.monsters, pageAnswer.totalCount)
        XCTAssertEqual(server.requestCount, 1)
        let (text, variables) = sentQuery(server.requests.first)
        XCTAssertEqual(
            text,
            "query MonsterPage($skip: Int, $limit: Int, $name: String, $challenge_rating: NumberFilterInput) "
                + "{ total: monsters(limit: 10000, name: $name, challenge_rating: $challenge_rating) { index } "
                + "page: monsters(skip: $skip, limit: $limit, name: $name, challenge_rating: $challenge_rating) { index name xp } }"
        )
        XCTAssertEqual(variables["skip"], 2)
        XCTAssertEqual(variables["limit"], 3)
        XCTAssertEqual(variables["name"], "dragon")
        XCTAssertEqual(variables["challenge_rating"], ["range": ["gte": 2]])

        let separatePage = try await dnd.monsters(query, selection: ["index", "name", "xp"]).value.value
        let separateCount = try await dnd.monsterIndexes(matching: query).value.count
        XCTAssertEqual(server.requestCount, 3)
        XCTAssertEqual(page, separatePage)
        XCTAssertEqual(page.count, 3)
        XCTAssertEqual(total, separateCount)
        XCTAssertGreaterThan(total, 5)

        // Cached like any query; limit 0 asks for the count only.
        _ = try await dnd.monsterPage(query, selection: ["index", "name", "xp"])
        XCTAssertEqual(server.requestCount, 3)
        var countOnly = query
        countOnly.limit = 0
        let noneAnswer = try await dnd.monsterPage(countOnly, selection: ["index"]).value.value
        let (none, sameTotal) = (noneAnswer.monsters, noneAnswer.totalCount)
        XCTAssertEqual(none, [])
        XCTAssertEqual(sameTotal, total)
        XCTAssertEqual(server.requestCount, 3, "the count query is the cached one of monsterIndexes")
    }

    func testPageWithUpstreamErrorsFails() async throws {
        let server = try StubServer { _ in
            .json(
                #"{"errors":[{"message":"Cannot return null for non-nullable field Monster.desc.","path":["page",0,"desc"]}],"data":null}"#
            )
        }
        defer { server.stop() }
        await XCTAssertThrowsUpstream(
            try await client(server).monsterPage(DnDMonsterQuery(limit: 2), selection: ["desc"]).value,
            code: "UPSTREAM_BAD_RESPONSE")
        let partial = try StubServer { _ in .json(#"{"data":{"total":[{"index":"a"}]}}"#) }
        defer { partial.stop() }
        await XCTAssertThrowsUpstream(
            try await client(partial).monsterPage(DnDMonsterQuery(limit: 2), selection: ["index"]).value,
            code: "UPSTREAM_BAD_RESPONSE")
    }

    func testMonsterIndexesForCounting() async throws {
        let server = try StubServer(dndStubAnswer)
        defer { server.stop() }
        let indexes = try await client(server).monsterIndexes(
            matching: DnDMonsterQuery(name: "dragon", limit: 2, skip: 1)
        ).value
        let expected = srdMonsters.values.filter { ($0["name"]?.stringValue?.lowercased() ?? "").contains("dragon") }
            .count
        XCTAssertEqual(indexes.count, expected)
        XCTAssertEqual(sentQuery(server.requests.first).variables["limit"], 10_000)
    }
}
