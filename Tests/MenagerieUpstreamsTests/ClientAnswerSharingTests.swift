import UpstreamStubs
import Foundation
@testable import MenagerieUpstreams
@testable import Upstreams
import XCTest

/// The clients hand out the pipeline's shared answers: what they derive from an answer
/// (the Zoo list, the D&D monster list, page and indexes) is derived once per answer.
final class ClientAnswerSharingTests: XCTestCase {
    func testClientsShareTheirAnswers() async throws {
        let zooServer = try StubServer { _ in .json(SharedData.text("zoo-animal-api/animals.json")) }
        defer { zooServer.stop() }
        let zoo = ZooClient(
            pipeline: UpstreamPipeline(upstream: .zoo, transport: URLSessionTransport(timeout: .seconds(5))),
            baseURL: zooServer.baseURL)
        let animals = try await zoo.animals().value
        let again = try await zoo.animals().value
        XCTAssertTrue(again === animals)
        let count = try await zoo.animals().value.value.count
        XCTAssertEqual(count, animals.value.count)

        let dndServer = try StubServer(dndStubAnswer)
        defer { dndServer.stop() }
        let dnd = DnDClient(
            pipeline: UpstreamPipeline(upstream: .dnd5e, transport: URLSessionTransport(timeout: .seconds(5))),
            endpoint: dndServer.baseURL + "/graphql/2014")
        let query = DnDMonsterQuery(name: "bear", limit: 5)
        let list = try await dnd.monsters(query, selection: ["index", "name"]).value
        let listAgain = try await dnd.monsters(query, selection: ["index", "name"]).value
        XCTAssertTrue(listAgain === list, "the list is derived once from the GraphQL answer")
        let page = try await dnd.monsterPage(query, selection: ["index", "name"]).value
        let pageAgain = try await dnd.monsterPage(query, selection: ["index", "name"]).value
        XCTAssertTrue(pageAgain === page)
        XCTAssertEqual(page.value.monsters, list.value)
        let indexes = try await dnd.monsterIndexes(matching: query).value
        XCTAssertEqual(indexes.count, page.value.totalCount)
        XCTAssertEqual(dndServer.requestCount, 3)
    }
}
