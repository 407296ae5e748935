/// Fetches one image over the network (``LiveImageFetcher``, or a stand-in in tests).
public protocol ImageFetching: Sendable {
    /// One HTTP exchange for `url`, redirects not followed.
    func fetch(_ url: String) async -> ImageFetchResult
    /// The same exchange asking for `accept` (a JSON API answer rather than a picture).
    func fetch(_ url: String, accept: String) async -> ImageFetchResult
}

extension ImageFetching {
    /// By default the `Accept` header is the fetcher's own.
    public func fetch(_ url: String, accept: String) async -> ImageFetchResult {
        await fetch(url)
    }
}

/// An image as fetched: its media type and bytes.
public struct FetchedImage: Sendable, Equatable {
    /// The media type (`image/jpeg`), without parameters.
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }
}

/// What one fetch gave.
public enum ImageFetchResult: Sendable, Equatable {
    /// A 2xx answer: its `Content-Type` header (nil when absent) and body.
    case answer(contentType: String?, bytes: [UInt8])
    /// A 3xx answer with a `Location` (not followed yet).
    case redirect(location: String)
    /// Any other status.
    case status(Int)
    /// The body was larger than allowed.
    case tooLarge
    /// No answer in time.
    case timedOut
    /// No HTTP answer (connection refused or broken, name not found).
    case failed
}
