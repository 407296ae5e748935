import Clocks
import HTTPServer
import Locking
import Prometheus

/// Request metrics in Prometheus text format: requests by status, a latency histogram and
/// requests in flight.
public final class Metrics: Sendable {
    /// Upper bounds (seconds) of the latency histogram buckets.
    public static let bucketBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
    ]

    private struct State {
        var byStatus: [Int: Int] = [:]
        var buckets = [Int](repeating: 0, count: Metrics.bucketBounds.count)
        var count = 0
        var sum = 0.0
        var inFlight = 0
        var operations: [String: Int] = [:]
        var timeouts = 0
        var abandoned = 0
        var persistedQueryHits = 0
        var persistedQueryMisses = 0
        var persistedQueryRegistrations = 0
    }

    private let state = Locked(State())
    private let prefix: String
    private let connections = Locked<(@Sendable () -> Int)?>(nil)
    private let persistedQueryOccupancy = Locked<(@Sendable () -> (entries: Int, bytes: Int)?)?>(nil)

    private let droppedLogLines: @Sendable () -> Int

    /// Metrics named `prefix_…`; `droppedLogLines` counts the log lines the log sink dropped.
    public init(prefix: String = "menagerie", droppedLogLines: @escaping @Sendable () -> Int = { 0 }) {
        self.prefix = prefix
        self.droppedLogLines = droppedLogLines
    }

    /// Counts a request as started.
    public func requestStarted() { state.withLock { $0.inFlight += 1 } }

    /// Counts a request as finished with `status` after `duration`; `operationType` for GraphQL ones.
    public func requestFinished(status: Int, duration: Duration, operationType: String?) {
        let seconds = duration.inSeconds
        state.withLock { s in
            s.inFlight -= 1
            s.byStatus[status, default: 0] += 1
            s.count += 1
            s.sum += seconds
            if let index = Metrics.bucketBounds.firstIndex(where: { seconds <= $0 }) { s.buckets[index] += 1 }
            if let operationType { s.operations[operationType, default: 0] += 1 }
        }
    }

    /// Counts a GraphQL request that exceeded the request timeout; its execution is still running.
    public func executionAbandoned() {
        state.withLock {
            $0.timeouts += 1
            $0.abandoned += 1
        }
    }

    /// Counts the end of an execution abandoned by ``executionAbandoned()``.
    public func abandonedExecutionEnded() {
        state.withLock { if $0.abandoned > 0 { $0.abandoned -= 1 } }
    }

    /// Counts a persisted-query hash found in the store.
    public func persistedQueryHit() { state.withLock { $0.persistedQueryHits += 1 } }

    /// Counts a persisted-query hash not found (answered `PersistedQueryNotFound`).
    public func persistedQueryMiss() { state.withLock { $0.persistedQueryMisses += 1 } }

    /// Counts a query stored under its hash.
    public func persistedQueryRegistered() { state.withLock { $0.persistedQueryRegistrations += 1 } }

    /// Persisted-query hits, misses and registrations so far.
    public var persistedQueries: (hits: Int, misses: Int, registrations: Int) {
        state.withLock { ($0.persistedQueryHits, $0.persistedQueryMisses, $0.persistedQueryRegistrations) }
    }

    /// Sets where the persisted-query store's gauges come from (entries and bytes held).
    public func setPersistedQueryOccupancy(_ provider: @escaping @Sendable () -> (entries: Int, bytes: Int)?) {
        persistedQueryOccupancy.withLock { $0 = provider }
    }

    /// GraphQL requests that exceeded the request timeout.
    public var requestTimeouts: Int { state.withLock { $0.timeouts } }

    /// Executions cancelled by the request timeout that have not ended yet.
    public var abandonedExecutions: Int { state.withLock { $0.abandoned } }

    /// The number of requests being handled.
    public var inFlight: Int { state.withLock { $0.inFlight } }

    /// Sets where the open-connection gauge comes from (the HTTP server).
    public func setConnectionCount(_ provider: @escaping @Sendable () -> Int) {
        connections.withLock { $0 = provider }
    }

    /// The metrics in Prometheus text exposition format (version 0.0.4).
    public func render() -> String {
        let s = state.withLock { $0 }
        var out = PrometheusText()
        out.family(
            "\(prefix)_http_requests_total", .counter, help: "HTTP requests answered, by status code.",
            samples: s.byStatus.sorted { $0.key < $1.key }.map { .init(["status": String($0.key)], $0.value) })
        out.histogram(
            "\(prefix)_http_request_duration_seconds", help: "Time to answer HTTP requests.",
            bounds: Metrics.bucketBounds, series: [.init(buckets: s.buckets, count: s.count, sum: s.sum)])
        out.family("\(prefix)_http_requests_in_flight", .gauge, help: "HTTP requests being handled.", value: s.inFlight)
        if let provider = connections.withLock({ $0 }) {
            out.family("\(prefix)_http_connections", .gauge, help: "Open client connections.", value: provider())
        }
        out.family(
            "\(prefix)_graphql_operations_total", .counter, help: "GraphQL operations executed, by type.",
            samples: s.operations.sorted { $0.key < $1.key }.map { .init(["type": $0.key], $0.value) })
        out.family(
            "\(prefix)_graphql_request_timeouts_total", .counter,
            help: "GraphQL requests that exceeded the request timeout (answered 504).", value: s.timeouts)
        out.family(
            "\(prefix)_graphql_executions_abandoned", .gauge,
            help: "Executions cancelled by the request timeout that have not stopped yet.", value: s.abandoned)
        out.family(
            "\(prefix)_apq_hits_total", .counter,
            help: "Automatic persisted queries run from the store by their hash.", value: s.persistedQueryHits)
        out.family(
            "\(prefix)_apq_misses_total", .counter,
            help: "Persisted-query hashes not in the store (answered PersistedQueryNotFound).",
            value: s.persistedQueryMisses)
        out.family(
            "\(prefix)_apq_registrations_total", .counter,
            help: "Queries stored under their hash after they validated.", value: s.persistedQueryRegistrations)
        if let provider = persistedQueryOccupancy.withLock({ $0 }), let occupancy = provider() {
            out.family(
                "\(prefix)_apq_entries", .gauge, help: "Queries held by the persisted-query store.",
                value: occupancy.entries)
            out.family(
                "\(prefix)_apq_bytes", .gauge, help: "Bytes held by the persisted-query store (estimated).",
                value: occupancy.bytes)
        }
        out.family(
            "\(prefix)_log_lines_dropped_total", .counter,
            help: "Log lines dropped because the log's destination did not keep up.", value: droppedLogLines())
        return out.text
    }
}

/// Whether the application is ready to serve (its schema is built): `/ready` answers 200 once set.
public final class Readiness: Sendable {
    private let ready = Locked(false)
    public init(ready: Bool = false) { self.ready.withLock { $0 = ready } }
    /// Marks the application ready (or not).
    public func set(_ value: Bool) { ready.withLock { $0 = value } }
    public var isReady: Bool { ready.withLock { $0 } }
}
