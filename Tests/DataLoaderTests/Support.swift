import Locking
import DataLoader
import XCTest

/// Records every batch a test loader receives.
final class BatchLog<Key: Sendable>: Sendable {
    let batches = Locked<[[Key]]>([])
    func record(_ keys: [Key]) { batches.withLock { $0.append(keys) } }
    var all: [[Key]] { batches.withLock { $0 } }
}

struct TestError: Error, Equatable {
    let key: String
}

/// Runs `bodies` as concurrent child units the way the executor will:
/// enter for each child before spawning it, and wait for them without being counted.
func concurrently<T: Sendable>(
    _ scheduler: BatchScheduler,
    _ bodies: [@Sendable () async -> T]
) async -> [T] {
    await withTaskGroup(of: (Int, T).self) { group in
        for (index, body) in bodies.enumerated() {
            scheduler.enter()
            group.addTask { await scheduler.runEntered { (index, await body()) } }
        }
        return await scheduler.waiting {
            var results: [(Int, T)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

/// A loader of `"v:" + key` that logs batches and fails keys starting with "bad".
func makeStringLoader(
    _ scheduler: BatchScheduler,
    log: BatchLog<String>,
    options: DataLoaderOptions<String> = DataLoaderOptions()
) -> DataLoader<String, String> {
    DataLoader(scheduler: scheduler, options: options) { keys in
        log.record(keys)
        return keys.map { key in
            key.hasPrefix("bad") ? .failure(TestError(key: key)) : .success("v:" + key)
        }
    }
}

/// Asserts that the scheduler's count returns to zero once the last batch has
/// finished delivering (its delivery unit may still be leaving when the request's
/// own work has already returned).
func assertSettles(_ scheduler: BatchScheduler, file: StaticString = #filePath, line: UInt = #line) async {
    for _ in 0..<1000 where scheduler.activeCount != 0 {
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    XCTAssertEqual(scheduler.activeCount, 0, file: file, line: line)
}
