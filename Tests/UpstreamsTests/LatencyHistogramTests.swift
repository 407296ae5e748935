@testable import Upstreams
import UpstreamTestSupport
import XCTest

/// The per-upstream exchange latency histogram and its Prometheus exposition.
final class LatencyHistogramTests: XCTestCase {
    /// Four upstreams, for the exposition of several series.
    static let fourUpstreams: [UpstreamName] = ["dog-ceo", "thedogapi", "zoo", "dnd5e"]

    /// A pipeline whose transport takes `seconds` of (test) clock time per exchange, read
    /// from the request path `/wait/SECONDS`; `/fail/SECONDS` fails the connection after it.
    func pipeline(_ upstream: UpstreamName, clock: TestClock) -> UpstreamPipeline {
        let transport = ClosureTransport { request in
            let parts = request.url.split(separator: "/")
            let seconds = parts.last.flatMap { Double(String($0)) } ?? 0
            clock.advance(.seconds(seconds))
            if parts.contains("fail") { throw TransportError.connectionFailed("refused") }
            return UpstreamResponse(status: 200, text: "[]")
        }
        return UpstreamPipeline(
            upstream: upstream,
            transport: transport,
            settings: UpstreamSettings(timeout: .seconds(60), retry: .disabled, breaker: .disabled),
            clock: clock.clock
        )
    }

    func testExchangesLandInCumulativeBuckets() async throws {
        let clock = TestClock()
        let p = pipeline("zoo", clock: clock)
        // Binary fractions, so the sum is exact.
        for seconds in ["0.0009765625", "0.25", "0.5", "2", "12"] {
            _ = try await p.fetch(UpstreamRequest(url: "http://zoo.test/wait/\(seconds)"), cache: .never)
        }
        await XCTAssertThrowsUpstream(
            try await p.fetch(UpstreamRequest(url: "http://zoo.test/fail/0.015625"), cache: .never),
            code: "UPSTREAM_UNAVAILABLE")

        let values = p.counters.values
        XCTAssertEqual(values.latencyCount, 6)
        XCTAssertEqual(values.latencySeconds, 14.7666015625)
        XCTAssertEqual(values.latencyBuckets, [1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0])

        let text = UpstreamMetricsText.render(pipelines: [p], prefix: "menagerie")
        let expected = """
            # HELP menagerie_upstream_request_duration_seconds Seconds per upstream exchange (answers and failures, each retry apart).
            # TYPE menagerie_upstream_request_duration_seconds histogram
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.005"} 1
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.01"} 1
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.025"} 2
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.05"} 2
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.1"} 2
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.25"} 3
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="0.5"} 4
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="1"} 4
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="2.5"} 5
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="5"} 5
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="10"} 5
            menagerie_upstream_request_duration_seconds_bucket{upstream="zoo",le="+Inf"} 6
            menagerie_upstream_request_duration_seconds_sum{upstream="zoo"} 14.7666015625
            menagerie_upstream_request_duration_seconds_count{upstream="zoo"} 6

            """
        XCTAssertTrue(text.contains(expected), text)
        XCTAssertTrue(text.contains("menagerie_upstream_requests_total{upstream=\"zoo\"} 6\n"), text)
    }

    func testEveryUpstreamHasItsOwnSeriesInOneFamily() async throws {
        let clock = TestClock()
        let zoo = pipeline("zoo", clock: clock)
        let dnd = pipeline("dnd5e", clock: clock)
        _ = try await dnd.fetch(UpstreamRequest(url: "http://dnd.test/wait/0.0625"), cache: .never)
        let text = UpstreamMetricsText.render(pipelines: [zoo, dnd], prefix: "menagerie")
        let name = "menagerie_upstream_request_duration_seconds"
        XCTAssertEqual(text.components(separatedBy: "# TYPE \(name) histogram\n").count, 2, "one TYPE line")
        for line in [
            "\(name)_bucket{upstream=\"zoo\",le=\"+Inf\"} 0",
            "\(name)_sum{upstream=\"zoo\"} 0",
            "\(name)_count{upstream=\"zoo\"} 0",
            "\(name)_bucket{upstream=\"dnd5e\",le=\"0.05\"} 0",
            "\(name)_bucket{upstream=\"dnd5e\",le=\"0.1\"} 1",
            "\(name)_bucket{upstream=\"dnd5e\",le=\"+Inf\"} 1",
            "\(name)_sum{upstream=\"dnd5e\"} 0.0625",
            "\(name)_count{upstream=\"dnd5e\"} 1"
        ] {
            XCTAssertTrue(text.contains(line + "\n"), "missing: \(line)")
        }
    }

    /// The whole exposition is well formed: each family announced once by HELP then TYPE,
    /// its samples right after it, every sample `name{labels} value` with a numeric value,
    /// histogram buckets cumulative and ending with `+Inf` equal to `_count`.
    func testExpositionIsWellFormed() async throws {
        let clock = TestClock()
        let pipelines = Self.fourUpstreams.map { pipeline($0, clock: clock) }
        for (offset, p) in pipelines.enumerated() {
            for _ in 0...offset {
                _ = try await p.fetch(
                    UpstreamRequest(url: "http://\(p.upstream.rawValue).test/wait/0.125"), cache: .never)
            }
        }
        let loaders = LoaderMetrics()
        loaders.record(loader: "dnd5e.monster", size: 2)
        let text = UpstreamMetricsText.render(pipelines: pipelines, loaders: loaders, prefix: "menagerie")
        XCTAssertTrue(text.hasSuffix("\n"))

        var families: [String: String] = [:]
        var current: (name: String, type: String)?
        var lastBucket: [String: (count: Int, sawInf: Bool)] = [:]
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("# HELP ") {
                let name = String(line.dropFirst(7).prefix { $0 != " " })
                XCTAssertNil(families[name], "family \(name) announced twice")
                families[name] = ""
                current = nil
                continue
            }
            if line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst(7).split(separator: " ")
                XCTAssertEqual(parts.count, 2, String(line))
                let name = String(parts[0])
                XCTAssertEqual(families[name], "", "TYPE of \(name) without HELP just before")
                families[name] = String(parts[1])
                current = (name, String(parts[1]))
                continue
            }
            guard let current, let brace = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}") else {
                XCTFail("sample outside a family or without labels: \(line)")
                continue
            }
            let sampleName = String(line[..<brace])
            let labels = String(line[line.index(after: brace)..<close])
            let valueText = line[line.index(after: close)...].dropFirst()
            XCTAssertEqual(line[line.index(after: close)], " ", String(line))
            XCTAssertNotNil(Double(String(valueText)), "value of \(line)")
            if current.type == "histogram" {
                XCTAssertTrue(
                    [current.name + "_bucket", current.name + "_sum", current.name + "_count"].contains(sampleName),
                    String(line))
                let series = labels.replacingOccurrences(of: #",le="[^"]*""#, with: "", options: .regularExpression)
                if sampleName.hasSuffix("_bucket") {
                    let count = Int(String(valueText)) ?? -1
                    let previous = lastBucket[series] ?? (0, false)
                    XCTAssertFalse(previous.sawInf, "bucket after +Inf: \(line)")
                    XCTAssertGreaterThanOrEqual(count, previous.count, "buckets not cumulative: \(line)")
                    lastBucket[series] = (count, labels.hasSuffix("le=\"+Inf\""))
                } else if sampleName.hasSuffix("_count") {
                    counts[series] = Int(String(valueText))
                }
            } else {
                XCTAssertEqual(sampleName, current.name, String(line))
            }
        }
        XCTAssertEqual(families["menagerie_upstream_request_duration_seconds"], "histogram")
        XCTAssertNil(families["menagerie_upstream_request_duration_seconds_sum"], "the old counter family is gone")
        XCTAssertEqual(lastBucket.count, Self.fourUpstreams.count)
        for (series, bucket) in lastBucket {
            XCTAssertTrue(bucket.sawInf, "\(series) has no +Inf bucket")
            XCTAssertEqual(counts[series], bucket.count, "\(series): +Inf bucket differs from _count")
        }
        XCTAssertEqual(counts.values.sorted(), Array(1...Self.fourUpstreams.count))
    }
}
