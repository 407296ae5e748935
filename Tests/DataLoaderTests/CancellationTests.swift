import Locking
import DataLoader
import XCTest

/// `BatchScheduler.cancel()`: a cancelled request's loads stop waiting for their batches.
final class CancellationTests: XCTestCase {
    /// Whether each batch started cancelled, in order.
    final class Starts: Sendable {
        let values = Locked<[Bool]>([])
        func record(_ cancelled: Bool) { values.withLock { $0.append(cancelled) } }
        var all: [Bool] { values.withLock { $0 } }
    }

    /// A loader whose batch function waits (cancellably) for a minute, recording whether
    /// each batch started cancelled.
    func makeSlowLoader(_ scheduler: BatchScheduler, startedCancelled: Starts) -> DataLoader<String, String> {
        DataLoader(scheduler: scheduler) { keys in
            startedCancelled.record(Task.isCancelled)
            try await Task.sleep(for: .seconds(60))
            return keys.map { .success($0) }
        }
    }

    func waitUntil(_ condition: @Sendable () -> Bool) async {
        for _ in 0..<10_000 where !condition() {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    func assertCancelled(_ result: Result<String, any Error>, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = result else {
            return XCTFail("expected a failure, got \(result)", file: file, line: line)
        }
        XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
    }

    func testCancelStopsARunningBatch() async {
        let scheduler = BatchScheduler()
        let started = Starts()
        let loader = makeSlowLoader(scheduler, startedCancelled: started)
        let load = Task { await loader.loadResult("a") }
        await waitUntil { started.all.count == 1 }
        XCTAssertEqual(scheduler.runningBatchCount, 1)
        XCTAssertFalse(scheduler.isCancelled)
        scheduler.cancel()
        assertCancelled(await load.value)
        XCTAssertEqual(started.all, [false])
        await waitUntil { scheduler.runningBatchCount == 0 }
        XCTAssertEqual(scheduler.runningBatchCount, 0)
        XCTAssertTrue(scheduler.isCancelled)
    }

    func testLoadsAfterCancelFailAtOnce() async {
        let scheduler = BatchScheduler()
        let started = Starts()
        let loader = makeSlowLoader(scheduler, startedCancelled: started)
        scheduler.cancel()
        scheduler.cancel() // idempotent
        assertCancelled(await loader.loadResult("b"))
        let many = await loader.loadMany(["c", "d"])
        XCTAssertEqual(many.count, 2)
        for result in many { assertCancelled(result) }
        XCTAssertGreaterThanOrEqual(started.all.count, 2)
        XCTAssertEqual(Set(started.all), [true])
    }

    /// Keys queued behind active work (not dispatched yet) are sent at once, cancelled.
    func testCancelDispatchesQueuedKeys() async {
        let scheduler = BatchScheduler()
        let started = Starts()
        let loader = makeSlowLoader(scheduler, startedCancelled: started)
        scheduler.enter() // another unit of the request is still active: keys wait
        let entered = Starts()
        let loads = Task {
            await scheduler.run {
                entered.record(true)
                return await loader.loadResult("q")
            }
        }
        // The load is queued once its own unit has stopped counting (active back to 1).
        await waitUntil { entered.all.count == 1 && scheduler.activeCount == 1 }
        XCTAssertEqual(scheduler.dispatchCount, 0)
        XCTAssertEqual(started.all, [])
        scheduler.cancel()
        assertCancelled(await loads.value)
        scheduler.leave()
        XCTAssertEqual(started.all, [true])
    }
}
