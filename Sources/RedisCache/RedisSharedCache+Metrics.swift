import Prometheus
import Redis
import Upstreams

extension RedisSharedCache {
    /// The `PREFIX_redis_*` lines for `/metrics` (Prometheus text, each family with HELP and
    /// TYPE; the application gives its prefix): the client's calls, commands, errors and
    /// connections, entry reads, and the breaker.
    public func metricsText(prefix: String) -> String {
        var out = PrometheusText()
        func family(_ name: String, _ kind: PrometheusText.Kind, _ help: String, _ samples: [PrometheusText.Sample]) {
            out.family("\(prefix)_\(name)", kind, help: help, samples: samples)
        }
        let values = client.counters.values
        family(
            "redis_calls_total", .counter, "Round trips to Redis (a pipeline of commands is one).",
            [.init(values.calls)])
        family(
            "redis_commands_total", .counter, "Commands sent to Redis, by command.",
            values.commands.sorted { $0.key < $1.key }.map { .init(["command": $0.key], $0.value) })
        family(
            "redis_errors_total", .counter,
            "Redis calls that failed, by kind (timeout, connection, protocol, server, reply).",
            RedisError.kinds.map { .init(["kind": $0], values.errors[$0] ?? 0) })
        family(
            "redis_connections_opened_total", .counter, "TCP connections opened to Redis (reconnections included).",
            [.init(values.connectionsOpened)])
        let reads = self.reads
        family(
            "redis_cache_reads_total", .counter, "Shared cache entry reads, by result (value, absent, unavailable).",
            ["value", "absent", "unavailable"].map { .init(["result": $0], reads[$0] ?? 0) })
        family(
            "redis_breaker_state", .gauge, "Redis circuit breaker state: 0 closed, 1 open, 2 half-open.",
            [.init(breaker.state.metricValue)])
        family(
            "redis_breaker_rejections_total", .counter, "Redis calls skipped because the breaker was open.",
            [.init(breakerRejections)])
        let transitions = breaker.transitions
        family(
            "redis_breaker_transitions_total", .counter, "Redis circuit breaker transitions, by the state entered.",
            CircuitBreaker.State.allCases.map { .init(["to": $0.rawValue], transitions[$0] ?? 0) })
        return out.text
    }
}
