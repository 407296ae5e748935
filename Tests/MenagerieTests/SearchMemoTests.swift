import XCTest
@testable import Menagerie

/// A catalog keeps the matches of recent searches (``SearchMemo``): a repeated text is a
/// lookup, a new one a scan, and the memo is bounded.
final class SearchMemoTests: XCTestCase {
    func testARepeatedTextIsScannedOnce() {
        let memo = SearchMemo<String>()
        var scans = 0
        let scan = { () -> [String] in
            scans += 1; return ["brown bear", "black bear"]
        }
        XCTAssertEqual(memo.matches("bear", scan: scan), ["brown bear", "black bear"])
        XCTAssertEqual(memo.matches("bear", scan: scan), ["brown bear", "black bear"])
        XCTAssertEqual(scans, 1)
        XCTAssertEqual(
            memo.matches("wolf") {
                scans += 1; return []
            }, [])
        XCTAssertEqual(scans, 2)
        XCTAssertEqual(memo.count, 2)
    }

    func testTheMemoIsBounded() {
        let memo = SearchMemo<Int>()
        for index in 0..<SearchMemo<Int>.capacity { _ = memo.matches("t\(index)") { [index] } }
        XCTAssertEqual(memo.count, SearchMemo<Int>.capacity)
        // Past the capacity it starts again empty.
        XCTAssertEqual(memo.matches("new") { [-1] }, [-1])
        XCTAssertEqual(memo.count, 1)
        // A long text is scanned each time and never kept.
        let long = String(repeating: "a", count: SearchMemo<Int>.maxTextBytes + 1)
        var scans = 0
        for _ in 0..<2 {
            _ = memo.matches(long) {
                scans += 1; return [1]
            }
        }
        XCTAssertEqual(scans, 2)
        XCTAssertEqual(memo.count, 1)
    }

    func testCatalogSearchesGiveTheScansAnswers() {
        let breeds = BreedCatalog([
            .init(name: "hound", subBreeds: ["afghan", "basset"]), .init(name: "akita", subBreeds: [])
        ])
        for _ in 0..<2 {
            XCTAssertEqual(breeds.matching(search: "HOUND").map(\.id), ["hound/afghan", "hound/basset", "hound"])
            XCTAssertEqual(breeds.matching(search: "hound", includeSubBreeds: false).map(\.id), ["hound"])
            XCTAssertEqual(breeds.matching(search: "zebra").map(\.id), [])
        }
    }
}
