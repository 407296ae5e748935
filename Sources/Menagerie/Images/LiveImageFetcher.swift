import Clocks
import Foundation
import Locking
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches images with URLSession: no redirects followed (the caller checks each `Location`
/// against its policy), no cookies or URL cache, a time limit, and a size cap enforced while
/// the body arrives.
public final class LiveImageFetcher: ImageFetching {
    private let session: URLSession
    private let downloads: ImageDownloads
    /// URLSession's limit (seconds).
    private let timeout: TimeInterval

    /// A fetcher giving up after `timeout` and refusing bodies over `maxBytes`.
    public init(timeout: Duration = .seconds(10), maxBytes: Int = 8 * 1024 * 1024) {
        let timeout = timeout.inSeconds
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 4
        downloads = ImageDownloads(maxBytes: maxBytes)
        session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: nil)
        self.timeout = timeout
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// The `Accept` header of a picture request.
    static let imageAccept = "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8"

    public func fetch(_ url: String) async -> ImageFetchResult {
        await fetch(url, accept: Self.imageAccept)
    }

    public func fetch(_ url: String, accept: String) async -> ImageFetchResult {
        guard let target = URL(string: url) else { return .failed }
        var request = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(accept, forHTTPHeaderField: "Accept")
        request.setValue("Menagerie/1.0 (GraphQL playground image preview)", forHTTPHeaderField: "User-Agent")
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                downloads.begin(task, continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session delegate: collects each task's answer and body, refusing redirects and bodies
/// over the cap.
final class ImageDownloads: NSObject, URLSessionDataDelegate, Sendable {
    private struct Download {
        var continuation: CheckedContinuation<ImageFetchResult, Never>
        var response: HTTPURLResponse?
        var body = Data()
        var tooLarge = false
    }

    private let maxBytes: Int
    /// The downloads under way, by task identifier.
    private let downloads = Locked<[Int: Download]>([:])

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func begin(_ task: URLSessionTask, _ continuation: CheckedContinuation<ImageFetchResult, Never>) {
        downloads.withLock { $0[task.taskIdentifier] = Download(continuation: continuation) }
    }

    private func update(_ task: URLSessionTask, _ body: (inout Download) -> Void) {
        downloads.withLock { downloads in
            if var download = downloads[task.taskIdentifier] {
                body(&download)
                downloads[task.taskIdentifier] = download
            }
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        var tooLarge = false
        update(dataTask) { download in
            download.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(maxBytes) {
                download.tooLarge = true
                tooLarge = true
            }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var tooLarge = false
        update(dataTask) { download in
            guard !download.tooLarge else { return }
            if download.body.count + data.count > maxBytes {
                download.tooLarge = true
                download.body = Data()
                tooLarge = true
            } else {
                download.body.append(data)
            }
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let download = downloads.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        guard let download else { return }
        download.continuation.resume(returning: Self.result(download, error: error))
    }

    private static func result(_ download: Download, error: (any Error)?) -> ImageFetchResult {
        if download.tooLarge { return .tooLarge }
        if let error {
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorTimedOut { return .timedOut }
            // A refused redirect can end as an error after its 3xx answer arrived: keep the answer.
            guard let response = download.response, (300..<400).contains(response.statusCode) else { return .failed }
        }
        guard let response = download.response else { return .failed }
        let status = response.statusCode
        if (200..<300).contains(status) {
            return .answer(contentType: header(response, "Content-Type"), bytes: [UInt8](download.body))
        }
        if (300..<400).contains(status), let location = header(response, "Location") {
            return .redirect(location: location)
        }
        return .status(status)
    }

    private static func header(_ response: HTTPURLResponse, _ name: String) -> String? {
        for (key, value) in response.allHeaderFields {
            if String(describing: key).lowercased() == name.lowercased() { return String(describing: value) }
        }
        return nil
    }
}
