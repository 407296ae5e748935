@testable import DataLoader
import XCTest

final class DataLoaderTests: XCTestCase {
    func testConcurrentLoadsMakeOneBatchInKeyOrder() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        let values = await scheduler.run {
            await concurrently(scheduler, ["a", "b", "c"].map { key in { try? await loader.load(key) } })
        }
        XCTAssertEqual(values, ["v:a", "v:b", "v:c"])
        XCTAssertEqual(log.all.count, 1)
        XCTAssertEqual(Set(log.all[0]), ["a", "b", "c"])
        await assertSettles(scheduler)
    }

    func testResultsFollowKeyOrderOfTheBatch() async throws {
        let scheduler = BatchScheduler()
        // The batch answers by position: a value derived from the index.
        let loader = DataLoader<Int, Int>(scheduler: scheduler) { keys in keys.map { .success($0 * 10) } }
        let values = await scheduler.run {
            await concurrently(scheduler, [3, 1, 2, 7].map { key in { try? await loader.load(key) } })
        }
        XCTAssertEqual(values, [30, 10, 20, 70])
    }

    func testPerKeyErrors() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        let results = await scheduler.run { await loader.loadMany(["ok", "bad1", "ok2"]) }
        XCTAssertEqual(try results[0].get(), "v:ok")
        XCTAssertThrowsError(try results[1].get()) { XCTAssertEqual($0 as? TestError, TestError(key: "bad1")) }
        XCTAssertEqual(try results[2].get(), "v:ok2")
        XCTAssertEqual(log.all, [["ok", "bad1", "ok2"]])
    }

    func testThrowingBatchFailsEveryKey() async {
        let scheduler = BatchScheduler()
        let loader = DataLoader<Int, Int>(scheduler: scheduler) { _ in throw TestError(key: "all") }
        let results = await scheduler.run { await loader.loadMany([1, 2]) }
        for result in results {
            XCTAssertThrowsError(try result.get()) { XCTAssertEqual($0 as? TestError, TestError(key: "all")) }
        }
    }

    func testWrongResultCountIsAnErrorForEveryKey() async {
        let scheduler = BatchScheduler()
        let loader = DataLoader<Int, Int>(scheduler: scheduler) { _ in [.success(1)] }
        let results = await scheduler.run { await loader.loadMany([1, 2]) }
        for result in results {
            XCTAssertThrowsError(try result.get()) {
                XCTAssertEqual($0 as? DataLoaderError, .resultCountMismatch(expected: 2, actual: 1))
            }
        }
    }

    func testMaxBatchSizeSplits() async {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log, options: DataLoaderOptions(maxBatchSize: 2))
        let results = await scheduler.run { await loader.loadMany(["a", "b", "c", "d", "e"]) }
        XCTAssertEqual(results.compactMap { try? $0.get() }, ["v:a", "v:b", "v:c", "v:d", "v:e"])
        XCTAssertEqual(log.all.map(\.count).sorted(), [1, 2, 2])
        XCTAssertEqual(Set(log.all.flatMap { $0 }), ["a", "b", "c", "d", "e"])
    }

    func testCacheAndDeduplication() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        try await scheduler.run {
            let values = await concurrently(scheduler, ["a", "a", "b"].map { key in { try? await loader.load(key) } })
            XCTAssertEqual(values, ["v:a", "v:a", "v:b"])
            let value1 = try await loader.load("a")
            XCTAssertEqual(value1, "v:a")
        }
        XCTAssertEqual(log.all.count, 1)
        XCTAssertEqual(log.all[0].sorted(), ["a", "b"])
    }

    func testErrorsAreCachedToo() async {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        await scheduler.run {
            _ = await loader.loadResult("bad")
            _ = await loader.loadResult("bad")
        }
        XCTAssertEqual(log.all, [["bad"]])
    }

    func testCachingDisabledLoadsAgain() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log, options: DataLoaderOptions(caching: false))
        try await scheduler.run {
            let value2 = try await loader.load("a")
            XCTAssertEqual(value2, "v:a")
            let value3 = try await loader.load("a")
            XCTAssertEqual(value3, "v:a")
        }
        XCTAssertEqual(log.all, [["a"], ["a"]])
    }

    func testCustomCacheKey() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let options = DataLoaderOptions<String>(cacheKey: { $0.lowercased() })
        let loader = makeStringLoader(scheduler, log: log, options: options)
        let values = await scheduler.run {
            await concurrently(scheduler, ["Akita", "akita", "AKITA"].map { key in { try? await loader.load(key) } })
        }
        XCTAssertEqual(log.all.count, 1)
        XCTAssertEqual(log.all[0].count, 1)
        XCTAssertEqual(Set(values), ["v:" + log.all[0][0]])
    }

    func testChainedLoadersBatchPerLevel() async {
        let scheduler = BatchScheduler()
        let ownerLog = BatchLog<Int>()
        let petLog = BatchLog<Int>()
        // pets 1...4 belong to owners 10, 20, 10, 30
        let pets = DataLoader<Int, Int>(scheduler: scheduler) { keys in
            petLog.record(keys)
            return keys.map { .success([1: 10, 2: 20, 3: 10, 4: 30][$0] ?? 0) }
        }
        let owners = DataLoader<Int, String>(scheduler: scheduler) { keys in
            ownerLog.record(keys)
            return keys.map { .success("owner\($0)") }
        }
        let names = await scheduler.run {
            await concurrently(
                scheduler,
                [1, 2, 3, 4].map { pet in
                    {
                        guard let owner = try? await pets.load(pet) else { return "?" }
                        return (try? await owners.load(owner)) ?? "?"
                    }
                })
        }
        XCTAssertEqual(names, ["owner10", "owner20", "owner10", "owner30"])
        XCTAssertEqual(petLog.all.count, 1)
        XCTAssertEqual(ownerLog.all.count, 1)
        XCTAssertEqual(ownerLog.all[0].sorted(), [10, 20, 30])
    }

    func testLeafLoaderBehindNonLoaderAsyncAncestorsStillBatches() async {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        // Each branch first does unrelated async work of a different length
        // (like a resolver calling something that is not a loader), then spawns
        // child fields, one of which loads.
        let delays: [UInt64] = [0, 5, 30, 60]
        let values = await scheduler.run {
            await concurrently(
                scheduler,
                delays.enumerated().map { index, delay in
                    {
                        try? await Task.sleep(nanoseconds: delay * 1_000_000)
                        let children = await concurrently(
                            scheduler,
                            [
                                { @Sendable in "plain\(index)" },
                                { @Sendable in (try? await loader.load("k\(index)")) ?? "?" }
                            ])
                        return children.joined(separator: ",")
                    }
                })
        }
        XCTAssertEqual(values, ["plain0,v:k0", "plain1,v:k1", "plain2,v:k2", "plain3,v:k3"])
        XCTAssertEqual(log.all.count, 1)
        XCTAssertEqual(log.all[0].sorted(), ["k0", "k1", "k2", "k3"])
    }

    func testTwoLoadersDispatchTogether() async {
        let scheduler = BatchScheduler()
        let logA = BatchLog<String>()
        let logB = BatchLog<String>()
        let a = makeStringLoader(scheduler, log: logA)
        let b = makeStringLoader(scheduler, log: logB)
        let values = await scheduler.run {
            await concurrently(
                scheduler,
                [
                    { @Sendable in (try? await a.load("1")) ?? "?" },
                    { @Sendable in (try? await b.load("2")) ?? "?" },
                    { @Sendable in (try? await a.load("3")) ?? "?" }
                ])
        }
        XCTAssertEqual(values, ["v:1", "v:2", "v:3"])
        XCTAssertEqual(logA.all.count, 1)
        XCTAssertEqual(logB.all.count, 1)
        XCTAssertEqual(scheduler.dispatchCount, 1)
    }

    func testLoadOutsideAnyUnitDoesNotDeadlock() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        let value9 = try await loader.load("x")
        XCTAssertEqual(value9, "v:x")
        await assertSettles(scheduler)
        // Proper use afterwards still batches.
        let values = await scheduler.run {
            await concurrently(scheduler, ["p", "q"].map { key in { try? await loader.load(key) } })
        }
        XCTAssertEqual(values, ["v:p", "v:q"])
        XCTAssertEqual(log.all.count, 2)
    }

    func testBatchFunctionUsingAnotherLoaderOfTheSameScheduler() async throws {
        let scheduler = BatchScheduler()
        let innerLog = BatchLog<Int>()
        let inner = DataLoader<Int, Int>(scheduler: scheduler) { keys in
            innerLog.record(keys)
            return keys.map { .success($0 + 1) }
        }
        let outer = DataLoader<Int, Int>(scheduler: scheduler) { keys in
            let values = await inner.loadMany(keys)
            return values.map { $0.map { $0 * 2 } }
        }
        let values = await scheduler.run {
            await concurrently(scheduler, [1, 2, 3].map { key in { try? await outer.load(key) } })
        }
        XCTAssertEqual(values, [4, 6, 8])
        XCTAssertEqual(innerLog.all.count, 1)
    }

    /// A load in a batch function's task waits without un-counting the unit that is active
    /// meanwhile (it would otherwise take that unit's count, the unit would leave at zero, and
    /// the load's re-count would leave the count at one for good).
    func testLoadInABatchFunctionLeavesOtherUnitsCounted() async throws {
        let scheduler = BatchScheduler()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let loader = DataLoader<Int, Int>(scheduler: scheduler) { keys in
            for await _ in gate { break }
            return keys.map { .success($0 * 3) }
        }
        scheduler.enter() // Some other unit is active.
        let load = Task { await BatchScheduler.$isInBatchFunction.withValue(true) { try? await loader.load(7) } }
        // Let the load queue its key and wait; then the other unit ends, then the batch answers.
        try await Task.sleep(nanoseconds: 50_000_000)
        scheduler.leave()
        open.yield()
        open.finish()
        let value = await load.value
        XCTAssertEqual(value, 21)
        await assertSettles(scheduler)
    }

    func testNestedLoadFromABatchFunctionWhileOtherWorkIsActive() async throws {
        for _ in 0..<20 {
            let scheduler = BatchScheduler()
            let inner = DataLoader<Int, Int>(scheduler: scheduler) { keys in keys.map { .success($0 * 2) } }
            let outer = DataLoader<Int, Int>(scheduler: scheduler) { keys in
                try? await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
                return await inner.loadMany(keys).map { $0.map { $0 + 1 } }
            }
            let leaf = DataLoader<Int, Int>(scheduler: scheduler) { keys in keys.map { .success($0) } }
            let values = await scheduler.run {
                await concurrently(
                    scheduler,
                    [
                        { @Sendable in (try? await outer.load(5)) ?? -1 },
                        { @Sendable in
                            let first = (try? await leaf.load(1)) ?? -1
                            // Active, non-loader work while the outer batch function runs.
                            try? await Task.sleep(nanoseconds: UInt64.random(in: 0...3_000_000))
                            return first + ((try? await leaf.load(2)) ?? -1)
                        }
                    ])
            }
            XCTAssertEqual(values, [11, 3])
            await assertSettles(scheduler)
        }
    }

    func testManyConcurrentRequestsAreIndependent() async {
        let log = BatchLog<String>()
        await withTaskGroup(of: Void.self) { group in
            for request in 0..<20 {
                group.addTask {
                    let scheduler = BatchScheduler()
                    let loader = makeStringLoader(scheduler, log: log)
                    let values = await scheduler.run {
                        await concurrently(
                            scheduler, (0..<10).map { index in { try? await loader.load("\(request)-\(index)") } })
                    }
                    XCTAssertEqual(values, (0..<10).map { "v:\(request)-\($0)" })
                }
            }
        }
        XCTAssertEqual(log.all.count, 20)
        XCTAssertTrue(log.all.allSatisfy { $0.count == 10 })
    }

    func testAnOutsideWaitIsNotRunnableWork() {
        let scheduler = BatchScheduler()
        scheduler.enter() // the request
        scheduler.enter() // a field that will wait on an upstream directly
        let outside = scheduler.beginOutsideWait()
        XCTAssertTrue(outside)
        XCTAssertEqual(scheduler.activeCount, 1)
        scheduler.leave() // the request only waits for its field now
        XCTAssertEqual(scheduler.activeCount, 0)
        scheduler.enter() // the request again, after its field
        scheduler.endOutsideWait(outside)
        XCTAssertEqual(scheduler.activeCount, 2)
        scheduler.leave()
        scheduler.leave()
        XCTAssertEqual(scheduler.activeCount, 0)
    }

    func testOutsideWaitsAreBalancedOutsideAnyUnitAndInBatchFunctions() async {
        let scheduler = BatchScheduler()
        // No unit counted: nothing to un-count, nothing re-counted.
        let none = scheduler.beginOutsideWait()
        XCTAssertFalse(none)
        scheduler.endOutsideWait(none)
        XCTAssertEqual(scheduler.activeCount, 0)
        // In a batch function: not a unit, so another unit's count is left alone.
        scheduler.enter()
        let inBatch = await BatchScheduler.$isInBatchFunction.withValue(true) { scheduler.beginOutsideWait() }
        XCTAssertFalse(inBatch)
        XCTAssertEqual(scheduler.activeCount, 1)
        scheduler.leave()
    }

    func testAnOutsideWaitSendsTheQueuedLoads() async throws {
        let scheduler = BatchScheduler()
        let log = BatchLog<String>()
        let loader = makeStringLoader(scheduler, log: log)
        let values = await scheduler.run {
            let bodies: [@Sendable () async -> String] = [
                { (try? await loader.load("a")) ?? "-" },
                {
                    // Waits on "an upstream" that answers once the load's batch was sent
                    // (bounded, so that a regression fails instead of hanging).
                    let outside = scheduler.beginOutsideWait()
                    defer { scheduler.endOutsideWait(outside) }
                    for _ in 0..<5_000 where log.all.isEmpty { try? await Task.sleep(nanoseconds: 1_000_000) }
                    return log.all.isEmpty ? "batch not sent during the wait" : "batch sent during the wait"
                }
            ]
            return await concurrently(scheduler, bodies)
        }
        XCTAssertEqual(values, ["v:a", "batch sent during the wait"])
        XCTAssertEqual(log.all, [["a"]])
        await assertSettles(scheduler)
    }
}
