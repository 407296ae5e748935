import DataLoader
import XCTest

/// Random trees of async work: the batches per level must stay one per loader
/// whatever the interleaving.
final class SchedulerStressTests: XCTestCase {
    /// Walks a tree three levels deep; every node does unrelated async work of a
    /// random length, loads from its level's loader, then resolves its children concurrently.
    static func node(_ scheduler: BatchScheduler, _ loaders: [DataLoader<Int, Int>], depth: Int, key: Int, fanOut: Int)
        async -> Int
    {
        if Int.random(in: 0..<3) == 0 {
            try? await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
        } else {
            await Task.yield()
        }
        guard depth < loaders.count, let value = try? await loaders[depth].load(key) else { return 0 }
        guard depth + 1 < loaders.count else { return value }
        let children = await concurrently(
            scheduler,
            (0..<fanOut).map { child in
                {
                    await SchedulerStressTests.node(
                        scheduler, loaders, depth: depth + 1, key: key * 10 + child, fanOut: fanOut)
                }
            })
        return value + children.reduce(0, +)
    }

    func testRandomTreesBatchOncePerLevel() async {
        for _ in 0..<30 {
            let scheduler = BatchScheduler()
            let logs = (0..<3).map { _ in BatchLog<Int>() }
            let loaders = logs.map { log in
                DataLoader<Int, Int>(scheduler: scheduler) { keys in
                    log.record(keys)
                    if Bool.random() { await Task.yield() }
                    return keys.map { .success($0) }
                }
            }
            let total = await scheduler.run {
                await concurrently(
                    scheduler,
                    (1...3).map { root in
                        { await SchedulerStressTests.node(scheduler, loaders, depth: 0, key: root, fanOut: 3) }
                    })
            }
            // Level 0 keys 1...3; level 1 keys k*10+c; level 2 keys (k*10+c)*10+d.
            var expected = 0
            for root in 1...3 {
                expected += root
                for c in 0..<3 {
                    expected += root * 10 + c
                    for d in 0..<3 { expected += (root * 10 + c) * 10 + d }
                }
            }
            XCTAssertEqual(total.reduce(0, +), expected)
            XCTAssertEqual(logs.map { $0.all.count }, [1, 1, 1])
            XCTAssertEqual(logs.map { $0.all.first?.count ?? 0 }, [3, 9, 27])
            await assertSettles(scheduler)
        }
    }
}
