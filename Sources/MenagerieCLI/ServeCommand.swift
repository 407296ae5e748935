#if canImport(Glibc)
    import Glibc
#endif
import GraphQLServer
import HTTPServer
import Menagerie
import MenagerieUpstreams
import Redis
import RedisCache
import Upstreams

/// `menagerie serve`: GraphQL over HTTP (the default subcommand).
enum ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "Serve GraphQL over HTTP (the default)."
    static let help = """
        USAGE: menagerie serve [OPTIONS]

        Serves POST/GET /graphql, the playground at / (with /images), /health, /ready and /metrics.
        Stops gracefully on SIGINT or SIGTERM (in-flight requests finish, exit 0).

        OPTIONS:
          --profile NAME         development (the default: everything on) or production: introspection off,
                                 no playground (nor /images), GET on /graphql only with a header that forces
                                 a CORS preflight (apollo-require-preflight, x-apollo-operation-name or a
                                 non-simple Content-Type; else 400), no "Did you mean" suggestions in errors,
                                 one error per repeated unknown or non-repeatable directive on a location, at
                                 most 20 errors in one response. /health, /ready and /metrics stay.
                                 Env MENAGERIE_PROFILE (the flag wins). A profile only sets defaults: the
                                 flags and variables below still win (MENAGERIE_INTROSPECTION=on turns
                                 introspection back on in production).
          --host H               Address to bind (default 127.0.0.1).
          --port P               Port (default 8080; 0 picks a free port, printed on start).
          --upstreams MODE       embedded (default: the built-in snapshot, no network) or live: Dog CEO, The
                                 Dog API and D&D at their public URLs; the zoo stays embedded (its public host
                                 is gone). Env MENAGERIE_UPSTREAMS.
          --dog-ceo-url SRC      Dog CEO: embedded, live (\(UpstreamsConfiguration.dogCEOBaseURL)) or a base URL.
                                 Env MENAGERIE_DOG_CEO_URL.
          --thedogapi-url SRC    The Dog API: embedded, live (\(UpstreamsConfiguration.theDogAPIBaseURL)) or a base
                                 URL. Env MENAGERIE_THEDOGAPI_URL. Its key: MENAGERIE_THEDOGAPI_KEY (or THE_DOG_API_KEY).
          --zoo-url SRC          Zoo Animal API: embedded or the base URL of a compatible server (no public host).
                                 Env MENAGERIE_ZOO_URL.
          --dnd-url SRC          D&D 5e GraphQL: embedded, live (\(UpstreamsConfiguration.dndBaseURL)) or an endpoint
                                 URL. Env MENAGERIE_DND_URL. A source flag wins over --upstreams.
          --max-upstream-requests N
                                 Upstream requests one GraphQL request may cause (default \(UpstreamsConfiguration.defaultMaxUpstreamRequests); 0 or
                                 off: no limit); past it, fields that need another fail with
                                 UPSTREAM_BUDGET_EXCEEDED. Env MENAGERIE_MAX_UPSTREAM_REQUESTS.
          --upstream-rates LIST  Outbound paces, NAME=N/s, NAME=N/min or NAME=off, comma-separated (e.g.
                                 dnd5e=40/s,thedogapi=10/min). Default: under each public host's documented
                                 limit (dnd5e 40/s, thedogapi 10/min, dog-ceo 50/s); none for a URL of
                                 your own. Env MENAGERIE_UPSTREAM_RATES.
          --max-body-bytes N     Largest request body (default 2097152; 413 beyond).
          --max-response-bytes N Largest GraphQL response body (default 16777216); a larger result is one
                                 error, RESPONSE_TOO_LARGE. Env MENAGERIE_MAX_RESPONSE_BYTES.
          --apq-capacity N       Most automatic persisted queries kept in memory (default 10000, at most 32 MiB
                                 of queries; least recently used first out); 0 turns APQ off
                                 (PersistedQueryNotSupported). Env MENAGERIE_APQ_CAPACITY.
          --cors-origin ORIGIN   Allow cross-origin requests from ORIGIN (repeatable or comma list; * for any).
          --no-playground        Do not serve the playground (nor /images). Production: never served.
          --images MODE          The playground's /images?url=… route: auto (the default: the real picture
                                 when its host answers within 2.5 s, else a drawn placeholder; a failing host
                                 is skipped for 5 min; a missing Dog CEO picture becomes a random one of its
                                 breed from the Dog CEO API), placeholder (drawn SVGs, no network), live
                                 (always fetched; errors are 502/504) or off. Env MENAGERIE_IMAGES.
          --no-introspection     Refuse __schema and __type (request error INTROSPECTION_DISABLED; the
                                 playground then has no docs or completion). Env MENAGERIE_INTROSPECTION=off
                                 (or on). Default: on; off in production.
          --log-level LEVEL      debug, info (default: one access-log line per request), warning, error, off.
          --event-loops N        Event-loop threads (default: one per CPU the process may run on, e.g. 1 under taskset -c 0).
          --event-loop-budget MS A GraphQL request whose very bytes were last answered within MS milliseconds
                                 runs on its connection's event loop (no thread hand-over); anything new, slow or
                                 over 4 KiB runs on the shared pool (default 1; 0 or off: always the pool, at
                                 most 100). Env MENAGERIE_EVENT_LOOP_BUDGET.
          --request-timeout S    Longest execution of one GraphQL request in seconds (default 30; 0 or off: no
                                 limit). Past it the execution is cancelled and the client gets 504 with
                                 extensions.code REQUEST_TIMEOUT. Env MENAGERIE_REQUEST_TIMEOUT.
          --shutdown-delay S     On SIGTERM/SIGINT, keep serving S seconds with /ready answering 503 before the
                                 listener closes, so a load balancer takes the replica out first (default 0,
                                 at most 300). In-flight requests then finish. Env MENAGERIE_SHUTDOWN_DELAY.
          --redis URL            Share the live upstreams' answers with other replicas through Redis:
                                 redis://[user:password@]host:port[/db] (plain TCP; rediss:// is not supported).
                                 Redis is a helper: down or slow, the server answers from its own cache and the
                                 upstreams. Env MENAGERIE_REDIS_URL.
          --redis-timeout MS     Longest Redis call in milliseconds (default 50, at most 5000).
                                 Env MENAGERIE_REDIS_TIMEOUT.
        \(LimitOptions.help(column: 25))
                                 Documents over a limit get a request error (GRAPHQL_VALIDATION_FAILED; HTTP 400
                                 with application/graphql-response+json, 200 with application/json only).
        """

    static func run(_ arguments: [String]) async -> Int32 {
        let configuration: ServeConfiguration
        do {
            configuration = try ServeConfiguration.parse(arguments, environment: Terminal.environment)
        } catch {
            Terminal.err(error.message)
            return 2
        }
        MemoryTuning.apply()
        let redis = makeSharedCache(configuration)
        let app: MenagerieApp
        do {
            app = try makeApp(configuration, environment: Terminal.environment, sharedCache: redis)
        } catch {
            Terminal.err(String(describing: error))
            return 1
        }
        let readiness = Readiness(ready: true)
        let upstreams = app.upstreams, metricsPrefix = Self.metricsPrefix
        return await serve(
            MenagerieService(app: app), configuration: configuration, readiness: readiness,
            metricsHook: {
                upstreams.metricsText(prefix: metricsPrefix) + (redis?.metricsText(prefix: metricsPrefix) ?? "")
            }, redis: redis, notices: upstreams.notices)
    }

    /// The prefix of every metric name in `/metrics` (`menagerie_http_requests_total`,
    /// `menagerie_upstream_requests_total`, `menagerie_redis_calls_total`).
    static let metricsPrefix = "menagerie"

    /// The application `configuration` asks for: its upstreams, cost limits and shared cache.
    static func makeApp(
        _ configuration: ServeConfiguration, environment: (String) -> String?,
        sharedCache: (any SharedCache)? = nil
    ) throws -> MenagerieApp {
        try MenagerieApp(
            configuration: configuration.upstreams,
            limits: configuration.queryLimits, introspection: configuration.introspection,
            errorReporting: configuration.errorReporting, sharedCache: sharedCache)
    }

    /// The Redis shared cache `--redis` asks for (nil without it). Nothing connects yet.
    static func makeSharedCache(_ configuration: ServeConfiguration) -> RedisSharedCache? {
        configuration.redis.map {
            RedisSharedCache(
                client: RedisClient(RedisClientConfiguration(url: $0, timeout: configuration.redisTimeout)))
        }
    }

    /// Serves `service` until SIGINT or SIGTERM; returns the exit code.
    static func serve<Service: GraphQLService>(
        _ service: Service, configuration: ServeConfiguration,
        readiness: Readiness,
        metricsHook: (@Sendable () -> String)? = nil,
        redis: RedisSharedCache? = nil,
        notices: UpstreamNotices? = nil
    ) async -> Int32 {
        raiseOpenFileLimit()
        let server = GraphQLServer(
            service: service,
            configuration: serverConfiguration(configuration, metricsHook: metricsHook, redis: redis),
            readiness: readiness)
        // Caught from before the address is announced: a SIGTERM right after it stops gracefully.
        let signals = SignalWaiter()
        let port: Int
        do {
            port = try server.start()
        } catch {
            Terminal.err("menagerie serve: \(error.message)")
            return 1
        }
        server.log.log(
            .info, "started",
            [
                ("url", configuration.url(port: port)), ("profile", configuration.profile.rawValue),
                ("request_timeout_s", ServeConfiguration.describe(configuration.requestTimeout)),
                (
                    "event_loop_budget_ms",
                    configuration.eventLoopBudget.map { String(Int($0.inSeconds * 1000)) } ?? "off"
                ),
                ("max_depth", String(configuration.queryLimits.maxDepth)),
                ("max_fields", String(configuration.queryLimits.maxFields)),
                ("max_aliases", String(configuration.queryLimits.maxAliases)),
                ("introspection", configuration.introspection ? "on" : "off"),
                ("playground", configuration.playground ? "on" : "off"),
                ("get", configuration.getRequests == .allowed ? "on" : "preflighted"),
                ("suggestions", configuration.errorReporting.suggestions ? "on" : "off"),
                ("max_errors", configuration.errorReporting.maxErrors.map(String.init) ?? "-"),
                ("images", configuration.playground ? configuration.images.rawValue : "off"),
                (
                    "apq_capacity",
                    configuration.persistedQueryCapacity > 0 ? String(configuration.persistedQueryCapacity) : "off"
                ),
                ("redis", configuration.redis?.description ?? "off"),
                ("max_upstream_requests", configuration.upstreams.maxUpstreamRequests.map(String.init) ?? "off")
            ])
        for (level, fields) in UpstreamOptions.startupLines(configuration.upstreams) {
            server.log.log(level, "upstream", fields)
        }
        // The start lines are written before the address is announced (a script waiting for it
        // finds them); later lines are written in batches.
        server.log.flush()
        Terminal.out("menagerie: listening on \(configuration.url(port: port))")
        let log = server.log
        notices?.setHandler { message in log.log(.warning, "upstream notice", [("notice", message)]) }
        if let redis {
            // Redis is never a dependency: unreachable at startup, the server serves anyway.
            do {
                try await redis.client.ping()
            } catch {
                server.log.log(
                    .warning, "redis unreachable; serving without the shared cache until it answers",
                    [
                        ("redis", redis.client.configuration.url.description), ("error", error.description)
                    ])
            }
        }
        let signal = await signals.wait()
        readiness.set(false)
        server.log.log(
            .info, "stopping",
            [
                ("signal", signal == SIGTERM ? "SIGTERM" : "SIGINT"),
                ("shutdown_delay_s", ServeConfiguration.describe(configuration.shutdownDelay))
            ])
        if configuration.shutdownDelay > .zero {
            // Still serving; /ready says 503 so that health checks take this replica out.
            try? await Task.sleep(for: configuration.shutdownDelay)
        }
        await server.shutdown(gracePeriod: .seconds(10))
        server.log.log(.info, "stopped")
        server.log.flush()
        return 0
    }

    /// The server configuration for a `ServeConfiguration`.
    static func serverConfiguration(
        _ c: ServeConfiguration, metricsHook: (@Sendable () -> String)?,
        redis: RedisSharedCache? = nil
    ) -> GraphQLServerConfiguration {
        var http = HTTPServerConfiguration(host: c.host, port: c.port)
        http.limits.maxBodyBytes = c.maxBodyBytes
        if let loops = c.eventLoops { http.eventLoopCount = loops }
        var s = GraphQLServerConfiguration(http: http)
        s.playgroundEnabled = c.playground
        s.playgroundFiles = playgroundFiles()
        s.routes = c.routes()
        s.corsAllowedOrigins = c.corsOrigins
        s.getRequests = c.getRequests
        s.logLevel = c.logLevel
        s.metricsHook = metricsHook
        s.metricsPrefix = metricsPrefix
        s.requestTimeout = c.requestTimeout
        s.eventLoopBudget = c.eventLoopBudget
        s.maxResponseBytes = c.maxResponseBytes
        s.persistedQueries = persistedQueries(c, redis: redis)
        return s
    }

    /// The persisted-query store: in process (`--apq-capacity`, nil when 0) and, with `--redis`,
    /// shared by every replica behind it.
    static func persistedQueries(_ c: ServeConfiguration, redis: RedisSharedCache?) -> (any PersistedQueryStore)? {
        guard c.persistedQueryCapacity > 0 else { return nil }
        let local = InMemoryPersistedQueryStore(capacity: c.persistedQueryCapacity)
        guard let redis else { return local }
        return LayeredPersistedQueryStore(near: local, far: RedisPersistedQueryStore(redis: redis))
    }

    /// The embedded `Playground/` files, or a placeholder page until the playground lands.
    static func playgroundFiles() -> [String: StaticFile] {
        var files: [String: StaticFile] = [:]
        let prefix = "Playground/"
        for path in Resources.paths where path.hasPrefix(prefix) {
            guard let text = Resources.file(path) else { continue }
            let name = String(path.dropFirst(prefix.count))
            files[name] = StaticFile(contentType: contentType(of: name), text: text)
        }
        if files["index.html"] == nil {
            files["index.html"] = StaticFile(
                contentType: "text/html; charset=utf-8",
                text: """
                    <!doctype html>
                    <html lang="en"><head><meta charset="utf-8"><title>Menagerie</title></head>
                    <body><h1>Menagerie</h1><p>GraphQL endpoint: <code>POST /graphql</code>.
                    The playground is not built yet.</p></body></html>
                    """)
        }
        return files
    }

    static func contentType(of name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json", "map": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "graphql": return "application/graphql; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    /// Lets thousands of keep-alive connections in: the soft descriptor limit goes to the hard one.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
