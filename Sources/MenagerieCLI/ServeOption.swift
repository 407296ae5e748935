/// Every option of `menagerie serve`, by its command-line name (without the dashes): the one
/// list that the argument scanner, the lookups in ``ServeConfiguration/parse(_:environment:)``
/// and the help text agree on (`ServeOptionNamesTests` checks that the help names each of them
/// and no other).
enum ServeOption: String, CaseIterable {
    case profile, host, port, upstreams
    case dogCEOURL = "dog-ceo-url", theDogAPIURL = "thedogapi-url", zooURL = "zoo-url", dndURL = "dnd-url"
    case maxUpstreamRequests = "max-upstream-requests", upstreamRates = "upstream-rates"
    case maxBodyBytes = "max-body-bytes", maxResponseBytes = "max-response-bytes", apqCapacity = "apq-capacity"
    case maxDepth = "max-depth", maxFields = "max-fields", maxAliases = "max-aliases"
    case corsOrigin = "cors-origin", noPlayground = "no-playground", images, noIntrospection = "no-introspection"
    case logLevel = "log-level", eventLoops = "event-loops", eventLoopBudget = "event-loop-budget"
    case requestTimeout = "request-timeout", shutdownDelay = "shutdown-delay"
    case redis, redisTimeout = "redis-timeout"

    /// Whether the option takes a value (the others are flags).
    var takesValue: Bool { self != .noPlayground && self != .noIntrospection }

    /// The names of the options that take a value, for the scanner.
    static let valued = Set(allCases.filter(\.takesValue).map(\.rawValue))
    /// The names of the flags, for the scanner.
    static let flags = Set(allCases.filter { !$0.takesValue }.map(\.rawValue))
}

extension Arguments {
    /// The value given for `option`, if any.
    subscript(_ option: ServeOption) -> String? { self[option: option.rawValue] }

    /// Whether the flag `option` was given.
    func has(_ option: ServeOption) -> Bool { has(option.rawValue) }
}
