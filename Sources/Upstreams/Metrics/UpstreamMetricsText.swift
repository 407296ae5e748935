import Prometheus

/// Renders upstream and loader metrics in the Prometheus text exposition format (0.0.4).
public enum UpstreamMetricsText {
    /// The metric lines for `pipelines` and `loaders`, each family with HELP and TYPE, named
    /// `PREFIX_upstream_…` and `PREFIX_loader_…` (the application gives its prefix).
    public static func render(pipelines: [UpstreamPipeline], loaders: LoaderMetrics? = nil, prefix: String) -> String {
        var out = PrometheusText()
        let snapshots = pipelines.map {
            (
                name: $0.upstream.rawValue, values: $0.counters.values, breaker: $0.breaker.state,
                transitions: $0.breaker.transitions
            )
        }
        func family(_ name: String, _ kind: PrometheusText.Kind, _ help: String, _ samples: [PrometheusText.Sample]) {
            out.family("\(prefix)_\(name)", kind, help: help, samples: samples)
        }
        func perUpstream(_ value: (UpstreamCounters.Values) -> Int) -> [PrometheusText.Sample] {
            snapshots.map { PrometheusText.Sample(["upstream": $0.name], value($0.values)) }
        }

        family(
            "upstream_requests_total", .counter, "HTTP exchanges sent to the upstream (retries included).",
            perUpstream { $0.requests })
        out.histogram(
            "\(prefix)_upstream_request_duration_seconds",
            help: "Seconds per upstream exchange (answers and failures, each retry apart).",
            bounds: UpstreamCounters.latencyBucketBounds,
            series: snapshots.map {
                PrometheusText.Series(
                    ["upstream": $0.name], buckets: $0.values.latencyBuckets,
                    count: $0.values.latencyCount, sum: $0.values.latencySeconds)
            })
        family(
            "upstream_errors_total", .counter, "Upstream failures by field error code.",
            snapshots.flatMap { snapshot in
                ["UPSTREAM_UNAVAILABLE", "UPSTREAM_TIMEOUT", "UPSTREAM_BAD_RESPONSE", "UPSTREAM_BUDGET_EXCEEDED"].map {
                    PrometheusText.Sample(["upstream": snapshot.name, "code": $0], snapshot.values.errors[$0] ?? 0)
                }
            })
        family("upstream_retries_total", .counter, "Retries of upstream requests.", perUpstream { $0.retries })
        family(
            "upstream_rate_waits_total", .counter,
            "Upstream requests that waited for their turn (rate limit or Retry-After pause).",
            perUpstream { $0.rateWaits })
        family(
            "upstream_rate_refusals_total", .counter,
            "Upstream calls refused: their turn was further away than the timeout.",
            perUpstream { $0.rateRefusals })
        family(
            "upstream_cache_hits_total", .counter, "Responses served fresh from the response cache.",
            perUpstream { $0.cacheHits })
        family(
            "upstream_cache_misses_total", .counter, "Cacheable requests not served fresh from the cache.",
            perUpstream { $0.cacheMisses })
        family(
            "upstream_ready_answers_total", .counter, "Answers given at once from the cache (the field did not wait).",
            perUpstream { $0.readyAnswers })
        family(
            "upstream_stale_served_total", .counter, "Stale responses served because the upstream failed.",
            perUpstream { $0.staleServed })
        family(
            "upstream_deduplicated_total", .counter, "Requests that joined an identical in-flight request.",
            perUpstream { $0.deduplicated })
        family(
            "upstream_breaker_rejections_total", .counter, "Requests refused by an open circuit breaker.",
            perUpstream { $0.breakerRejections })
        family(
            "upstream_breaker_state", .gauge, "Circuit breaker state: 0 closed, 1 open, 2 half-open.",
            snapshots.map { PrometheusText.Sample(["upstream": $0.name], $0.breaker.metricValue) })
        family(
            "upstream_breaker_transitions_total", .counter, "Circuit breaker transitions, by the state entered.",
            snapshots.flatMap { snapshot in
                CircuitBreaker.State.allCases.map {
                    PrometheusText.Sample(["upstream": snapshot.name, "to": $0.rawValue], snapshot.transitions[$0] ?? 0)
                }
            })

        if pipelines.contains(where: { $0.sharedCache != nil }) {
            family(
                "upstream_shared_cache_hits_total", .counter,
                "Fetches answered by the shared cache (another replica's answer, no upstream call).",
                perUpstream { $0.sharedHits })
            family(
                "upstream_shared_cache_misses_total", .counter,
                "Fetches that asked the shared cache, then the upstream.",
                perUpstream { $0.sharedMisses })
            family(
                "upstream_shared_cache_stores_total", .counter, "Answers stored in the shared cache.",
                perUpstream { $0.sharedStores })
            family(
                "upstream_shared_cache_lock_waits_total", .counter,
                "Fetches that waited for another replica fetching the same entry.",
                perUpstream { $0.sharedLockWaits })
            family(
                "upstream_shared_cache_invalid_total", .counter,
                "Shared entries that could not be used (undecodable, another request's, or not decodable by the client).",
                perUpstream { $0.sharedInvalid })
        }

        if let loaders {
            let totals = loaders.totals.sorted { $0.key < $1.key }
            family(
                "loader_batches_total", .counter, "Batches sent by each data loader.",
                totals.map { PrometheusText.Sample(["loader": $0.key], $0.value.batches) })
            family(
                "loader_batch_keys_total", .counter, "Keys sent by each data loader over all batches.",
                totals.map { PrometheusText.Sample(["loader": $0.key], $0.value.keys) })
            family(
                "loader_batch_size_max", .gauge, "The largest batch each data loader sent.",
                totals.map { PrometheusText.Sample(["loader": $0.key], $0.value.largest) })
        }
        return out.text
    }
}
