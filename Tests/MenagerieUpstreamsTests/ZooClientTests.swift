import UpstreamStubs
import Foundation
import JSON
@testable import MenagerieUpstreams
@testable import Upstreams
import XCTest

final class ZooClientTests: XCTestCase {
    func recordedServer() throws -> StubServer {
        try StubServer { request in
            switch request.path {
            case "/animals": return .json(SharedData.text("zoo-animal-api/animals.json"))
            case "/animals/rand/8": return .json(SharedData.text("zoo-animal-api/animals-rand-8.json"))
            case "/animals/rand/10": return .json(SharedData.text("zoo-animal-api/animals-rand-10.json"))
            case "/animals/rand/1": return .json(SharedData.text("zoo-animal-api/animal-rand.json"))
            default:
                return .text(
                    "Error: We're unable to find the information you are looking for. Please try again.", status: 404)
            }
        }
    }

    func client(_ server: StubServer) -> ZooClient {
        ZooClient(
            pipeline: UpstreamPipeline(
                upstream: .zoo, transport: URLSessionTransport(timeout: .seconds(5)),
                settings: UpstreamSettings(timeout: .seconds(5), retry: .disabled)),
            baseURL: server.baseURL)
    }

    func testFullListWithNumbersAsStrings() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let animals = try await client(server).animals().value.value
        XCTAssertEqual(animals.count, 55)
        let lion = try XCTUnwrap(animals.first { $0.name == "African Lion" })
        XCTAssertEqual(lion.latinName, "Panthera leo")
        XCTAssertEqual(lion.lengthMin, 8.5)
        XCTAssertEqual(lion.lengthMax, 10)
        XCTAssertEqual(lion.weightMax, 530)
        XCTAssertEqual(lion.lifespan, 16)
        XCTAssertEqual(lion.animalType, "Mammal")
        let puffin = try XCTUnwrap(animals.first { $0.id == 20 })
        XCTAssertGreaterThan(try XCTUnwrap(puffin.weightMin), try XCTUnwrap(puffin.weightMax))
    }

    func testRandomCountsAndClamping() async throws {
        let server = try recordedServer()
        defer { server.stop() }
        let zoo = client(server)
        let eight = try await zoo.randomAnimals(count: 8).value
        XCTAssertEqual(eight.count, 8)
        XCTAssertEqual(Set(eight.map(\.id)).count, 8)
        let ten = try await zoo.randomAnimals(count: 50).value
        XCTAssertEqual(ten.count, 10)
        let one = try await zoo.randomAnimals(count: 1).value
        XCTAssertEqual(one.count, 1)
        _ = try await zoo.randomAnimals(count: 8).value
        XCTAssertEqual(
            server.requests.map(\.target), ["/animals/rand/8", "/animals/rand/10", "/animals/rand/1", "/animals/rand/8"]
        )
    }

    func testAnimalByIDComesFromTheList() async throws {
        let server = try StubServer { request in
            request.path == "/animals"
                ? .json(#"[{"id":3,"name":"Three","length_min":"x","lifespan":"12.0"},{"id":5,"name":"Five"}]"#)
                : .text(
                    "Error: We're unable to find the information you are looking for. Please try again.", status: 404)
        }
        defer { server.stop() }
        let zoo = client(server)
        let three = try await zoo.animal(id: 3).value
        XCTAssertEqual(three?.name, "Three")
        XCTAssertNil(three?.lengthMin)
        XCTAssertEqual(three?.lifespan, 12)
        let missing = try await zoo.animal(id: 4).value
        XCTAssertNil(missing)
        XCTAssertEqual(server.requests.map(\.target), ["/animals"], "one cached list request; never /animals/{id}")
    }

    func testRandomAnimalsFallBackToTheOpenSourceRoute() async throws {
        let animals = #"[{"id":3,"name":"Three"},{"id":5,"name":"Five"}]"#
        let server = try StubServer { request in
            request.path.hasPrefix("/animals/random/")
                ? .json(animals)
                : .text(
                    "Error: We're unable to find the information you are looking for. Please try again.", status: 404)
        }
        defer { server.stop() }
        let zoo = client(server)
        let first = try await zoo.randomAnimals(count: 2).value
        XCTAssertEqual(first.map(\.id), [3, 5])
        _ = try await zoo.randomAnimals(count: 2).value
        XCTAssertEqual(
            server.requests.map(\.target), ["/animals/rand/2", "/animals/random/2", "/animals/random/2"],
            "rand first; on its 404 random, remembered")
    }

    func testLenientNumbers() throws {
        let animal = try XCTUnwrap(
            ZooAnimal(json: [
                "id": "7", "name": "N", "length_min": 1.5, "length_max": " 2.50 ", "weight_min": "NaN",
                "weight_max": "inf", "lifespan": "12.5"
            ]))
        XCTAssertEqual(animal.id, 7)
        XCTAssertEqual(animal.lengthMin, 1.5)
        XCTAssertEqual(animal.lengthMax, 2.5)
        XCTAssertNil(animal.weightMin)
        XCTAssertNil(animal.weightMax)
        XCTAssertNil(animal.lifespan)
        XCTAssertNil(ZooAnimal(json: ["name": "no id"]))
    }
}
