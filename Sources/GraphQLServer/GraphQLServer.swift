import Base
import Clocks
import GraphQL
import HTTPServer
import JSON
import Locking

/// GraphQL over HTTP on `HTTPServer`: `/graphql` (GET and POST), the playground at `/`,
/// `/health`, `/ready` and `/metrics`, with CORS, CSRF protection, metrics and an access log,
/// automatic persisted queries (``PersistedQueryStore``) and cache headers on `GET` answers
/// (``GraphQLCacheHint``, `ETag`, `304` for a matching `If-None-Match`).
///
/// It knows nothing of the schema: the application passes a `GraphQLService`.
public final class GraphQLServer<Service: GraphQLService>: Sendable {
    public let configuration: GraphQLServerConfiguration
    /// The request handler (usable without sockets, as in tests).
    public let handler: GraphQLHTTPHandler<Service>
    private let server: HTTPServer

    /// Request counters and latency histogram served at `/metrics`.
    public var metrics: Metrics { handler.metrics }
    /// Set it when the schema is built: `/ready` answers 200 from then on.
    public var readiness: Readiness { handler.readiness }
    /// The server's logger.
    public var log: Log { handler.log }

    public init(service: Service, configuration: GraphQLServerConfiguration, readiness: Readiness = Readiness()) {
        self.configuration = configuration
        let handler = GraphQLHTTPHandler(service: service, configuration: configuration, readiness: readiness)
        self.handler = handler
        var http = configuration.http
        let graphQLPath = configuration.graphQLPath
        // The event loops only move bytes: a GraphQL request (decoding, parsing, validation,
        // execution) runs on the shared pool from its first step, so that no document holds a
        // loop (and every other connection on it), unless the very same request was answered
        // before within the event-loop budget (`EventLoopAdmission`). The other routes are cheap
        // and stay inline.
        let admission = handler.admission
        http.runsOnEventLoop = { $0.path != graphQLPath || admission?.admits($0) == true }
        http.errorResponder =
            http.errorResponder ?? { status, message, head in
                // On the GraphQL endpoint, a GraphQL client gets a body it can parse.
                guard head.path == graphQLPath else { return nil }
                var response = GraphQLHTTPErrors.response(
                    status, message, GraphQLMediaType.negotiate(accept: head.headers["accept"]) ?? .json,
                    headers: ["Cache-Control": ResponseCaching.noStore])
                SecurityHeaders.decorate(&response)
                return response
            }
        let server = HTTPServer(configuration: http, answering: { handler.handle($0, $1) })
        self.server = server
        handler.metrics.setConnectionCount { server.connectionCount }
    }

    /// Binds and starts serving; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        try server.start()
    }

    /// The bound port (after `start`).
    public var port: Int { server.port }

    /// Stops accepting and finishes in-flight requests (bounded by `gracePeriod`).
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        await server.shutdown(gracePeriod: gracePeriod)
    }
}

/// Routes one HTTP request: the GraphQL endpoint and the operational pages.
public final class GraphQLHTTPHandler<Service: GraphQLService>: Sendable {
    public let service: Service
    public let configuration: GraphQLServerConfiguration
    public let metrics: Metrics
    public let readiness: Readiness
    public let log: Log
    private let cors: CORS
    /// Fires request deadlines (nil without a request timeout).
    private let watchdog: DeadlineWatchdog?
    /// The GraphQL requests light enough for an event loop (nil without an event-loop budget).
    let admission: EventLoopAdmission?

    public init(service: Service, configuration: GraphQLServerConfiguration, readiness: Readiness = Readiness()) {
        self.service = service
        self.configuration = configuration
        self.readiness = readiness
        let log = Log(level: configuration.logLevel, sink: configuration.logSink)
        self.log = log
        metrics = Metrics(prefix: configuration.metricsPrefix, droppedLogLines: { log.droppedLines })
        cors = CORS(allowedOrigins: configuration.corsAllowedOrigins)
        watchdog = configuration.requestTimeout.map { DeadlineWatchdog(timeout: $0) }
        admission = configuration.eventLoopBudget.map { EventLoopAdmission(budget: $0) }
        if let store = configuration.persistedQueries {
            metrics.setPersistedQueryOccupancy { store.occupancy }
        }
    }

    deinit {
        watchdog?.stop()
    }

    /// Answers `request` through `responder`, counting it in the metrics and the access log: when
    /// it is done, or at its execution deadline (`504`, the execution then cancelled and its
    /// result dropped). As far as it goes at once: a request that needs no waiting (a warm
    /// query, `/health`) is answered before this returns `.ready`, with no task; the rest is the
    /// pending work, whose steps run on the caller's executor (`nonisolated(nonsending)` down to
    /// the engine).
    public func handle(_ request: HTTPRequest, _ responder: HTTPResponder) -> Eventual<Void> {
        let exchange = Exchange(request: request, responder: responder, start: MonotonicClock.systemNow())
        metrics.requestStarted()
        // Each step's result is consumed by the switch (`switch consume`): its payload is moved
        // on, not copied out and the original destroyed (an `Outcome`'s header fields would
        // then be shared, and the next field added would copy them all).
        let routed = route(exchange)
        switch consume routed {
        case .ready(let outcome):
            complete(outcome, exchange)
            return .ready(())
        case .pending(let work):
            return .pending { [self] in
                complete(await Self.outcome(of: work), exchange)
            }
        }
    }

    /// Sends `outcome`, decorated, and counts and logs it; nothing when it is nil (the request
    /// was answered at its deadline).
    private func complete(_ outcome: consuming Outcome?, _ exchange: Exchange) {
        guard var outcome = consume outcome else { return }
        decorate(&outcome.response, exchange)
        finish(consume outcome, exchange)
    }

    /// The outcome `work` gives; `500` should it fail (its steps catch their own errors).
    private static nonisolated(nonsending) func outcome(of work: Eventual<Outcome?>.Work) async -> Outcome? {
        do { return try await work() } catch { return Outcome(response: .text(500, "Internal server error\n")) }
    }

    /// Answers `request` without a server (as tests do): the first answer ``handle(_:_:)`` gives.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let answer = FirstAnswer()
        let responder = HTTPResponder { answer.set($0) }
        // The work starts before this task suspends; an answer that comes first is taken by
        // `wait`, which then resumes on this thread (see `FirstAnswer`).
        responder.attach(
            Task {
                await self.handle(request, responder).value(orIfFailed: ())
                responder.answer(.text(500, "Internal server error: the handler gave no answer\n"))
            })
        return await withCheckedContinuation { answer.wait($0) }
    }

    /// Sends `outcome` (decorated: ``decorate(_:_:)``), and counts and logs it; nothing when the
    /// request was answered already. A streamed answer is counted and logged once, when its last
    /// part has been handed over (its size: all its parts).
    private func finish(_ outcome: consuming Outcome, _ exchange: Exchange) {
        let summary = Summary(outcome)
        guard let stream = outcome.response.stream else {
            // The response moves on to the loop; what the log says of it is read first.
            exchange.responder.answer(outcome.response) { record(summary, exchange) }
            return
        }
        var response = outcome.response
        response.stream = Self.counting(stream) { [self] bytes in
            var streamed = summary
            streamed.bytes = bytes
            record(streamed, exchange)
        }
        exchange.responder.answer(response)
    }

    /// `stream`, calling `done` with the bytes it carried once it ends (finished or cancelled).
    private static func counting(
        _ stream: AsyncStream<[UInt8]>, done: @escaping @Sendable (Int) -> Void
    ) -> AsyncStream<[UInt8]> {
        let (counted, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let forward = Task {
            var total = 0
            for await part in stream {
                total += part.count
                continuation.yield(part)
            }
            continuation.finish()
            done(total)
        }
        continuation.onTermination = { _ in forward.cancel() }
        return counted
    }

    /// Adds the CORS and security headers to `response` (in place: the response's own fields
    /// grow, not a copy of them).
    private func decorate(_ response: inout HTTPResponse, _ exchange: Exchange) {
        cors.decorate(&response, for: exchange.request)
        SecurityHeaders.decorate(&response)
    }

    /// Counts and logs an answer sent, as `summary` describes it.
    private func record(_ summary: Summary, _ exchange: Exchange) {
        let request = exchange.request
        let duration = MonotonicClock.systemNow() - exchange.start
        metrics.requestFinished(
            status: summary.status, duration: duration, operationType: summary.operationType?.rawValue)
        if let admission, request.path == configuration.graphQLPath {
            admission.record(
                request, admitted: exchange.responder.startedOnEventLoop, executed: summary.operationType != nil,
                status: summary.status, took: duration)
        }
        log.log(.info, "request") { line in
            line.field("method", request.method)
            line.field("path", request.path)
            line.field("status", summary.status)
            line.field("bytes", summary.bytes)
            line.field("duration_ms", milliseconds: duration)
            line.field("operation", summary.operationName ?? "-")
        }
    }

    /// The outcome of `exchange`'s request; nil when it was answered already (at its deadline).
    private func route(_ exchange: Exchange) -> Eventual<Outcome?> {
        let request = exchange.request
        if request.path == configuration.graphQLPath {
            if request.method == "OPTIONS" {
                return .ready(Outcome(response: cors.preflight(request, allow: "GET, POST, OPTIONS")))
            }
            return graphQL(exchange)
        }
        if let outcome = page(request) { return .ready(outcome) }
        guard let handler = configuration.routes[request.path] else {
            return .ready(Outcome(response: .text(404, "Not found\n")))
        }
        return .pending { Outcome(response: await handler(request)) }
    }

    /// The outcome of a request for a page of the server's own (answered at once), nil for one
    /// of the application's routes (``GraphQLServerConfiguration/routes``), which come after them.
    private func page(_ request: HTTPRequest) -> Outcome? {
        let path = request.path
        if request.method == "OPTIONS" {
            return Outcome(response: cors.preflight(request, allow: "GET, HEAD, OPTIONS"))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return Outcome(response: .text(405, "Method not allowed\n", headers: ["Allow": "GET, HEAD, OPTIONS"]))
        }
        switch path {
        case "/health":
            return Outcome(response: .text(200, "ok\n"))
        case "/ready":
            return Outcome(response: readiness.isReady ? .text(200, "ready\n") : .text(503, "not ready\n"))
        case "/metrics":
            var text = metrics.render()
            if let hook = configuration.metricsHook {
                let extra = hook()
                text += extra.hasSuffix("\n") || extra.isEmpty ? extra : extra + "\n"
            }
            return Outcome(
                response: .text(200, text, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"]))
        case "/", "/playground", "/playground/":
            guard configuration.playgroundEnabled,
                let page = configuration.playgroundFiles[configuration.playgroundPageName]
            else { break }
            return Outcome(
                response: HTTPResponse(
                    status: 200,
                    headers: [
                        "Content-Type": page.contentType,
                        "Content-Security-Policy": configuration.playgroundContentSecurityPolicy,
                        "Cache-Control": "no-cache"
                    ], body: page.bytes))
        default:
            guard configuration.routes[path] == nil else { return nil }
            let prefix = "/playground/"
            if configuration.playgroundEnabled, path.hasPrefix(prefix) {
                let name = URLEncoding.decode(path.dropFirst(prefix.count))
                if !name.contains(".."), let file = configuration.playgroundFiles[name] {
                    return Outcome(
                        response: HTTPResponse(
                            status: 200,
                            headers: [
                                "Content-Type": file.contentType, "Cache-Control": "no-cache",
                                "X-Content-Type-Options": "nosniff"
                            ], body: file.bytes))
                }
            }
        }
        return Outcome(response: .text(404, "Not found\n"))
    }

    // MARK: - GraphQL over HTTP

    /// Answers a request on the GraphQL endpoint. An answer that did not set its own
    /// `Cache-Control` (a cacheable `GET` answer, a persisted-query error) is `no-store`:
    /// every `POST` answer and every error.
    private func graphQL(_ exchange: Exchange) -> Eventual<Outcome?> {
        let outcome = graphQLOutcome(exchange)
        switch consume outcome {
        case .ready(let outcome):
            return .ready(Self.notStoredUnlessSaid(outcome))
        case .pending(let work):
            return .pending { Self.notStoredUnlessSaid(await Self.outcome(of: work)) }
        }
    }

    /// `outcome` with `Cache-Control: no-store` unless its answer set its own.
    private static func notStoredUnlessSaid(_ outcome: consuming Outcome?) -> Outcome? {
        guard var outcome = consume outcome else { return nil }
        if !outcome.response.headers.contains("Cache-Control") {
            outcome.response.headers.add("Cache-Control", ResponseCaching.noStore)
        }
        return outcome
    }

    private func graphQLOutcome(_ exchange: Exchange) -> Eventual<Outcome?> {
        do {
            let request = exchange.request
            let mediaType = try negotiate(request)
            let (query, decoded) = try decode(request, mediaType)
            // Without the extension the parameters are the request's as decoded (its query is
            // there: the decoder refuses a request with neither), handed on as they are.
            guard AutomaticPersistedQueries.isPersisted(decoded.extensions) else {
                let (document, operationType, name) = try prepare(decoded, request, mediaType)
                return executeAndAnswer(document, decoded, exchange, name, operationType, mediaType)
            }
            return .pending { [self] in
                do {
                    let (parameters, registration) = try await resolvePersistedQuery(query, decoded, mediaType)
                    let (document, operationType, name) = try prepare(parameters, request, mediaType)
                    // Stored once it has parsed, validated and passed the checks above, as Apollo Server does.
                    if let registration, let store = configuration.persistedQueries {
                        await store.register(hash: registration.hash, query: registration.query)
                        metrics.persistedQueryRegistered()
                    }
                    return try await executeAndAnswer(document, parameters, exchange, name, operationType, mediaType)
                        .value
                } catch let refusal as Refusal {
                    return refusal.outcome
                }
            }
        } catch let refusal as Refusal {
            return .ready(refusal.outcome)
        } catch {
            return .ready(Outcome(response: errorResponse(500, "Internal error.", .json)))
        }
    }

    /// Executes the prepared document and makes its answer (nil when the deadline answered).
    private func executeAndAnswer(
        _ document: Service.Document, _ parameters: GraphQLRequest, _ exchange: Exchange, _ name: String?,
        _ operationType: GraphQLOperationType, _ mediaType: GraphQLMediaType
    ) -> Eventual<Outcome?> {
        let execution = execute(document, parameters, exchange, name, operationType, mediaType)
        switch consume execution {
        case .ready(let result):
            guard let result else { return .ready(nil) }
            return .ready(answer(result, exchange, name, operationType, mediaType))
        case .pending(let work):
            return .pending { [self] in
                try await work().map { answer($0, exchange, name, operationType, mediaType) }
            }
        }
    }

    /// The answer of an executed request: whole or in parts.
    private func answer(
        _ result: GraphQLExecutionResult, _ exchange: Exchange, _ name: String?,
        _ operationType: GraphQLOperationType, _ mediaType: GraphQLMediaType
    ) -> Outcome {
        if let parts = result.incremental {
            return streamedAnswer(parts, exchange, name, operationType, mediaType)
        }
        return answer(result, exchange.request, name, operationType, mediaType)
    }

    /// The method and the response's media type (from `Accept`); a `GET` without a header that
    /// forces a CORS preflight is refused when the profile says so.
    private func negotiate(_ request: HTTPRequest) throws -> GraphQLMediaType {
        guard request.method == "GET" || request.method == "POST" else {
            throw Refusal(
                outcome: Outcome(
                    response: errorResponse(
                        405, "GraphQL requests use GET or POST.", .json,
                        headers: ["Allow": "GET, POST, OPTIONS"])))
        }
        // A client that takes only parts (`multipart/mixed`) gets a single answer as JSON.
        let accept = request.headers["accept"]
        guard
            let mediaType = GraphQLMediaType.negotiate(accept: accept)
                ?? IncrementalFormat.negotiate(accept: accept).map({ _ in .json })
        else {
            throw Refusal(
                outcome: Outcome(
                    response: errorResponse(
                        406,
                        "Not acceptable: responses are application/graphql-response+json, application/json or multipart/mixed.",
                        .json)))
        }
        if request.method == "GET", !configuration.getRequests.admits(request.headers) {
            throw Refusal(outcome: Outcome(response: errorResponse(400, GETPolicy.refusalMessage, mediaType)))
        }
        return mediaType
    }

    /// The request's parameters: from a `POST`'s JSON body (its `Content-Type` checked: CSRF,
    /// charset) or a `GET`'s query string.
    private func decode(_ request: HTTPRequest, _ mediaType: GraphQLMediaType) throws
        -> GraphQLRequestDecoder.Decoded
    {
        func refuse(_ status: Int, _ message: String) -> Refusal {
            Refusal(outcome: Outcome(response: errorResponse(status, message, mediaType)))
        }
        guard request.method == "POST" else {
            do {
                return try GraphQLRequestDecoder.decode(queryItems: request.queryItems, headers: request.headers)
            } catch {
                throw refuse(400, error.message)
            }
        }
        guard let value = request.headers["content-type"] else {
            throw refuse(415, "Missing Content-Type: use application/json.")
        }
        let contentType = ContentType(value)
        guard contentType.mediaType == "application/json" else {
            let reason =
                contentType.isSimple ? " (simple content types are refused to prevent cross-site request forgery)" : ""
            throw refuse(415, "Unsupported Content-Type '\(contentType.mediaType)': use application/json\(reason).")
        }
        if let charset = contentType.charset, charset != "utf-8", charset != "utf8" {
            throw refuse(415, "Unsupported charset '\(charset)': use utf-8.")
        }
        do {
            return try GraphQLRequestDecoder.decode(body: request.body, headers: request.headers)
        } catch {
            throw refuse(400, error.message)
        }
    }

    /// The document text, from the request (its `query` parameter, nil when it has none) or the
    /// persisted-query store; the hash to register when the request registers one.
    private nonisolated(nonsending) func resolvePersistedQuery(
        _ query: String?, _ decoded: GraphQLRequest, _ mediaType: GraphQLMediaType
    )
        async throws -> (GraphQLRequest, registration: (hash: String, query: String)?)
    {
        /// The parameters with `query` as the document text.
        func parameters(_ text: String) -> GraphQLRequest {
            var parameters = decoded
            parameters.query = text
            return parameters
        }
        switch await AutomaticPersistedQueries.resolve(
            query: query, extensions: decoded.extensions,
            store: configuration.persistedQueries)
        {
        case .plain(let query):
            return (parameters(query), nil)
        case .stored(let query):
            metrics.persistedQueryHit()
            return (parameters(query), nil)
        case .registering(let query, let hash):
            return (parameters(query), (hash, query))
        case .refused(let refusal):
            if refusal == .notFound { metrics.persistedQueryMiss() }
            throw Refusal(
                outcome: Outcome(
                    response: AutomaticPersistedQueries.response(refusal, mediaType),
                    operationName: decoded.operationName))
        }
    }

    /// The service's prepared document (request errors answer at once); a mutation over `GET` is
    /// refused, before its validation errors if it has any (as GraphQL over HTTP servers check the
    /// method first: a mutation sent by `GET` to a schema without mutations is `405`, not the
    /// September 2025 spec's "The mutation operation is not supported by the schema.").
    private func prepare(_ parameters: GraphQLRequest, _ request: HTTPRequest, _ mediaType: GraphQLMediaType)
        throws -> (Service.Document, GraphQLOperationType, String?)
    {
        switch service.prepare(parameters) {
        case .failed(let errors):
            if request.method == "GET", let operationType = Self.selectedOperationType(parameters),
                operationType != .query
            {
                throw postOnly(operationType, parameters.operationName, mediaType)
            }
            let status = mediaType == .graphQLResponse ? 400 : 200
            throw Refusal(
                outcome: Outcome(
                    response: graphQLResponse(status, GraphQLError.responseJSON(errors).serializedBytes(), mediaType),
                    operationName: parameters.operationName))
        case .ready(let document, let operationType, let operationName):
            let name = operationName ?? parameters.operationName
            if request.method == "GET" && operationType != .query {
                throw postOnly(operationType, name, mediaType)
            }
            return (document, operationType, name)
        }
    }

    /// `405` for an operation other than a query sent by `GET`.
    private func postOnly(_ operationType: GraphQLOperationType, _ name: String?, _ mediaType: GraphQLMediaType)
        -> Refusal
    {
        Refusal(
            outcome: Outcome(
                response: errorResponse(
                    405, "Can only perform a \(operationType.rawValue) operation from a POST request.", mediaType,
                    headers: ["Allow": "POST"]),
                operationName: name, operationType: nil))
    }

    /// The type of the operation `parameters` select, read from the parsed document alone (nil
    /// when it does not parse or names no single operation): for a `GET` whose preparation
    /// failed (the error path only).
    static func selectedOperationType(_ parameters: GraphQLRequest) -> GraphQLOperationType? {
        guard let document = try? parse(parameters.query) else { return nil }
        var selected: OperationDefinition?
        for case .operation(let operation) in document.definitions {
            if let name = parameters.operationName {
                if operation.name?.value == name { return operation.operation }
            } else if selected != nil {
                return nil
            } else {
                selected = operation
            }
        }
        return parameters.operationName == nil ? selected?.operation : nil
    }

    /// Executes the document under the request deadline; nil when the deadline answered first
    /// (the client already has its `504`). Ready when the service's execution is.
    ///
    /// The deadline is set when the execution first waits (it expires `timeout` later): one that
    /// finished on the spot (ready) has nothing left to cancel or to answer for, so it costs no
    /// deadline at all.
    private func execute(
        _ document: Service.Document, _ parameters: GraphQLRequest, _ exchange: Exchange, _ name: String?,
        _ operationType: GraphQLOperationType, _ mediaType: GraphQLMediaType
    ) -> Eventual<GraphQLExecutionResult?> {
        let work: Eventual<GraphQLExecutionResult>.Work
        let execution = service.execute(document, request: parameters)
        switch consume execution {
        case .ready(let finished):
            return .ready(finished)
        case .pending(let pending):
            work = pending
        }
        guard let watchdog else { return .pending { try await work() } }
        // The execution runs in the request's task; the deadline answers for it when it passes first.
        let deadline = ExecutionDeadline(), metrics = self.metrics
        let entry = watchdog.schedule { [self] in
            var timeout = timeoutResponse(watchdog.timeout, operationName: name, mediaType)
            timeout.headers.add("Cache-Control", ResponseCaching.noStore)
            decorate(&timeout, exchange)
            let outcome = Outcome(response: timeout, operationName: name, operationType: operationType)
            let response = outcome.response
            // Under the deadline's lock: the execution is cancelled before the client has its
            // answer, and once the execution sees it timed out, the request has its answer
            // (so the handler may return without one).
            guard
                deadline.deadlinePassed(abandoned: {
                    metrics.executionAbandoned()
                    exchange.responder.cancelHandler()
                    exchange.responder.answer(response) { record(Summary(outcome), exchange) }
                })
            else { return }
        }
        return .pending {
            let finished = try await work()
            watchdog.cancel(entry)
            guard deadline.executionEnded(abandonedEnded: { metrics.abandonedExecutionEnded() }) else { return nil }
            return finished
        }
    }

    /// The answer of an executed request: too large, a request error, or the response (cacheable
    /// for a `GET` query that answered).
    private func answer(
        _ result: GraphQLExecutionResult, _ request: HTTPRequest, _ name: String?,
        _ operationType: GraphQLOperationType, _ mediaType: GraphQLMediaType
    ) -> Outcome {
        if result.body.count > configuration.maxResponseBytes {
            return Outcome(
                response: tooLargeResponse(result.body.count, operationName: name, mediaType),
                operationName: name, operationType: operationType)
        }
        let status = result.isRequestError && mediaType == .graphQLResponse ? 400 : 200
        guard request.method == "GET", status == 200, !result.isRequestError else {
            return Outcome(
                response: graphQLResponse(status, result.body, mediaType), operationName: name,
                operationType: operationType)
        }
        return Outcome(
            response: cacheableResponse(result, to: request, mediaType), operationName: name,
            operationType: operationType)
    }

    /// An answer in parts, sent as `multipart/mixed` in the format the client asked for; `406`
    /// (and its work cancelled) when it accepts no parts, as GraphQL Yoga and Apollo Router
    /// answer. The request timeout bounds the whole answer: when it passes, the parts stop and a
    /// last payload completes what was still pending with a `REQUEST_TIMEOUT` error.
    private func streamedAnswer(
        _ parts: IncrementalPayloads, _ exchange: Exchange, _ name: String?,
        _ operationType: GraphQLOperationType, _ mediaType: GraphQLMediaType
    ) -> Outcome {
        guard let format = IncrementalFormat.negotiate(accept: exchange.request.headers["accept"]) else {
            Task { for await _ in parts.subsequent {} }.cancel()
            return Outcome(
                response: errorResponse(
                    406,
                    "This operation is delivered in parts (@defer or @stream): the request must accept "
                        + "multipart/mixed (for example Accept: multipart/mixed, application/json).", mediaType),
                operationName: name, operationType: operationType)
        }
        let (body, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let timedOut = Locked(false)
        let timeout = configuration.requestTimeout
        let remaining = timeout.map { $0 - (MonotonicClock.systemNow() - exchange.start) }
        let producer = Task { [log] in
            var converter = ApolloPayloadConverter()
            var open = Set<String>()
            func send(_ payload: JSONObject, initial: Bool = false) {
                for case .object(let entry) in payload["pending"]?.arrayValue ?? [] {
                    if let id = entry["id"]?.stringValue { open.insert(id) }
                }
                for case .object(let entry) in payload["completed"]?.arrayValue ?? [] {
                    if let id = entry["id"]?.stringValue { open.remove(id) }
                }
                let converted: JSONObject
                switch format {
                case .multipart: converted = payload
                case .apolloDeferSpec20220824:
                    converted = initial ? converter.convertInitial(payload) : converter.convertSubsequent(payload)
                }
                continuation.yield(MultipartMixed.part(JSONValue.object(converted).serializedBytes()))
            }
            send(parts.initial, initial: true)
            for await payload in parts.subsequent { send(payload) }
            if timedOut.withLock({ $0 }), !open.isEmpty, let timeout {
                let error = Self.timeoutError(timeout, operationName: name, log: log)
                var last = JSONObject()
                last.append(
                    "completed",
                    .array(
                        open.sorted().map { id in
                            .object(
                                JSONObject([
                                    (key: "id", value: .string(id)), (key: "errors", value: .array([error.json]))
                                ]))
                        }))
                last.append("hasNext", .bool(false))
                send(last)
            }
            continuation.yield(MultipartMixed.end)
            continuation.finish()
        }
        let watchdog = remaining.map { remaining in
            Task {
                try? await Task.sleep(for: remaining)
                if Task.isCancelled { return }
                timedOut.withLock { $0 = true }
                producer.cancel()
            }
        }
        // The client gone: the parts stop (and so does the work behind them); the answer done:
        // no deadline left to watch.
        continuation.onTermination = { _ in
            producer.cancel()
            watchdog?.cancel()
        }
        var response = HTTPResponse(status: 200)
        response.headers.add("Content-Type", MultipartMixed.contentType)
        response.headers.add("Cache-Control", ResponseCaching.noStore)
        response.stream = body
        return Outcome(response: response, operationName: name, operationType: operationType)
    }

    /// The answer to a `GET` query that executed: `Cache-Control` from the service's hint, a
    /// strong `ETag` of the body, `Vary: Accept`; `304 Not Modified` without a body when
    /// `If-None-Match` matches the tag.
    private func cacheableResponse(
        _ result: GraphQLExecutionResult, to request: HTTPRequest,
        _ mediaType: GraphQLMediaType
    ) -> HTTPResponse {
        let tag = ResponseCaching.entityTag(
            body: result.body, mediaType: mediaType,
            allowedOrigin: cors.allowedOrigin(for: request))
        let headers = ResponseCaching.headers(result.cacheHint, tag: tag)
        let conditions = request.headers.values(for: "if-none-match")
        if !conditions.isEmpty, ResponseCaching.ifNoneMatch(conditions, matches: tag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return graphQLResponse(200, result.body, mediaType, headers: headers)
    }

    private func graphQLResponse(
        _ status: Int, _ body: [UInt8], _ mediaType: GraphQLMediaType,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> HTTPResponse {
        var headers = headers
        headers.add("Content-Type", mediaType.contentType)
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    private func errorResponse(
        _ status: Int, _ message: String, _ mediaType: GraphQLMediaType,
        headers: HTTPHeaders = HTTPHeaders()
    ) -> HTTPResponse {
        GraphQLHTTPErrors.response(status, message, mediaType, headers: headers)
    }

    /// The answer to a request whose execution exceeded `timeout`: `504` under both media types
    /// (no GraphQL result could be produced in time), code `REQUEST_TIMEOUT`.
    private func timeoutResponse(
        _ timeout: Duration, operationName: String?,
        _ mediaType: GraphQLMediaType
    ) -> HTTPResponse {
        let error = Self.timeoutError(timeout, operationName: operationName, log: log)
        return graphQLResponse(504, GraphQLError.responseJSON([error]).serializedBytes(), mediaType)
    }

    /// The `REQUEST_TIMEOUT` error of a request that passed `timeout`, logged as a warning.
    private static func timeoutError(_ timeout: Duration, operationName: String?, log: Log) -> GraphQLError {
        let seconds = timeout.secondsText
        if log.level <= .warning {
            log.log(.warning, "request timed out", [("operation", operationName ?? "-"), ("timeout_s", seconds)])
        }
        var extensions = JSONObject()
        extensions.append("code", .string("REQUEST_TIMEOUT"))
        return GraphQLError(
            message: "The request did not finish within \(seconds) s and was cancelled.", extensions: extensions)
    }

    /// The answer to a request whose result is over ``GraphQLServerConfiguration/maxResponseBytes``:
    /// no data, one error with code `RESPONSE_TOO_LARGE` (200: the request was valid and executed).
    private func tooLargeResponse(_ bytes: Int, operationName: String?, _ mediaType: GraphQLMediaType) -> HTTPResponse {
        let limit = configuration.maxResponseBytes
        if log.level <= .warning {
            log.log(
                .warning, "response too large",
                [
                    ("operation", operationName ?? "-"), ("bytes", String(bytes)),
                    ("limit", String(limit))
                ])
        }
        var extensions = JSONObject()
        extensions.append("code", .string("RESPONSE_TOO_LARGE"))
        let error = GraphQLError(
            message: "The response would be larger than \(limit) bytes; ask for fewer fields or items.",
            extensions: extensions)
        let body = JSONObject([(key: "errors", value: .array([error.json])), (key: "data", value: .null)])
        return graphQLResponse(200, JSONValue.object(body).serializedBytes(), mediaType)
    }
}

// The handler's values are outside its generic class: a type nested in a generic class is generic
// itself, and its metadata (and `Eventual<Outcome?>`'s) would be instantiated at run time on every
// request by the unspecialised handler (17 lookups per `{ __typename }`, measured with a uprobe on
// `swift_getGenericMetadata`).

/// One request being answered.
private struct Exchange: Sendable {
    var request: HTTPRequest
    var responder: HTTPResponder
    /// When handling began (a ``MonotonicClock`` reading).
    var start: Duration
}

/// A request's answer, with what the metrics and the access log say of it.
private struct Outcome: Sendable {
    var response: HTTPResponse
    var operationName: String?
    var operationType: GraphQLOperationType?
}

/// What the metrics and the access log say of an answer sent (read before its response moves on).
private struct Summary: Sendable {
    var status: Int
    /// The body's size; a streamed answer's is counted when its last part has gone.
    var bytes: Int
    var operationName: String?
    var operationType: GraphQLOperationType?

    init(_ outcome: borrowing Outcome) {
        status = outcome.response.status
        bytes = outcome.response.body.count
        operationName = outcome.operationName
        operationType = outcome.operationType
    }
}

/// A request refused before execution, with its answer. (Thrown untyped: a typed throw of a
/// type nested in a generic class crashed Swift 6.3's release optimiser, FunctionSignatureOpts.)
private struct Refusal: Error {
    let outcome: Outcome
}
