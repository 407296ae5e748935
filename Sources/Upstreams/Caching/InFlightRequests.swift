import Locking

/// Shares one upstream call among identical concurrent requests.
///
/// The first caller starts the call in its own task; later callers with the same
/// key await the same task until it finishes. The shared call is not cancelled
/// when one caller is.
final class InFlightRequests: Sendable {
    struct Call {
        var id: Int
        var task: Task<FetchedResponse, any Error>
    }

    struct Storage {
        var calls: [String: Call] = [:]
        var nextID = 0
    }

    private let storage = Locked(Storage())

    /// Returns the response of the call for `key`, starting it with `start` if none is
    /// running; `joined` tells whether an existing call was reused.
    func run(
        _ key: String,
        _ start: @escaping @Sendable () async throws -> FetchedResponse
    ) async throws -> (fetched: FetchedResponse, joined: Bool) {
        let (task, joined) = storage.withLock { s -> (Task<FetchedResponse, any Error>, Bool) in
            if let running = s.calls[key] { return (running.task, true) }
            let id = s.nextID
            s.nextID += 1
            // The task removes itself when done; it cannot do so before this
            // critical section ends, because removal takes the same lock.
            let task = Task { [weak self] () async throws -> FetchedResponse in
                defer { self?.finish(key, id: id) }
                return try await start()
            }
            s.calls[key] = Call(id: id, task: task)
            return (task, false)
        }
        return (try await task.value, joined)
    }

    private func finish(_ key: String, id: Int) {
        storage.withLock { s in
            if s.calls[key]?.id == id { s.calls[key] = nil }
        }
    }

    /// Calls currently running.
    var count: Int { storage.withLock { $0.calls.count } }
}

/// A response and the version of the cache entry it is stored as (nil when not cached).
struct FetchedResponse: Sendable {
    var response: UpstreamResponse
    var version: Int?
}
