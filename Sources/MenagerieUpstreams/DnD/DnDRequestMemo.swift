import Locking
import Upstreams

/// The requests of the D&D client's list queries by what they ask (a query's filters and page,
/// and the fields), so that a repeated query reuses its request (GraphQL text, JSON body and
/// cache key) instead of printing it again: a warm `monsters` or `search` spent about a fifth of
/// its time there.
///
/// Bounded: past ``capacity`` distinct requests it starts again empty (a client sending ever new
/// queries pays the printing, as without the memo, and no more memory than the bound).
final class DnDRequestMemo: Sendable {
    /// Which list query a request is.
    enum Kind: Hashable, Sendable {
        case monsters, monsterPage
    }

    struct Key: Hashable, Sendable {
        var kind: Kind
        var query: DnDMonsterQuery
        var selection: UpstreamSelection
    }

    /// The most requests kept.
    static let capacity = 256

    private let requests = Locked<[Key: UpstreamRequest]>([:])

    /// The request for `key`, made by `make` the first time.
    func request(_ key: Key, _ make: () throws -> UpstreamRequest) rethrows -> UpstreamRequest {
        if let known = requests.withLock({ $0[key] }) { return known }
        let request = try make()
        requests.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[key] = request
        }
        return request
    }

    /// The number of requests kept.
    var count: Int { requests.withLock { $0.count } }
}
