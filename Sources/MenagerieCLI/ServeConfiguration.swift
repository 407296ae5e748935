import GraphQLServer

/// Everything `menagerie serve` was asked for: the app wiring builds the server from it.
struct ServeConfiguration: Equatable {
    /// Where the data comes from.
    enum UpstreamMode: String, Equatable {
        /// The embedded snapshot through an in-process transport (no network).
        case embedded
        /// The real API over the network.
        case live
    }

    /// One upstream API: its base URL and whether it is called live.
    struct Upstream: Equatable {
        var baseURL: String
        var mode: UpstreamMode
    }

    var host = "127.0.0.1"
    var port = 8080
    var dogCEO = Upstream(baseURL: ServeConfiguration.defaultDogCEOURL, mode: .embedded)
    var theDogAPI = Upstream(baseURL: ServeConfiguration.defaultTheDogAPIURL, mode: .embedded)
    var zoo = Upstream(baseURL: ServeConfiguration.defaultZooURL, mode: .embedded)
    var dnd = Upstream(baseURL: ServeConfiguration.defaultDnDURL, mode: .embedded)
    /// The Dog API key (`x-api-key`), from `MENAGERIE_THEDOGAPI_KEY`.
    var theDogAPIKey: String?
    var maxBodyBytes = 2 * 1024 * 1024
    var corsOrigins: [String] = []
    var playground = true
    var logLevel: LogLevel = .info
    /// Event-loop threads (nil: one per core).
    var eventLoops: Int?

    static let defaultDogCEOURL = "https://dog.ceo/api"
    static let defaultTheDogAPIURL = "https://api.thedogapi.com/v1"
    static let defaultZooURL = "https://zoo-animal-api.herokuapp.com"
    static let defaultDnDURL = "https://www.dnd5eapi.co/graphql/2014"

    /// Options that take a value.
    static let valuedOptions: Set<String> = [
        "host", "port", "upstreams", "dog-ceo-url", "thedogapi-url", "zoo-url", "dnd-url",
        "max-body-bytes", "cors-origin", "log-level", "event-loops",
    ]
    static let booleanOptions: Set<String> = ["no-playground"]

    /// Parses `menagerie serve` arguments; `environment` reads `MENAGERIE_*` variables.
    static func parse(_ arguments: [String], environment: (String) -> String?) throws(ArgumentError) -> ServeConfiguration {
        let command = ServeCommand.name
        // `--cors-origin` may repeat: collect every value before the scanner (which keeps the last).
        var corsOrigins: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--cors-origin" {
                guard index + 1 < arguments.count else {
                    throw ArgumentError("menagerie \(command): option '--cors-origin' needs a value")
                }
                corsOrigins.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--cors-origin=") {
                corsOrigins.append(String(argument.dropFirst("--cors-origin=".count)))
                index += 1
                continue
            }
            if argument == "--" { rest += arguments[index...]; break }
            rest.append(argument)
            index += 1
        }
        let scanned = try Arguments(rest, valued: valuedOptions, boolean: booleanOptions, maxPositionals: 0,
                                    command: command)
        var c = ServeConfiguration()
        if let host = scanned[option: "host"] {
            guard !host.isEmpty else { throw ArgumentError("menagerie \(command): '--host' needs an address") }
            c.host = host
        }
        c.port = try scanned.integer("port", default: 8080, command: command)
        guard (0...65535).contains(c.port) else {
            throw ArgumentError("menagerie \(command): '--port' must be between 0 and 65535, got \(c.port)")
        }
        var allLive = false
        if let mode = scanned[option: "upstreams"] {
            guard let parsed = UpstreamMode(rawValue: mode) else {
                throw ArgumentError("menagerie \(command): '--upstreams' must be 'embedded' or 'live', got '\(mode)'")
            }
            allLive = parsed == .live
        }
        func upstream(_ flag: String, _ variable: String, _ defaultURL: String) throws(ArgumentError) -> Upstream {
            let given = scanned[option: flag] ?? environment(variable)
            if let given {
                guard given.hasPrefix("http://") || given.hasPrefix("https://") else {
                    throw ArgumentError("menagerie \(command): '--\(flag)' (or \(variable)) must be an http(s) URL, got '\(given)'")
                }
                var url = given
                while url.hasSuffix("/") { url.removeLast() }
                return Upstream(baseURL: url, mode: .live)
            }
            return Upstream(baseURL: defaultURL, mode: allLive ? .live : .embedded)
        }
        c.dogCEO = try upstream("dog-ceo-url", "MENAGERIE_DOG_CEO_URL", defaultDogCEOURL)
        c.theDogAPI = try upstream("thedogapi-url", "MENAGERIE_THEDOGAPI_URL", defaultTheDogAPIURL)
        c.zoo = try upstream("zoo-url", "MENAGERIE_ZOO_URL", defaultZooURL)
        c.dnd = try upstream("dnd-url", "MENAGERIE_DND_URL", defaultDnDURL)
        c.theDogAPIKey = environment("MENAGERIE_THEDOGAPI_KEY")
        c.maxBodyBytes = try scanned.integer("max-body-bytes", default: c.maxBodyBytes, command: command)
        guard c.maxBodyBytes > 0 else {
            throw ArgumentError("menagerie \(command): '--max-body-bytes' must be positive")
        }
        c.corsOrigins = corsOrigins.flatMap { $0.split(separator: ",").map { String($0).trimmedSpaces } }
            .filter { !$0.isEmpty }
        c.playground = !scanned.has("no-playground")
        if let level = scanned[option: "log-level"] {
            guard let parsed = LogLevel(name: level) else {
                throw ArgumentError("menagerie \(command): '--log-level' must be debug, info, warning, error or off, got '\(level)'")
            }
            c.logLevel = parsed
        }
        if scanned[option: "event-loops"] != nil {
            let loops = try scanned.integer("event-loops", default: 1, command: command)
            guard (1...256).contains(loops) else {
                throw ArgumentError("menagerie \(command): '--event-loops' must be between 1 and 256")
            }
            c.eventLoops = loops
        }
        return c
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
