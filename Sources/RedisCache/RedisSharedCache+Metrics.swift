import Redis
import Upstreams

extension RedisSharedCache {
    /// The `PREFIX_redis_*` lines for `/metrics` (Prometheus text, each family with HELP and
    /// TYPE; the application gives its prefix): the client's calls, commands, errors and
    /// connections, entry reads, and the breaker.
    public func metricsText(prefix: String) -> String {
        var out = ""
        func family(_ name: String, _ type: String, _ help: String, _ rows: [(labels: String, value: Int)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for row in rows { out += row.labels.isEmpty ? "\(name) \(row.value)\n" : "\(name){\(row.labels)} \(row.value)\n" }
        }
        let values = client.counters.values
        family("\(prefix)_redis_calls_total", "counter", "Round trips to Redis (a pipeline of commands is one).",
               [("", values.calls)])
        family("\(prefix)_redis_commands_total", "counter", "Commands sent to Redis, by command.",
               values.commands.sorted { $0.key < $1.key }.map { (labels: "command=\"\($0.key)\"", value: $0.value) })
        family("\(prefix)_redis_errors_total", "counter", "Redis calls that failed, by kind (timeout, connection, protocol, server, reply).",
               RedisError.kinds.map { (labels: "kind=\"\($0)\"", value: values.errors[$0] ?? 0) })
        family("\(prefix)_redis_connections_opened_total", "counter", "TCP connections opened to Redis (reconnections included).",
               [("", values.connectionsOpened)])
        let reads = self.reads
        family("\(prefix)_redis_cache_reads_total", "counter", "Shared cache entry reads, by result (value, absent, unavailable).",
               ["value", "absent", "unavailable"].map { (labels: "result=\"\($0)\"", value: reads[$0] ?? 0) })
        family("\(prefix)_redis_breaker_state", "gauge", "Redis circuit breaker state: 0 closed, 1 open, 2 half-open.",
               [("", breaker.state.metricValue)])
        family("\(prefix)_redis_breaker_rejections_total", "counter", "Redis calls skipped because the breaker was open.",
               [("", breakerRejections)])
        let transitions = breaker.transitions
        family("\(prefix)_redis_breaker_transitions_total", "counter", "Redis circuit breaker transitions, by the state entered.",
               CircuitBreaker.State.allCases.map { (labels: "to=\"\($0.rawValue)\"", value: transitions[$0] ?? 0) })
        return out
    }
}
