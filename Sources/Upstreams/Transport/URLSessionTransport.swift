import Clocks
import Foundation
import Locking
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport: HTTP over the network with URLSession (connection reuse,
/// no URL cache: caching is done by ``ResponseCache``). Redirects are followed only
/// within the origin first requested (see ``RedirectPolicy``).
public final class URLSessionTransport: Transport {
    private let session: URLSession
    /// URLSession's own limit (seconds).
    private let timeout: TimeInterval

    /// Creates a transport whose requests give up after `timeout`.
    ///
    /// URLSession on Linux truncates timeouts to whole seconds (0.3 s acts as an
    /// immediate timeout), so its own limit is rounded up plus one second; the
    /// precise limit is enforced by ``UpstreamPipeline``'s deadline.
    public init(timeout: Duration = .seconds(10), maxConnectionsPerHost: Int = 8) {
        let timeout = (max(1, timeout.inSeconds)).rounded(.up) + 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
        self.timeout = timeout
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        var current = request
        for _ in 0..<RedirectPolicy.maxRedirects {
            let response = try await exchange(current)
            guard let next = RedirectPolicy.next(after: response, to: current, origin: request.url) else {
                return response
            }
            current = next
        }
        return try await exchange(current)
    }

    /// One HTTP exchange; a redirect comes back as its 3xx answer.
    private func exchange(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        guard let url = URL(string: request.url), url.scheme == "http" || url.scheme == "https" else {
            throw TransportError.invalidURL(request.url)
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }

        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<UpstreamResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        let nsError = error as NSError
                        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorTimedOut {
                            continuation.resume(throwing: TransportError.timedOut)
                        } else if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            continuation.resume(throwing: TransportError.connectionFailed(nsError.localizedDescription))
                        }
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: TransportError.connectionFailed("not an HTTP response"))
                        return
                    }
                    var headers: [UpstreamHeader] = []
                    for (name, value) in http.allHeaderFields {
                        headers.append(UpstreamHeader(String(describing: name), String(describing: value)))
                    }
                    let body = data.map { [UInt8]($0) } ?? []
                    continuation.resume(
                        returning: UpstreamResponse(status: http.statusCode, headers: headers, body: body))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds a URLSession task so that cancellation can reach it.
private final class TaskBox: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func set(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
