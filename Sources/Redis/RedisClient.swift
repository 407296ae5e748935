import Clocks
import Locking

/// How a ``RedisClient`` reaches Redis and how long it waits.
public struct RedisClientConfiguration: Sendable, Equatable {
    /// The server, credentials and database.
    public var url: RedisURL
    /// The longest one call may take, connecting included (default 50 ms, at least 1 ms).
    public var timeout: Duration
    /// Connections kept (default 4); each carries one call at a time.
    public var poolSize: Int
    /// Bounds on the replies accepted.
    public var limits: RESPLimits

    /// Creates a configuration.
    public init(
        url: RedisURL, timeout: Duration = .milliseconds(50), poolSize: Int = 4, limits: RESPLimits = RESPLimits()
    ) {
        self.url = url
        self.timeout = max(.milliseconds(1), timeout)
        self.poolSize = max(1, poolSize)
        self.limits = limits
    }
}

/// A small Redis client (RESP2 over plain TCP) with a pool of connections and a hard
/// per-call timeout.
///
/// Calls are `async` and never hold a Swift concurrency thread: each runs on a connection's
/// own serial dispatch queue, with non-blocking sockets and `poll` bounded by the call's
/// deadline, and its caller is resumed when the deadline passes whatever the connection is
/// doing (a ``DeadlineWatchdog`` backs the deadline up, e.g. while a host name is being
/// resolved). A call
/// that fails drops its connection; the next call reconnects. There is no retry: the caller
/// decides (a cache treats a failure as a miss).
///
/// ```swift
/// let redis = RedisClient(RedisClientConfiguration(url: try RedisURL(parsing: "redis://127.0.0.1:6379")))
/// try await redis.set("greeting", Array("hello".utf8), ttl: .seconds(60))
/// let value = try await redis.get("greeting")   // [UInt8]? — nil when absent
/// ```
public final class RedisClient: Sendable {
    /// The configuration in force.
    public let configuration: RedisClientConfiguration
    /// Calls, errors and connections, for metrics.
    public let counters = RedisClientCounters()
    private let connections: [RedisConnection]
    /// Resumes a call's caller shortly after its deadline, whatever its connection is doing.
    private let backstops: DeadlineWatchdog

    /// Creates a client; nothing connects until the first call.
    public init(_ configuration: RedisClientConfiguration) {
        self.configuration = configuration
        let counters = self.counters
        connections = (0..<configuration.poolSize).map {
            RedisConnection(
                url: configuration.url, limits: configuration.limits, counters: counters, label: "menagerie.redis.\($0)"
            )
        }
        backstops = DeadlineWatchdog(timeout: configuration.timeout + .milliseconds(1))
    }

    deinit {
        for connection in connections { connection.close() }
        backstops.stop()
    }

    /// Sends `commands` together on one connection (pipelined) and returns their replies in
    /// order. Error replies (`-ERR …`) are returned as ``RESPValue/error(_:)`` values; a call
    /// that got no complete answer throws.
    public func pipeline(_ commands: [[[UInt8]]]) async throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        let deadline = MonotonicClock.systemNow() + configuration.timeout
        let connection = connections.min { $0.load < $1.load } ?? connections[0]
        let resumption = OnceResumption(backstops: backstops)
        let result: Result<[RESPValue], RedisError> = await withCheckedContinuation { continuation in
            resumption.install(continuation)
            resumption.setBackstop(backstops.schedule { resumption.resume(.failure(.timedOut)) })
            connection.enqueue(commands, deadline: deadline) { result in resumption.resume(result) }
        }
        counters.record(commands: commands, result: result)
        return try result.get()
    }

    /// Sends one command and returns its reply; an error reply throws ``RedisError/server(_:)``.
    public func command(_ arguments: [[UInt8]]) async throws(RedisError) -> RESPValue {
        let reply = try await pipeline([arguments])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Sends one command given as texts.
    public func command(_ arguments: String...) async throws(RedisError) -> RESPValue {
        try await command(arguments.map { Array($0.utf8) })
    }

    /// `PING`: succeeds when Redis answers `PONG`.
    public func ping() async throws(RedisError) {
        let reply = try await command("PING")
        guard reply == .simpleString("PONG") else { throw .unexpectedReply("PING answered \(reply)") }
    }

    /// `GET key`: the value, or nil when the key is absent.
    public func get(_ key: String) async throws(RedisError) -> [UInt8]? {
        let reply = try await command([Array("GET".utf8), Array(key.utf8)])
        switch reply {
        case .bulkString(let bytes): return bytes
        default: throw .unexpectedReply("GET answered \(reply)")
        }
    }

    /// `SET key value [PX ttl]`: stores `value`, expiring after `ttl` when given.
    public func set(_ key: String, _ value: [UInt8], ttl: Duration? = nil) async throws(RedisError) {
        let reply = try await command(Self.set(key, value, ttl: ttl, ifAbsent: false))
        guard reply == .simpleString("OK") else { throw .unexpectedReply("SET answered \(reply)") }
    }

    /// `DEL key`: true when a key was removed.
    @discardableResult
    public func delete(_ key: String) async throws(RedisError) -> Bool {
        let reply = try await command([Array("DEL".utf8), Array(key.utf8)])
        guard case .integer(let count) = reply else { throw .unexpectedReply("DEL answered \(reply)") }
        return count > 0
    }

    /// The arguments of `SET key value [NX] [PX ttl]` (`ttl` in whole milliseconds, rounded up,
    /// at least 1).
    public static func set(_ key: String, _ value: [UInt8], ttl: Duration?, ifAbsent: Bool) -> [[UInt8]] {
        var arguments = [Array("SET".utf8), Array(key.utf8), value]
        if ifAbsent { arguments.append(Array("NX".utf8)) }
        if let ttl { arguments += [Array("PX".utf8), Array(String(max(1, ttl.inMillisecondsRoundedUp)).utf8)] }
        return arguments
    }
}

/// Resumes one continuation exactly once: by the call's result or by its deadline's backstop,
/// whichever comes first (the backstop is removed when the result wins).
private final class OnceResumption: Sendable {
    struct State {
        var continuation: CheckedContinuation<Result<[RESPValue], RedisError>, Never>?
        var backstop: DeadlineWatchdog.Entry?
        var done = false
    }

    private let backstops: DeadlineWatchdog
    private let state = Locked(State())

    init(backstops: DeadlineWatchdog) {
        self.backstops = backstops
    }

    func install(_ continuation: CheckedContinuation<Result<[RESPValue], RedisError>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records the backstop (removed at once when the result came first).
    func setBackstop(_ entry: DeadlineWatchdog.Entry) {
        let done = state.withLock { s -> Bool in
            s.backstop = entry
            return s.done
        }
        if done { backstops.cancel(entry) }
    }

    func resume(_ result: Result<[RESPValue], RedisError>) {
        typealias Taken = (CheckedContinuation<Result<[RESPValue], RedisError>, Never>, DeadlineWatchdog.Entry?)
        let taken = state.withLock { s -> Taken? in
            guard !s.done, let continuation = s.continuation else { return nil }
            s.done = true
            s.continuation = nil
            defer { s.backstop = nil }
            return (continuation, s.backstop)
        }
        guard let (continuation, backstop) = taken else { return }
        if let backstop { backstops.cancel(backstop) }
        continuation.resume(returning: result)
    }
}
