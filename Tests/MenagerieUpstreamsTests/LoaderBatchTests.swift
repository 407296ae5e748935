import DataLoader
import UpstreamStubs
import Foundation
@testable import MenagerieUpstreams
@testable import Upstreams
import XCTest

/// The request loaders' batch functions, against a stub Dog CEO on loopback.
///
/// Regression (release builds): the `breedImages` batch function's child tasks returned
/// `(position, .success(try await …))` from a `do` whose `catch` returned
/// `(position, .failure(error))`; Swift 6.3's optimiser dropped the store of `position` on
/// the success path, so results landed on the wrong keys or the batch trapped on an index out
/// of range. Run this suite with `swift test -c release` to exercise the optimised code.
final class LoaderBatchTests: XCTestCase {
    /// Each breed's image list names the breed, so a result on the wrong key is visible.
    func dogCEOStub() throws -> StubServer {
        try StubServer { request in
            let parts = request.path.split(separator: "/").map(String.init) // api, breed, NAME, [SUB,] images
            guard parts.count >= 4, parts[0] == "api", parts[1] == "breed", parts.last == "images" else {
                return .json(SharedData.text("dog-ceo/error-breed-not-found.json"), status: 404)
            }
            let path = parts[2..<(parts.count - 1)].joined(separator: "-")
            if path.hasPrefix("missing") {
                return .json(SharedData.text("dog-ceo/error-breed-not-found.json"), status: 404)
            }
            if path.hasPrefix("broken") { return .text("upstream failure", status: 500) }
            let urls = (1...3).map { #""https://images.dog.ceo/breeds/\#(path)/\#($0).jpg""# }
            return .json(#"{"message":[\#(urls.joined(separator: ","))],"status":"success"}"#)
        }
    }

    func environment(_ server: StubServer) -> UpstreamsEnvironment {
        var configuration = UpstreamsConfiguration(mode: .embedded)
        configuration.setURL(server.baseURL + "/api", for: .dogCEO)
        configuration.settings[.dogCEO]?.retry = .disabled
        return UpstreamsEnvironment(configuration: configuration)
    }

    func testBreedImagesBatchPutsEveryResultOnItsOwnKey() async throws {
        let server = try dogCEOStub()
        defer { server.stop() }
        let upstreams = environment(server)
        // Sizes around the ones that crashed (6, 7, 8, 10) and answered wrongly (3-5).
        for size in [1, 2, 3, 5, 6, 7, 8, 10, 16, 40] {
            let keys = (0..<size).map { index -> String in
                switch index % 7 {
                case 3: return "missing\(size)x\(index)"
                case 5: return "broken\(size)x\(index)"
                case 6: return "hound\(size)/sub\(index)"
                default: return "breed\(size)x\(index)"
                }
            }
            let loaders = upstreams.clients().makeLoaders(scheduler: BatchScheduler())
            let results = await loaders.breedImages.loadMany(keys)
            XCTAssertEqual(results.count, keys.count)
            for (key, result) in zip(keys, results) {
                let name = key.replacingOccurrences(of: "/", with: "-")
                switch result {
                case .success(let images?):
                    XCTAssertEqual(
                        images, (1...3).map { "https://images.dog.ceo/breeds/\(name)/\($0).jpg" },
                        "batch of \(size): \(key)")
                case .success(nil):
                    XCTAssertTrue(key.hasPrefix("missing"), "batch of \(size): \(key) answered nil")
                case .failure(let error):
                    XCTAssertTrue(key.hasPrefix("broken"), "batch of \(size): \(key) failed with \(error)")
                }
            }
        }
    }

    /// Many batches at once (each request has its own loaders), as under a loaded server.
    func testConcurrentBreedImageBatches() async throws {
        let server = try dogCEOStub()
        defer { server.stop() }
        let upstreams = environment(server)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for request in 0..<32 {
                group.addTask {
                    let keys = (0..<6).map { "concurrent\(request % 8)x\($0)" }
                    let loaders = upstreams.clients().makeLoaders(scheduler: BatchScheduler())
                    let results = await loaders.breedImages.loadMany(keys)
                    return zip(keys, results).filter { key, result in
                        (try? result.get())??.first != "https://images.dog.ceo/breeds/\(key)/1.jpg"
                    }.count
                }
            }
            return await group.reduce(0, +)
        }
        XCTAssertEqual(wrong, 0)
    }
}
