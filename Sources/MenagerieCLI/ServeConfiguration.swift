import Clocks
import GraphQL
import GraphQLServer
import Menagerie
import MenagerieUpstreams
import Redis

/// Everything `menagerie serve` was asked for: the app wiring builds the server from it.
struct ServeConfiguration: Equatable {
    /// The profile whose defaults the other settings started from.
    var profile: ServeProfile = .development
    var host = "127.0.0.1"
    var port = 8080
    /// Where each upstream's data comes from, its key, timeouts and request budget
    /// (``UpstreamOptions``, shared with `query` and `check`).
    var upstreams = UpstreamsConfiguration(mode: .embedded)
    var maxBodyBytes = 2 * 1024 * 1024
    var maxResponseBytes = GraphQLServerConfiguration.defaultMaxResponseBytes
    /// The most automatic persisted queries kept in process (0: APQ off).
    var persistedQueryCapacity = InMemoryPersistedQueryStore.defaultCapacity
    var corsOrigins: [String] = []
    var playground = true
    var logLevel: LogLevel = .info
    /// Event-loop threads (nil: one per core).
    var eventLoops: Int?
    /// The longest answer that lets the same GraphQL request run on its event loop next time
    /// (nil: every GraphQL request on the shared pool); see `EventLoopAdmission`.
    var eventLoopBudget: Duration? = GraphQLServerConfiguration.defaultEventLoopBudget
    /// How long a stopping server keeps serving with `/ready` at 503 before it closes its
    /// listener, so that a load balancer takes it out of its pool first (zero: none).
    var shutdownDelay: Duration = .zero
    /// The longest one GraphQL request may execute (nil: no limit).
    var requestTimeout: Duration? = GraphQLServerConfiguration.defaultRequestTimeout
    /// The cost limits every request document must meet.
    var queryLimits = QueryLimits()
    /// Whether `__schema` and `__type` are answered (off: request error `INTROSPECTION_DISABLED`).
    var introspection = true
    /// What the playground's `/images` route does.
    var images: ImagesMode = .auto
    /// Which `GET` requests `/graphql` answers (the profile decides).
    var getRequests: GETPolicy = .allowed
    /// Suggestions, repeated directives and the error cap (the profile decides).
    var errorReporting: ErrorReporting = .complete
    /// The Redis server whose shared cache the replicas use (nil: none).
    var redis: RedisURL?
    /// The longest one Redis call may take.
    var redisTimeout: Duration = .milliseconds(50)

    /// Options that take a value.
    static let valuedOptions = ServeOption.valued

    /// The longest `--redis-timeout` accepted, in milliseconds.
    static let maxRedisTimeoutMilliseconds = 5000

    /// The longest `--request-timeout` accepted, in seconds (one day).
    static let maxRequestTimeoutSeconds = 86_400.0
    static let booleanOptions = ServeOption.flags

    /// Parses `menagerie serve` arguments; `environment` reads `MENAGERIE_*` variables.
    static func parse(_ arguments: [String], environment: (String) -> String?) throws(ArgumentError)
        -> ServeConfiguration
    {
        let command = ServeCommand.name
        // `--cors-origin` may repeat: collect every value before the scanner (which keeps the last).
        var corsOrigins: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let cors = "--" + ServeOption.corsOrigin.rawValue
            if argument == cors {
                guard index + 1 < arguments.count else {
                    throw ArgumentError("menagerie \(command): option '\(cors)' needs a value")
                }
                corsOrigins.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix(cors + "=") {
                corsOrigins.append(String(argument.dropFirst(cors.count + 1)))
                index += 1
                continue
            }
            if argument == "--" { rest += arguments[index...]; break }
            rest.append(argument)
            index += 1
        }
        let scanned = try Arguments(
            rest, valued: valuedOptions, boolean: booleanOptions, maxPositionals: 0,
            command: command)
        var c = ServeConfiguration()
        c.profile = try ServeProfile.parse(scanned[.profile], environment: environment)
        c.getRequests = c.profile.getRequests
        c.errorReporting = c.profile.errorReporting
        if let host = scanned[.host] {
            guard !host.isEmpty else { throw ArgumentError("menagerie \(command): '--host' needs an address") }
            c.host = host
        }
        c.port = try scanned.integer(ServeOption.port.rawValue, default: 8080, command: command)
        guard (0...65535).contains(c.port) else {
            throw ArgumentError("menagerie \(command): '--port' must be between 0 and 65535, got \(c.port)")
        }
        c.upstreams = try UpstreamOptions.configuration(scanned, environment: environment, command: command)
        c.maxBodyBytes = try scanned.integer(
            ServeOption.maxBodyBytes.rawValue, default: c.maxBodyBytes, command: command)
        guard c.maxBodyBytes > 0 else {
            throw ArgumentError("menagerie \(command): '--max-body-bytes' must be positive")
        }
        c.maxResponseBytes = try LimitOptions.value(
            LimitOptions.responseBytes, scanned, environment,
            default: c.maxResponseBytes, command: command)
        c.persistedQueryCapacity = try LimitOptions.value(
            LimitOptions.persistedQueryCapacity, scanned, environment,
            default: c.persistedQueryCapacity, command: command)
        c.corsOrigins = corsOrigins.flatMap { $0.split(separator: ",").map { String($0).trimmedSpaces } }
            .filter { !$0.isEmpty }
        c.playground = c.profile.playground && !scanned.has(.noPlayground)
        if let level = scanned[.logLevel] {
            guard let parsed = LogLevel(name: level) else {
                throw ArgumentError(
                    "menagerie \(command): '--log-level' must be debug, info, warning, error or off, got '\(level)'")
            }
            c.logLevel = parsed
        }
        if scanned[.eventLoops] != nil {
            let loops = try scanned.integer(ServeOption.eventLoops.rawValue, default: 1, command: command)
            guard (1...256).contains(loops) else {
                throw ArgumentError("menagerie \(command): '--event-loops' must be between 1 and 256")
            }
            c.eventLoops = loops
        }
        c.eventLoopBudget = try eventLoopBudget(scanned[.eventLoopBudget], environment: environment)
        c.requestTimeout = try requestTimeout(scanned[.requestTimeout], environment: environment)
        c.shutdownDelay = try shutdownDelay(scanned[.shutdownDelay], environment: environment)
        c.queryLimits = try LimitOptions.queryLimits(scanned, environment: environment, command: command)
        c.introspection = try introspection(
            noIntrospection: scanned.has(.noIntrospection), environment: environment,
            profileDefault: c.profile.introspection)
        c.images = try imagesMode(scanned[.images], environment: environment)
        c.redis = try redis(scanned[.redis], environment: environment)
        c.redisTimeout = try redisTimeout(scanned[.redisTimeout], environment: environment)
        return c
    }

    /// `--redis URL` (or `MENAGERIE_REDIS_URL`; empty means none): a `redis://` URL.
    static func redis(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> RedisURL? {
        let source = flag != nil ? "'--redis'" : "MENAGERIE_REDIS_URL"
        guard let text = flag ?? environment("MENAGERIE_REDIS_URL"), !text.trimmedSpaces.isEmpty else { return nil }
        do {
            return try RedisURL(parsing: text.trimmedSpaces)
        } catch {
            throw ArgumentError("menagerie \(ServeCommand.name): \(source): \(error.message)")
        }
    }

    /// `--redis-timeout MS` (or `MENAGERIE_REDIS_TIMEOUT`): whole milliseconds from 1 to 5000;
    /// absent: 50.
    static func redisTimeout(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> Duration {
        let source = flag != nil ? "'--redis-timeout'" : "MENAGERIE_REDIS_TIMEOUT"
        guard let text = flag ?? environment("MENAGERIE_REDIS_TIMEOUT") else { return .milliseconds(50) }
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
            (1...maxRedisTimeoutMilliseconds).contains(value)
        else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be whole milliseconds from 1 to \(maxRedisTimeoutMilliseconds); got '\(text)'"
            )
        }
        return .milliseconds(value)
    }

    /// The largest `--event-loop-budget` accepted, in milliseconds.
    static let maxEventLoopBudgetMilliseconds = 100

    /// `--event-loop-budget MS` (or `MENAGERIE_EVENT_LOOP_BUDGET`): whole milliseconds from 1 to
    /// 100, or `0` / `off` (every GraphQL request on the shared pool); absent: the default (1 ms).
    static func eventLoopBudget(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> Duration? {
        let source = flag != nil ? "'--event-loop-budget'" : "MENAGERIE_EVENT_LOOP_BUDGET"
        guard let text = flag ?? environment("MENAGERIE_EVENT_LOOP_BUDGET") else {
            return GraphQLServerConfiguration.defaultEventLoopBudget
        }
        if text == "off" { return nil }
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int(text),
            value <= maxEventLoopBudgetMilliseconds
        else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be whole milliseconds from 0 to \(maxEventLoopBudgetMilliseconds), or 'off'; got '\(text)'"
            )
        }
        return value == 0 ? nil : .milliseconds(value)
    }

    /// `--no-introspection`, or `MENAGERIE_INTROSPECTION` = `on`/`off` (also `true`/`false`,
    /// `1`/`0`); the flag wins. Absent: the profile's default (on, off in production).
    static func introspection(
        noIntrospection: Bool, environment: (String) -> String?,
        profileDefault: Bool = true
    ) throws(ArgumentError) -> Bool {
        if noIntrospection { return false }
        guard let value = environment("MENAGERIE_INTROSPECTION") else { return profileDefault }
        switch value.lowercased() {
        case "on", "true", "1": return true
        case "off", "false", "0": return false
        default:
            throw ArgumentError(
                "menagerie \(ServeCommand.name): MENAGERIE_INTROSPECTION must be 'on' or 'off', got '\(value)'")
        }
    }

    /// `flag` (the value of `--NAME`, its source `'--NAME'`), else the environment variable
    /// `variable` (its source its name), else nil: the flag wins.
    static func flagOrVariable(
        _ flag: String?, _ name: String, _ variable: String, _ environment: (String) -> String?
    ) -> (source: String, text: String)? {
        if let flag { return ("'\(name)'", flag) }
        if let text = environment(variable) { return (variable, text) }
        return nil
    }

    /// The longest `--shutdown-delay` accepted, in seconds.
    static let maxShutdownDelaySeconds = 300.0

    /// `--shutdown-delay SECONDS` (or `MENAGERIE_SHUTDOWN_DELAY`): a decimal number of seconds
    /// from 0 to 300; absent: 0 (the listener closes as soon as SIGTERM arrives).
    static func shutdownDelay(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> Duration {
        guard
            let (source, text) = ServeConfiguration.flagOrVariable(
                flag, "--shutdown-delay", "MENAGERIE_SHUTDOWN_DELAY", environment)
        else {
            return .zero
        }
        guard let seconds = decimalSeconds(text), seconds <= maxShutdownDelaySeconds else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be seconds (like 5 or 0.5) from 0 to 300; got '\(text)'"
            )
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `text` as seconds when it is digits with at most one point (no signs, exponents,
    /// hexadecimal, "inf" or "nan").
    static func decimalSeconds(_ text: String) -> Double? {
        let point = UInt8(ascii: "."), digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let isDecimal =
            text.utf8.contains(where: digits.contains) && text.utf8.allSatisfy { $0 == point || digits.contains($0) }
            && text.utf8.filter({ $0 == point }).count <= 1
        return isDecimal ? Double(text) : nil
    }

    /// `--request-timeout SECONDS` (or `MENAGERIE_REQUEST_TIMEOUT`): a decimal number of seconds
    /// greater than 0 and at most a day, or `0` / `off` for no limit; absent: the default (30 s).
    static func requestTimeout(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> Duration? {
        guard
            let (source, text) = ServeConfiguration.flagOrVariable(
                flag, "--request-timeout", "MENAGERIE_REQUEST_TIMEOUT", environment)
        else {
            return GraphQLServerConfiguration.defaultRequestTimeout
        }
        if text == "off" { return nil }
        guard let seconds = decimalSeconds(text), seconds <= maxRequestTimeoutSeconds else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be seconds (like 30 or 2.5) up to 86400, or 0 or 'off' for no limit; got '\(text)'"
            )
        }
        if seconds == 0 { return nil }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= 1 else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be at least 0.001 seconds (or 0 or 'off' for no limit); got '\(text)'"
            )
        }
        return .milliseconds(Int64(milliseconds))
    }

    /// A timeout as the log shows it: seconds (`30`, `2.5`) or `off`.
    static func describe(_ timeout: Duration?) -> String {
        timeout?.secondsText ?? "off"
    }

    /// The URL the server is reachable at.
    func url(port: Int) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }
}

extension String {
    var trimmedSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
