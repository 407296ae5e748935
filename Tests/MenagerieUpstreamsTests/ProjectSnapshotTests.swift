import Foundation
import JSON
@testable import MenagerieUpstreams
@testable import Upstreams
import XCTest

/// The embedded transport over the project's own snapshot (Sources/MenagerieUpstreams/Snapshot).
final class ProjectSnapshotTests: XCTestCase {
    static let snapshotRoot: String = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { directory.deleteLastPathComponent() } // file, MenagerieUpstreamsTests, Tests
        return directory.appendingPathComponent("Sources/MenagerieUpstreams/Snapshot").path
    }()

    let lookup: @Sendable (String) -> String? = { path in
        try? String(contentsOfFile: ProjectSnapshotTests.snapshotRoot + "/" + path, encoding: .utf8)
    }

    func testEveryUpstreamAnswersFromTheSnapshot() async throws {
        let environment = UpstreamsEnvironment.embedded(lookup: lookup)
        let breeds = try await environment.dogCEO.breeds().value.value
        XCTAssertGreaterThan(breeds.count, 50)
        var withoutImages: [String] = []
        for breed in breeds {
            let images = try await environment.dogCEO.images(breed: breed.name).value
            if images?.isEmpty ?? true { withoutImages.append(breed.name) }
            for sub in breed.subBreeds {
                let subImages = try await environment.dogCEO.images(breed: breed.name, subBreed: sub).value
                XCTAssertNotNil(subImages, "\(breed.name)/\(sub)")
            }
        }
        XCTAssertEqual(withoutImages, [])
        let random = try await environment.dogCEO.randomImages(breed: "hound", count: 3).value
        XCTAssertEqual(random?.count, 3)

        let dogAPI = try await environment.theDogAPI.breeds().value.value
        XCTAssertGreaterThan(dogAPI.count, 10)
        let animals = try await environment.zoo.animals().value.value
        XCTAssertGreaterThan(animals.count, 10)
        XCTAssertEqual(animals.count, (try JSONParser.parse(lookup("zoo/animals.json") ?? "")).arrayValue?.count)
        let five = try await environment.zoo.randomAnimals(count: 5).value
        XCTAssertEqual(Set(five.map(\.id)).count, 5)
    }
}
