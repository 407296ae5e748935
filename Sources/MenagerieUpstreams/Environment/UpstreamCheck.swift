import Clocks
import GraphQL
import JSON
import Upstreams

/// `menagerie check`: one cheap request to each live upstream of a configuration, and whether
/// Menagerie can use what answers. Probes go straight to the transport (no cache, retry or
/// breaker), so what they report is the upstream as it is now.
///
/// - Dog CEO: `GET /breeds/list/all`, a success envelope;
/// - The Dog API: `GET /breeds?limit=1&page=0` with the key, a JSON array (401/403: the key is
///   missing or refused);
/// - Zoo: `GET /animals`, a JSON array of animals;
/// - D&D: introspection, and every type, field and argument Menagerie's queries can use
///   (``DnDSubsetSchema``) present in it; when introspection is off, one small query.
public enum UpstreamCheck {
    /// What the probe of one upstream found.
    public struct Report: Sendable, Equatable {
        public var upstream: UpstreamID
        /// `embedded` or the live base URL.
        public var source: String
        /// Whether an HTTP answer came (nil: embedded, not probed).
        public var reachable: Bool?
        /// The answer's HTTP status.
        public var status: Int?
        /// How long the probe took.
        public var latency: Duration?
        /// For The Dog API: `accepted`, `refused`, `missing` or `not needed`; `-` for the others.
        public var key: String
        /// Whether Menagerie can use this upstream as configured.
        public var usable: Bool
        /// One sentence: why it is or is not usable.
        public var verdict: String
    }

    /// Probes every upstream of `configuration` concurrently (embedded ones are reported, not
    /// probed), in the order Dog CEO, The Dog API, Zoo, D&D.
    public static func run(
        _ configuration: UpstreamsConfiguration, timeout: Duration = .seconds(10),
        transport: (any Transport)? = nil, clock: MonotonicClock = .system
    ) async -> [Report] {
        let transport = transport ?? URLSessionTransport(timeout: timeout)
        return await withTaskGroup(of: (Int, Report).self) { group in
            for (position, upstream) in UpstreamID.allCases.enumerated() {
                group.addTask {
                    let report = await probe(upstream, configuration, transport: transport, clock: clock)
                    return (position, report)
                }
            }
            var reports: [(Int, Report)] = []
            for await item in group { reports.append(item) }
            return reports.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func probe(
        _ upstream: UpstreamID, _ configuration: UpstreamsConfiguration, transport: any Transport,
        clock: MonotonicClock
    ) async -> Report {
        guard configuration.modes[upstream] == .live else {
            return Report(
                upstream: upstream, source: "embedded", reachable: nil, status: nil, latency: nil, key: "-",
                usable: true, verdict: "served from the embedded snapshot (no network)")
        }
        let base = configuration.baseURL(upstream)
        var report = Report(
            upstream: upstream, source: base, reachable: false, status: nil, latency: nil, key: "-",
            usable: false, verdict: "")
        let request: UpstreamRequest
        switch upstream {
        case .dogCEO:
            request = UpstreamRequest(
                url: URLText.join(base, "/breeds/list/all"), headers: [UpstreamHeader("Accept", "application/json")])
        case .theDogAPI:
            var headers = [UpstreamHeader("Accept", "application/json")]
            if let key = configuration.theDogAPIKey { headers.append(UpstreamHeader("x-api-key", key.value)) }
            request = UpstreamRequest(url: URLText.join(base, "/breeds?limit=1&page=0"), headers: headers)
        case .zoo:
            request = UpstreamRequest(
                url: URLText.join(base, "/animals"), headers: [UpstreamHeader("Accept", "application/json")])
        case .dnd5e:
            request = graphQLRequest(base, query: introspectionQuery)
        }
        let started = clock.now()
        let response: UpstreamResponse
        do {
            response = try await transport.send(request)
        } catch {
            report.latency = clock.now() - started
            report.verdict = "no answer (\(error is CancellationError ? "cancelled" : "unreachable or timed out"))"
            return report
        }
        report.latency = clock.now() - started
        report.reachable = true
        report.status = response.status
        if upstream == .theDogAPI {
            let keySet = configuration.theDogAPIKey != nil
            if response.status == 401 || response.status == 403 {
                report.key = keySet ? "refused" : "missing"
                report.verdict =
                    keySet
                    ? "the key in \(UpstreamsConfiguration.theDogAPIKeyVariable) was refused (HTTP \(response.status))"
                    : "a key is needed (HTTP \(response.status)): set \(UpstreamsConfiguration.theDogAPIKeyVariable)"
                return report
            }
            report.key = keySet ? (response.isSuccess ? "accepted" : "-") : "not needed"
        }
        guard response.isSuccess else {
            report.verdict = "answered HTTP \(response.status)"
            return report
        }
        guard let body = try? JSONParser.parse(response.body) else {
            report.verdict = "the answer is not JSON"
            return report
        }
        switch upstream {
        case .dogCEO:
            report.usable = body["status"]?.stringValue == "success" && body["message"]?.objectValue != nil
            report.verdict = report.usable ? "ok: the breed list answered" : "the answer is not Dog CEO's breed list"
        case .theDogAPI:
            report.usable = body.arrayValue != nil
            report.verdict = report.usable ? "ok: the breed list answered" : "the answer is not a breed list"
        case .zoo:
            let animals = body.arrayValue?.compactMap(ZooAnimal.init(json:)) ?? []
            report.usable = !animals.isEmpty
            report.verdict = report.usable ? "ok: \(animals.count) animals" : "the answer is not a list of animals"
        case .dnd5e:
            await judgeDnD(body, base: base, transport: transport, report: &report)
        }
        return report
    }

    /// D&D: every type, field and argument Menagerie's queries use, found in the introspected
    /// schema; without introspection, one small query that must answer.
    static func judgeDnD(_ body: JSONValue, base: String, transport: any Transport, report: inout Report) async {
        if let types = body["data"]?["__schema"]?["types"]?.arrayValue {
            let missing = missingFields(introspected: types)
            report.usable = missing.isEmpty
            report.verdict =
                missing.isEmpty
                ? "ok: the introspected schema has every field Menagerie asks for"
                : "the schema lacks what Menagerie asks for: " + missing.prefix(8).joined(separator: ", ")
                    + (missing.count > 8 ? " and \(missing.count - 8) more" : "")
            return
        }
        // Introspection off: one small query Menagerie itself sends.
        guard let response = try? await transport.send(graphQLRequest(base, query: smallQuery)) else {
            report.verdict = "introspection refused and the small query got no answer"
            return
        }
        report.status = response.status
        let answer = try? JSONParser.parse(response.body)
        let monsters = answer?["data"]?["monsters"]?.arrayValue
        report.usable = response.isSuccess && monsters != nil && answer?["errors"] == nil
        report.verdict =
            report.usable
            ? "ok: introspection is off; a monsters query answered"
            : "introspection is off and a monsters query failed (HTTP \(response.status))"
    }

    /// `Type.field(argument)` names of ``DnDSubsetSchema`` that `types` (introspection's
    /// `__schema.types`) lacks.
    static func missingFields(introspected types: [JSONValue]) -> [String] {
        var fields: [String: [String: Set<String>]] = [:]
        for type in types {
            guard let name = type["name"]?.stringValue else { continue }
            var byField: [String: Set<String>] = [:]
            for field in (type["fields"]?.arrayValue ?? []) + (type["inputFields"]?.arrayValue ?? []) {
                guard let fieldName = field["name"]?.stringValue else { continue }
                byField[fieldName] = Set((field["args"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
            }
            fields[name] = byField
        }
        var missing: [String] = []
        for (type, expected) in usedFields {
            guard let present = fields[type] else {
                missing.append(type)
                continue
            }
            for (field, arguments) in expected.sorted(by: { $0.key < $1.key }) {
                guard let presentArguments = present[field] else {
                    missing.append("\(type).\(field)")
                    continue
                }
                for argument in arguments.sorted() where !presentArguments.contains(argument) {
                    missing.append("\(type).\(field)(\(argument):)")
                }
            }
        }
        return missing
    }

    /// Every type of ``DnDSubsetSchema`` with its fields and their arguments, in document order.
    static let usedFields: [(String, [String: Set<String>])] = {
        guard let document = try? parse(DnDSubsetSchema.sdl) else { return [] }
        var used: [(String, [String: Set<String>])] = []
        for definition in document.definitions {
            switch definition {
            case .objectType(let type):
                used.append(
                    (
                        type.name.value,
                        Dictionary(
                            type.fields.map { ($0.name.value, Set($0.arguments.map(\.name.value))) },
                            uniquingKeysWith: { first, _ in first })
                    ))
            case .interfaceType(let type):
                used.append(
                    (
                        type.name.value,
                        Dictionary(
                            type.fields.map { ($0.name.value, Set($0.arguments.map(\.name.value))) },
                            uniquingKeysWith: { first, _ in first })
                    ))
            case .inputObjectType(let type):
                used.append(
                    (
                        type.name.value,
                        Dictionary(
                            type.fields.map { ($0.name.value, Set<String>()) },
                            uniquingKeysWith: { first, _ in first })
                    ))
            default:
                continue
            }
        }
        return used
    }()

    static let introspectionQuery =
        "query MenagerieCheck { __schema { types { name fields { name args { name } } inputFields { name } } } }"
    static let smallQuery = "query MenagerieCheck { monsters(limit: 1) { index name } }"

    static func graphQLRequest(_ endpoint: String, query: String) -> UpstreamRequest {
        UpstreamRequest(
            method: "POST", url: endpoint,
            headers: [UpstreamHeader("Content-Type", "application/json"), UpstreamHeader("Accept", "application/json")],
            body: JSONValue.object(["query": .string(query)]).serializedBytes(), isIdempotent: true)
    }
}
