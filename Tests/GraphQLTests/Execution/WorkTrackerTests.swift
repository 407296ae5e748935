import Locking
import JSON
import XCTest
@testable import GraphQL

/// A scheduler with the contract of the DataLoader layer's `BatchScheduler`:
/// it counts active units and dispatches queued loads when none is active.
final class FakeScheduler: WorkTracker {
    private let state = Locked<(active: Int, pending: [@Sendable () -> Void], maxActive: Int)>((0, [], 0))

    func enter() {
        state.withLock {
            $0.active += 1; $0.maxActive = max($0.maxActive, $0.active)
        }
    }

    func leave() {
        let ready = state.withLock { s -> [@Sendable () -> Void] in
            s.active -= 1
            precondition(s.active >= 0, "unbalanced leave")
            guard s.active == 0 else { return [] }
            defer { s.pending.removeAll() }
            return s.pending
        }
        for dispatch in ready { dispatch() }
    }

    /// Queues a batch to dispatch when the work runs out.
    func schedule(_ dispatch: @escaping @Sendable () -> Void) {
        state.withLock { $0.pending.append(dispatch) }
    }

    var active: Int { state.withLock { $0.active } }
}

/// A loader that batches keys until its scheduler dispatches.
final class FakeLoader: Sendable {
    let scheduler: FakeScheduler
    private let queue = Locked<[(Int, CheckedContinuation<Int, Never>)]>([])
    private let recorded = Locked<[[Int]]>([])

    init(scheduler: FakeScheduler) { self.scheduler = scheduler }

    var batches: [[Int]] { recorded.withLock { $0 } }

    func load(_ key: Int) async -> Int {
        await withCheckedContinuation { continuation in
            let first = queue.withLock { q -> Bool in
                q.append((key, continuation))
                return q.count == 1
            }
            if first { scheduler.schedule { self.dispatch() } }
            // The calling unit now waits.
            scheduler.leave()
        }
    }

    private func dispatch() {
        let waiting = queue.withLock { q -> [(Int, CheckedContinuation<Int, Never>)] in
            defer { q.removeAll() }
            return q
        }
        recorded.withLock { $0.append(waiting.map(\.0).sorted()) }
        // Every waiter is active again before any resumes (else the first one
        // could drain the count while the others are still counted as waiting).
        for _ in waiting { scheduler.enter() }
        for (key, continuation) in waiting { continuation.resume(returning: key * 100) }
    }
}

final class WorkTrackerTests: XCTestCase {
    struct Loaders: Sendable {
        let names: FakeLoader
        let friends: FakeLoader
    }

    func makeSchema() throws -> ExecutableSchema {
        var resolvers = ResolverMap()
        resolvers.asyncField("Query", "users") { _, _, _, _ in
            await Task.yield()
            return [1, 2, 3]
        }
        resolvers.field("User", "id") { source, _, _, _ in source as? Int }
        resolvers.asyncField("User", "name") { source, _, context, _ in
            guard let loaders = context as? Loaders, let id = source as? Int else { return nil }
            return "name-\(await loaders.names.load(id))"
        }
        resolvers.asyncField("User", "friend") { source, _, context, _ in
            guard let loaders = context as? Loaders, let id = source as? Int else { return nil }
            return await loaders.friends.load(id) / 100 + 10
        }
        resolvers.field("User", "syncFriend") { source, _, _, _ in (source as? Int).map { $0 + 20 } }
        return try GraphQLTests.makeSchema(
            """
            type Query { users: [User] }
            type User { id: Int, name: String, friend: User, syncFriend: User }
            """, resolvers)
    }

    func testLeafLoaderBehindAsyncAncestorsBatchesPerLevel() async throws {
        let scheduler = FakeScheduler()
        let loaders = Loaders(names: FakeLoader(scheduler: scheduler), friends: FakeLoader(scheduler: scheduler))
        let schema = try makeSchema()
        let result = try await runQuery(
            schema, "{ users { id name friend { id name syncFriend { name } } } }",
            context: loaders, tracker: scheduler)
        XCTAssertTrue(result.errors.isEmpty, "\(result.errors)")
        XCTAssertEqual(
            result.data?["users"]?[0],
            json(
                """
                {"id":1,"name":"name-100","friend":{"id":11,"name":"name-1100","syncFriend":{"name":"name-3100"}}}
                """))
        XCTAssertEqual(loaders.friends.batches, [[1, 2, 3]])
        // One batch per wave: the users' names, then (once the friends are loaded) the
        // friends' names together with their synchronous friends' names.
        XCTAssertEqual(loaders.names.batches, [[1, 2, 3], [11, 12, 13, 31, 32, 33]])
        XCTAssertEqual(scheduler.active, 0)
    }

    func testSynchronousExecutionNeverEntersTheTracker() async throws {
        let scheduler = FakeScheduler()
        var resolvers = ResolverMap()
        resolvers.field("Query", "a") { _, _, _, _ in "a" }
        let schema = try GraphQLTests.makeSchema("type Query { a: String }", resolvers)
        let tracker = CountingTracker()
        _ = try await runQuery(schema, "{ a }", tracker: tracker)
        XCTAssertEqual(tracker.calls, 0)
        XCTAssertEqual(scheduler.active, 0)
    }

    func testEnterAndLeaveBalance() async throws {
        let tracker = CountingTracker()
        var resolvers = ResolverMap()
        resolvers.asyncField("Query", "a") { _, _, _, _ in
            await Task.yield(); return [1, 2, 3]
        }
        resolvers.asyncField("Item", "b") { source, _, _, _ in
            await Task.yield(); return source as? Int
        }
        let plain = try GraphQLTests.makeSchema("type Query { a: [Item] } type Item { b: Int, c: Int }", resolvers)
        let result = try await runQuery(plain, "{ a { b } }", tracker: tracker)
        XCTAssertEqual(result.data, json(#"{"a":[{"b":1},{"b":2},{"b":3}]}"#))
        XCTAssertEqual(tracker.balance, 0)
        XCTAssertGreaterThan(tracker.calls, 0)
    }
}

/// Counts enter/leave calls.
final class CountingTracker: WorkTracker {
    private let state = Locked<(calls: Int, balance: Int)>((0, 0))
    func enter() {
        state.withLock {
            $0.calls += 1; $0.balance += 1
        }
    }
    func leave() {
        state.withLock {
            $0.calls += 1; $0.balance -= 1
        }
    }
    var calls: Int { state.withLock { $0.calls } }
    var balance: Int { state.withLock { $0.balance } }
}
