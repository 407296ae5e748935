import XCTest
import LRU

/// `LRUTable`: the least recently used entry goes first, within a count and a cost budget;
/// checked case by case and against a plain model over random operations.
final class LRUTableTests: XCTestCase {
    func testALookupMakesAnEntryTheNewest() {
        var table = LRUTable<Int>(capacity: 3, maxCost: 100)
        table.insert(1, for: "a", cost: 1)
        table.insert(2, for: "b", cost: 1)
        table.insert(3, for: "c", cost: 1)
        XCTAssertEqual(table.value(for: "a"), 1) // "b" is now the oldest.
        table.insert(4, for: "d", cost: 1)
        XCTAssertNil(table.value(for: "b"))
        XCTAssertEqual(table.value(for: "a"), 1)
        XCTAssertEqual(table.value(for: "c"), 3)
        XCTAssertEqual(table.value(for: "d"), 4)
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(table.cost, 3)
    }

    func testTheCostBudgetEvictsTheOldestFirst() {
        var table = LRUTable<String>(capacity: 10, maxCost: 10)
        table.insert("A", for: "a", cost: 4)
        table.insert("B", for: "b", cost: 4)
        table.insert("C", for: "c", cost: 4) // 12 > 10: "a" goes.
        XCTAssertNil(table.value(for: "a"))
        XCTAssertEqual(table.cost, 8)
        table.insert("D", for: "d", cost: 11) // Costs more than the budget: not kept, nothing evicted.
        XCTAssertNil(table.value(for: "d"))
        XCTAssertEqual(table.count, 2)
        table.insert("B2", for: "b", cost: 9) // Replacing "b" makes it the newest; "c" goes.
        XCTAssertEqual(table.value(for: "b"), "B2")
        XCTAssertNil(table.value(for: "c"))
        XCTAssertEqual(table.cost, 9)
        XCTAssertEqual(table.count, 1)
    }

    func testAnEmptyTableKeepsNothing() {
        var table = LRUTable<Int>(capacity: 0, maxCost: 100)
        table.insert(1, for: "a", cost: 1)
        XCTAssertNil(table.value(for: "a"))
        XCTAssertEqual(table.count, 0)
    }

    func testOneEntryCanBeLookedUpAndReplaced() {
        var table = LRUTable<Int>(capacity: 1, maxCost: 100)
        table.insert(1, for: "a", cost: 5)
        XCTAssertEqual(table.value(for: "a"), 1)
        XCTAssertEqual(table.value(for: "a"), 1)
        table.insert(2, for: "b", cost: 6)
        XCTAssertNil(table.value(for: "a"))
        XCTAssertEqual(table.value(for: "b"), 2)
        XCTAssertEqual(table.cost, 6)
        table.removeAll()
        XCTAssertEqual(table.count, 0)
        XCTAssertEqual(table.cost, 0)
        XCTAssertNil(table.value(for: "b"))
        table.insert(3, for: "c", cost: 1)
        XCTAssertEqual(table.value(for: "c"), 3)
    }

    /// Random inserts and lookups, the same on the table and on a list kept newest first.
    func testRandomOperationsMatchAPlainModel() {
        var generator = SeededSequence(seed: 20261128)
        for (capacity, maxCost) in [(1, 10), (3, 10), (8, 25), (16, 1000)] {
            var table = LRUTable<Int>(capacity: capacity, maxCost: maxCost)
            var model: [(key: String, value: Int, cost: Int)] = [] // Newest first.
            for step in 0..<5_000 {
                let key = "k\(generator.next() % 24)"
                if generator.next() % 3 == 0 {
                    let cost = Int(generator.next() % 12)
                    table.insert(step, for: key, cost: cost)
                    guard cost <= maxCost else { continue }
                    model.removeAll { $0.key == key }
                    model.insert((key, step, cost), at: 0)
                    while model.count > capacity || model.reduce(0, { $0 + $1.cost }) > maxCost { model.removeLast() }
                } else {
                    let expected = model.firstIndex { $0.key == key }.map { index -> Int in
                        let entry = model.remove(at: index)
                        model.insert(entry, at: 0)
                        return entry.value
                    }
                    XCTAssertEqual(table.value(for: key), expected, "capacity \(capacity), step \(step), \(key)")
                }
                XCTAssertEqual(table.count, model.count)
                XCTAssertEqual(table.cost, model.reduce(0) { $0 + $1.cost })
            }
        }
    }
}

/// A small deterministic generator (Knuth's MMIX linear congruential), so that a failure repeats.
private struct SeededSequence {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
