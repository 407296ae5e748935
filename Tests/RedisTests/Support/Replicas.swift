import Clocks
import Locking
import Redis
import RedisCache
import Upstreams
import UpstreamStubs
import XCTest

/// A monotonic and a wall clock moved together by the test (no sleeping, no real time).
final class TestClocks: Sendable {
    private let elapsed = Locked(Duration.zero)
    let wallOrigin: Duration

    init(wallOrigin: Duration = .seconds(1_900_000_000)) {
        self.wallOrigin = wallOrigin
    }

    var monotonic: MonotonicClock { MonotonicClock { [self] in .seconds(1000) + elapsed.withLock { $0 } } }
    var wall: WallClock { WallClock { [self] in wallOrigin + elapsed.withLock { $0 } } }

    func advance(_ span: Duration) { elapsed.withLock { $0 += span } }
}

/// An upstream stand-in that counts its calls and answers `{"url": …, "call": n}`, after
/// `delaySeconds` when given.
final class CountingTransport: Transport {
    private let count = Locked(0)
    let delaySeconds: Double
    let status: Int

    init(delaySeconds: Double = 0, status: Int = 200) {
        self.delaySeconds = delaySeconds
        self.status = status
    }

    var calls: Int { count.withLock { $0 } }

    func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        let call = count.withLock { value -> Int in
            value += 1
            return value
        }
        if delaySeconds > 0 { try await Task.sleep(nanoseconds: UInt64(delaySeconds * 1e9)) }
        return UpstreamResponse(
            status: status, headers: [UpstreamHeader("Content-Type", "application/json")],
            text: "{\"url\":\"\(request.url)\",\"call\":\(call)}")
    }
}

/// One Menagerie replica as far as one upstream goes: a pipeline with its own local cache and
/// transport, sharing Redis through its own client and breaker.
struct Replica {
    let pipeline: UpstreamPipeline
    let transport: CountingTransport
    let shared: RedisSharedCache

    init(
        redis url: String, clocks: TestClocks = TestClocks(), timeout: Duration = .seconds(1),
        lock: SharedCacheLockPolicy = SharedCacheLockPolicy(), transport: CountingTransport = CountingTransport()
    ) throws {
        let client = RedisClient(RedisClientConfiguration(url: try RedisURL(parsing: url), timeout: timeout))
        shared = RedisSharedCache(client: client, clock: clocks.monotonic)
        self.transport = transport
        pipeline = UpstreamPipeline(
            upstream: "dog-ceo", transport: transport,
            settings: UpstreamSettings(retry: RetryPolicy(maxAttempts: 1), breaker: .disabled, sharedLock: lock),
            clock: clocks.monotonic, wallClock: clocks.wall, sharedCache: shared
        )
    }

    /// Fetches `path` (cached 60 s) and returns the body text.
    func fetch(_ path: String, ttl: Duration = .seconds(60)) async throws -> String {
        try await pipeline.fetchDecodedAnswer(
            UpstreamRequest(url: "https://dog.ceo/api" + path), cache: CachePolicy(defaultTTL: ttl)
        ) {
            String(decoding: $0.body, as: UTF8.self)
        }.value
    }

    var counters: UpstreamCounters.Values { pipeline.counters.values }
    var redis: RedisClientCounters.Values { shared.client.counters.values }
}

/// Starts `redis-server`; its absence fails the test with a message saying to install it.
func startRedis(password: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws
    -> RedisServerProcess
{
    do {
        return try RedisServerProcess(password: password)
    } catch {
        XCTFail(String(describing: error), file: file, line: line)
        throw error
    }
}
