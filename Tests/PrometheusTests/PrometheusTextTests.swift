import Prometheus
import XCTest

final class PrometheusTextTests: XCTestCase {
    func testFamiliesWithAndWithoutLabels() {
        var out = PrometheusText()
        out.family(
            "app_requests_total", .counter, help: "Requests.",
            samples: [.init(["status": "200"], 12), .init(["status": "404"], 1)])
        out.family("app_in_flight", .gauge, help: "In flight.", value: 3)
        out.family("app_empty_total", .counter, help: "Nothing yet.", samples: [])
        XCTAssertEqual(
            out.text,
            """
            # HELP app_requests_total Requests.
            # TYPE app_requests_total counter
            app_requests_total{status="200"} 12
            app_requests_total{status="404"} 1
            # HELP app_in_flight In flight.
            # TYPE app_in_flight gauge
            app_in_flight 3
            # HELP app_empty_total Nothing yet.
            # TYPE app_empty_total counter

            """)
    }

    func testHistogramIsCumulativeWithInfSumAndCount() {
        var out = PrometheusText()
        out.histogram(
            "app_seconds", help: "Time.", bounds: [0.005, 1],
            series: [
                .init(["route": "a"], buckets: [2, 1], count: 4, sum: 2.5),
                .init(["route": "b"], buckets: [1], count: 1, sum: 0)
            ])
        XCTAssertEqual(
            out.text,
            """
            # HELP app_seconds Time.
            # TYPE app_seconds histogram
            app_seconds_bucket{route="a",le="0.005"} 2
            app_seconds_bucket{route="a",le="1"} 3
            app_seconds_bucket{route="a",le="+Inf"} 4
            app_seconds_sum{route="a"} 2.5
            app_seconds_count{route="a"} 4
            app_seconds_bucket{route="b",le="0.005"} 1
            app_seconds_bucket{route="b",le="1"} 1
            app_seconds_bucket{route="b",le="+Inf"} 1
            app_seconds_sum{route="b"} 0
            app_seconds_count{route="b"} 1

            """)
        var unlabelled = PrometheusText()
        unlabelled.histogram("h", help: "H.", bounds: [1], series: [.init(buckets: [1], count: 2, sum: 3.25)])
        XCTAssertEqual(
            unlabelled.text,
            "# HELP h H.\n# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3.25\nh_count 2\n")
    }

    func testLabelValuesAreEscapedAndNumbersAreShort() {
        var out = PrometheusText()
        out.family("m", .gauge, help: "M.", samples: [.init(["path": "a\"b\\c\nd"], 1.5)])
        XCTAssertEqual(out.text, "# HELP m M.\n# TYPE m gauge\nm{path=\"a\\\"b\\\\c\\nd\"} 1.5\n")
        XCTAssertEqual(PrometheusText.number(10), "10")
        XCTAssertEqual(PrometheusText.number(0.005), "0.005")
        XCTAssertEqual(PrometheusText.number(.nan), "0")
        XCTAssertEqual(PrometheusText.number(.infinity), "0")
    }
}
