import Clocks
import HTTPServer
import Locking

/// Which GraphQL requests run on their connection's event loop instead of the shared pool.
///
/// The event loops only move bytes, unless the work is known to be light: a request runs on
/// its loop only when the very same request (method, target and body, at most
/// ``maxKeyBytes``) was answered before in at most ``budget``. Everything else (a request not
/// seen yet, a large body, one whose last answer took longer, e.g. a slow upstream or a large
/// result) runs on the pool, as every request did before: its first answer is always made
/// there, so that no client can hold a loop with a request it has not paid for. Each answer
/// updates the record, so a request that turns slow goes back to the pool after one answer.
///
/// A light request on its loop is answered within the loop's iteration with no thread
/// hand-over, which was measured to cost the server less CPU per request for small queries (see
/// docs/performance.md, "Fast paths"). The bound on what a loop may hold is the budget: by
/// default 1 ms, the bound of the hostile-input rules.
final class EventLoopAdmission: Sendable {
    /// The longest answer that keeps a request on its loop.
    let budget: Duration
    /// The largest request (target plus body) remembered; larger ones run on the pool.
    static let maxKeyBytes = 4096
    /// The most requests remembered: past it the record starts again empty (those requests
    /// run on the pool once more), so it holds at most 4 MiB of keys.
    static let capacity = 1024

    /// The light requests by their ``RequestKey/hash``: one per hash (a colliding request
    /// replaces it, and is compared whole before it is admitted).
    private let lightRequests = Locked([Int: RequestKey]())

    init(budget: Duration) {
        self.budget = budget
    }

    /// Whether `request` runs on its event loop: its last answer was light.
    func admits(_ request: HTTPRequest) -> Bool {
        guard let hash = RequestKey.hash(request) else { return false }
        return lightRequests.withLock { $0[hash]?.matches(request, hash: hash) == true }
    }

    /// Records how `request` was answered (wherever it ran: `admitted` when on its loop, as
    /// ``admits(_:)`` said): light when an operation executed, the status is `200` and it took
    /// at most ``budget``. Only an executed operation counts, so that a request answered at once
    /// with an error (say, a persisted-query hash not registered yet) is not taken as light when
    /// the same bytes later run a document. An admitted request answered light again changes
    /// nothing (it is known), so it is not even hashed.
    func record(_ request: HTTPRequest, admitted: Bool, executed: Bool, status: Int, took duration: Duration) {
        let light = executed && status == 200 && duration <= budget
        if admitted && light { return }
        guard let hash = RequestKey.hash(request) else { return }
        lightRequests.withLock { requests in
            let known = requests[hash]?.matches(request, hash: hash) == true
            if light {
                guard !known else { return }
                if requests.count >= Self.capacity { requests.removeAll(keepingCapacity: true) }
                requests[hash] = RequestKey(request, hash: hash)
            } else if known {
                requests[hash] = nil
            }
        }
    }

    /// The number of requests remembered.
    var count: Int { lightRequests.withLock { $0.count } }

    /// What identifies a request's work: its method, target and body. It shares the request's
    /// storage (nothing is copied); its hash is computed once, over the bytes. A class, so that
    /// a lookup retains one reference, and only a request newly found light makes one.
    private final class RequestKey: Sendable {
        let method: String
        let target: String
        let body: [UInt8]
        let hash: Int

        init(_ request: HTTPRequest, hash: Int) {
            method = request.method
            target = request.target
            body = request.body
            self.hash = hash
        }

        /// Whether `request`, whose ``hash(_:)`` is `hash`, is the request this key identifies.
        func matches(_ request: HTTPRequest, hash: Int) -> Bool {
            self.hash == hash && method == request.method && target == request.target && body == request.body
        }

        /// The hash of `request`'s method, target and body; nil when the request is larger than
        /// ``EventLoopAdmission/maxKeyBytes``.
        ///
        /// - Unsafe: the body's bytes are lent to the hasher as a raw buffer (`withUnsafeBytes`).
        /// - Invariant: `Hasher.combine(bytes:)` only reads the buffer, within the closure.
        /// - Checked by: `EventLoopAdmissionTests` (GraphQLServerTests), under AddressSanitizer
        ///   in CI (`.ci/run` step 3).
        static func hash(_ request: HTTPRequest) -> Int? {
            let target = request.target, body = request.body
            guard target.utf8.count + body.count <= EventLoopAdmission.maxKeyBytes else { return nil }
            var hasher = Hasher()
            hasher.combine(request.method)
            hasher.combine(target)
            body.withUnsafeBytes { hasher.combine(bytes: $0) }
            return hasher.finalize()
        }
    }
}
