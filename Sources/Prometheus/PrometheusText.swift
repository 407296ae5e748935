/// Builds metrics in the Prometheus text exposition format (version 0.0.4): every family
/// with its `# HELP` and `# TYPE` lines, then its samples. The one renderer of the
/// project: the server's, the upstreams' and Redis's metrics are all written with it.
///
/// ```swift
/// var out = PrometheusText()
/// out.family("app_requests_total", .counter, help: "Requests.", samples: [.init(["status": "200"], 12)])
/// out.text  // "# HELP app_requests_total Requests.\n# TYPE app_requests_total counter\napp_requests_total{status=\"200\"} 12\n"
/// ```
public struct PrometheusText: Sendable {
    /// A metric family's type.
    public enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// One sample of a family: its labels (in order) and its value.
    public struct Sample: Sendable {
        /// Label names and values, written in this order.
        public var labels: KeyValuePairs<String, String>
        /// The value, already formatted.
        public var value: String

        /// An unlabelled sample with an integer value.
        public init(_ value: Int) {
            self.init([:], value)
        }

        /// A sample with `labels` and an integer value.
        public init(_ labels: KeyValuePairs<String, String>, _ value: Int) {
            self.labels = labels
            self.value = String(value)
        }

        /// A sample with `labels` and a real value (see ``PrometheusText/number(_:)``).
        public init(_ labels: KeyValuePairs<String, String>, _ value: Double) {
            self.labels = labels
            self.value = PrometheusText.number(value)
        }
    }

    /// One labelled series of a histogram: observations per bucket (not cumulative; one
    /// count per bound, missing counts read as 0), their number and their sum.
    public struct Series: Sendable {
        public var labels: KeyValuePairs<String, String>
        public var buckets: [Int]
        public var count: Int
        public var sum: Double

        public init(_ labels: KeyValuePairs<String, String> = [:], buckets: [Int], count: Int, sum: Double) {
            self.labels = labels
            self.buckets = buckets
            self.count = count
            self.sum = sum
        }
    }

    /// The text written so far.
    public private(set) var text = ""

    /// An empty exposition.
    public init() {}

    /// Writes a family of `samples` (HELP and TYPE even when there is no sample).
    public mutating func family(_ name: String, _ kind: Kind, help: String, samples: [Sample]) {
        header(name, kind, help)
        for sample in samples { line(name, sample.labels, extra: nil, sample.value) }
    }

    /// Writes a family of one unlabelled sample.
    public mutating func family(_ name: String, _ kind: Kind, help: String, value: Int) {
        family(name, kind, help: help, samples: [Sample(value)])
    }

    /// Writes a histogram family: for each series its cumulative `_bucket` lines (one per
    /// bound, then `+Inf`), `_sum` and `_count`.
    public mutating func histogram(_ name: String, help: String, bounds: [Double], series: [Series]) {
        header(name, .histogram, help)
        for entry in series {
            var cumulative = 0
            for (index, bound) in bounds.enumerated() {
                cumulative += index < entry.buckets.count ? entry.buckets[index] : 0
                line("\(name)_bucket", entry.labels, extra: Self.number(bound), String(cumulative))
            }
            line("\(name)_bucket", entry.labels, extra: "+Inf", String(entry.count))
            line("\(name)_sum", entry.labels, extra: nil, Self.number(entry.sum))
            line("\(name)_count", entry.labels, extra: nil, String(entry.count))
        }
    }

    /// Appends text written by another builder (or another component).
    public mutating func append(_ other: String) {
        text += other
    }

    /// A value or bucket bound: whole numbers without a fraction (`1`, `10`), others in
    /// Swift's shortest form (`0.005`); non-finite values as `0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A label value escaped as the format requires (backslash, double quote, line feed).
    public static func escaped(_ value: String) -> String {
        guard value.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" }) else { return value }
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    private mutating func header(_ name: String, _ kind: Kind, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// `name{labels,le="extra"} value`, without braces when there is no label.
    private mutating func line(
        _ name: String, _ labels: KeyValuePairs<String, String>, extra le: String?, _ value: String
    ) {
        text += name
        if !labels.isEmpty || le != nil {
            text += "{"
            var first = true
            for (label, labelValue) in labels {
                if !first { text += "," }
                first = false
                text += "\(label)=\"\(Self.escaped(labelValue))\""
            }
            if let le { text += first ? "le=\"\(le)\"" : ",le=\"\(le)\"" }
            text += "}"
        }
        text += " \(value)\n"
    }
}
