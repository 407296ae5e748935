/// Renders upstream and loader metrics in the Prometheus text exposition format (0.0.4).
public enum PrometheusText {
    /// The metric lines for `pipelines` and `loaders`, each family with HELP and TYPE, named
    /// `PREFIX_upstream_…` and `PREFIX_loader_…` (the application gives its prefix).
    public static func render(pipelines: [UpstreamPipeline], loaders: LoaderMetrics? = nil, prefix: String) -> String {
        var out = ""
        let snapshots = pipelines.map {
            (name: $0.upstream.rawValue, values: $0.counters.values, breaker: $0.breaker.state, transitions: $0.breaker.transitions)
        }

        func family(_ name: String, _ type: String, _ help: String, _ rows: [(labels: String, value: String)]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for row in rows { out += "\(name){\(row.labels)} \(row.value)\n" }
        }
        func histogram(_ name: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
            let bounds = UpstreamCounters.latencyBucketBounds
            for snapshot in snapshots {
                let labels = "upstream=\"\(snapshot.name)\""
                var cumulative = 0
                for (index, bound) in bounds.enumerated() {
                    cumulative += index < snapshot.values.latencyBuckets.count ? snapshot.values.latencyBuckets[index] : 0
                    out += "\(name)_bucket{\(labels),le=\"\(formatted(bound))\"} \(cumulative)\n"
                }
                out += "\(name)_bucket{\(labels),le=\"+Inf\"} \(snapshot.values.latencyCount)\n"
                out += "\(name)_sum{\(labels)} \(formatted(snapshot.values.latencySeconds))\n"
                out += "\(name)_count{\(labels)} \(snapshot.values.latencyCount)\n"
            }
        }
        func perUpstream(_ value: (UpstreamCounters.Values) -> String) -> [(labels: String, value: String)] {
            snapshots.map { (labels: "upstream=\"\($0.name)\"", value: value($0.values)) }
        }

        family("\(prefix)_upstream_requests_total", "counter", "HTTP exchanges sent to the upstream (retries included).",
               perUpstream { String($0.requests) })
        histogram("\(prefix)_upstream_request_duration_seconds", "Seconds per upstream exchange (answers and failures, each retry apart).")
        var errorRows: [(labels: String, value: String)] = []
        for snapshot in snapshots {
            for code in ["UPSTREAM_UNAVAILABLE", "UPSTREAM_TIMEOUT", "UPSTREAM_BAD_RESPONSE"] {
                errorRows.append((labels: "upstream=\"\(snapshot.name)\",code=\"\(code)\"", value: String(snapshot.values.errors[code] ?? 0)))
            }
        }
        family("\(prefix)_upstream_errors_total", "counter", "Upstream failures by field error code.", errorRows)
        family("\(prefix)_upstream_retries_total", "counter", "Retries of upstream requests.",
               perUpstream { String($0.retries) })
        family("\(prefix)_upstream_cache_hits_total", "counter", "Responses served fresh from the response cache.",
               perUpstream { String($0.cacheHits) })
        family("\(prefix)_upstream_cache_misses_total", "counter", "Cacheable requests not served fresh from the cache.",
               perUpstream { String($0.cacheMisses) })
        family("\(prefix)_upstream_stale_served_total", "counter", "Stale responses served because the upstream failed.",
               perUpstream { String($0.staleServed) })
        family("\(prefix)_upstream_deduplicated_total", "counter", "Requests that joined an identical in-flight request.",
               perUpstream { String($0.deduplicated) })
        family("\(prefix)_upstream_breaker_rejections_total", "counter", "Requests refused by an open circuit breaker.",
               perUpstream { String($0.breakerRejections) })
        family("\(prefix)_upstream_breaker_state", "gauge", "Circuit breaker state: 0 closed, 1 open, 2 half-open.",
               snapshots.map { (labels: "upstream=\"\($0.name)\"", value: String($0.breaker.metricValue)) })
        var transitionRows: [(labels: String, value: String)] = []
        for snapshot in snapshots {
            for state in CircuitBreaker.State.allCases {
                transitionRows.append((labels: "upstream=\"\(snapshot.name)\",to=\"\(state.rawValue)\"", value: String(snapshot.transitions[state] ?? 0)))
            }
        }
        family("\(prefix)_upstream_breaker_transitions_total", "counter", "Circuit breaker transitions, by the state entered.", transitionRows)

        if pipelines.contains(where: { $0.sharedCache != nil }) {
            family("\(prefix)_upstream_shared_cache_hits_total", "counter", "Fetches answered by the shared cache (another replica's answer, no upstream call).",
                   perUpstream { String($0.sharedHits) })
            family("\(prefix)_upstream_shared_cache_misses_total", "counter", "Fetches that asked the shared cache, then the upstream.",
                   perUpstream { String($0.sharedMisses) })
            family("\(prefix)_upstream_shared_cache_stores_total", "counter", "Answers stored in the shared cache.",
                   perUpstream { String($0.sharedStores) })
            family("\(prefix)_upstream_shared_cache_lock_waits_total", "counter", "Fetches that waited for another replica fetching the same entry.",
                   perUpstream { String($0.sharedLockWaits) })
            family("\(prefix)_upstream_shared_cache_invalid_total", "counter", "Shared entries that could not be used (undecodable, another request's, or not decodable by the client).",
                   perUpstream { String($0.sharedInvalid) })
        }

        if let loaders {
            let totals = loaders.totals.sorted { $0.key < $1.key }
            family("\(prefix)_loader_batches_total", "counter", "Batches sent by each data loader.",
                   totals.map { (labels: "loader=\"\($0.key)\"", value: String($0.value.batches)) })
            family("\(prefix)_loader_batch_keys_total", "counter", "Keys sent by each data loader over all batches.",
                   totals.map { (labels: "loader=\"\($0.key)\"", value: String($0.value.keys)) })
            family("\(prefix)_loader_batch_size_max", "gauge", "The largest batch each data loader sent.",
                   totals.map { (labels: "loader=\"\($0.key)\"", value: String($0.value.largest)) })
        }
        return out
    }

    /// A sample value or bucket bound: whole numbers without a fraction (`1`, `10`), others
    /// in Swift's shortest form (`0.005`); non-finite values as `0`.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
