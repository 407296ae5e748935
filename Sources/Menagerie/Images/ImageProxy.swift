import Locking

/// The image endpoint of the playground (`GET /images?url=…`): shows pictures of the allowed hosts
/// from the page's own origin, either drawn (placeholders, no network) or fetched.
///
/// - `placeholder`: an SVG naming the picture (``ImagePlaceholder``), never a request.
/// - `live`: the real image, fetched (redirects followed only within the policy, at most 3),
///   checked (an `image/*` type other than SVG, at most the fetcher's size cap) and cached
///   (least recently used first out, bounded in bytes).
///
/// Refusals: `400` (missing or malformed URL), `403` (not allowed by the ``ImageURLPolicy``);
/// upstream failures: `502` (error status, not an image, too large, redirect elsewhere,
/// unreachable), `504` (no answer in time). Bodies of refusals are short plain text.
public final class ImageProxy: Sendable {
    /// How pictures are produced.
    public enum Mode: String, Sendable, Equatable {
        /// Drawn SVG placeholders (no network).
        case placeholder
        /// Fetched from their hosts.
        case live
    }

    /// How pictures are produced.
    public let mode: Mode
    /// Which URLs are accepted.
    public let policy: ImageURLPolicy
    private let fetcher: (any ImageFetching)?
    private let cache: ImageCache
    /// Fetches under way by URL: a request for a picture already being fetched waits for that
    /// fetch instead of starting another.
    private let inFlight = Locked<[String: Task<ImageAnswer, Never>]>([:])
    /// Redirects followed per image at most.
    static let maxRedirects = 3

    /// The `Content-Security-Policy` of every answer: an image opened as a document runs nothing.
    public static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// An endpoint in `mode` accepting `policy`'s URLs; in live mode it fetches with `fetcher`
    /// (default: a ``LiveImageFetcher``: 10 s, 8 MiB) and caches up to `cacheBytes`.
    public init(mode: Mode, policy: ImageURLPolicy = .menagerie, fetcher: (any ImageFetching)? = nil,
                cacheBytes: Int = 32 * 1024 * 1024) {
        self.mode = mode
        self.policy = policy
        self.fetcher = fetcher ?? (mode == .live ? LiveImageFetcher() : nil)
        cache = ImageCache(capacity: cacheBytes)
    }

    /// Answers a request's query items: exactly one `url`.
    public func answer(queryItems: [(name: String, value: String)]) async -> ImageAnswer {
        let urls = queryItems.filter { $0.name == "url" }
        guard urls.count == 1 else {
            return .refusal(400, urls.isEmpty ? "Missing image URL: use /images?url=…" : "Give one image URL.")
        }
        return await answer(url: urls[0].value)
    }

    /// Answers for one image URL.
    public func answer(url text: String) async -> ImageAnswer {
        let url: ImageURL
        switch policy.check(text) {
        case .failure(let rejection): return .refusal(rejection.status, rejection.message)
        case .success(let checked): url = checked
        }
        switch mode {
        case .placeholder:
            return ImageAnswer(status: 200, headers: Self.headers(contentType: "image/svg+xml", cache: "no-cache"),
                               body: Array(ImagePlaceholder.svg(for: url).utf8))
        case .live:
            return await live(url)
        }
    }

    private func live(_ start: ImageURL) async -> ImageAnswer {
        if let image = cache.image(for: start.string) { return Self.success(image) }
        let key = start.string
        let (fetch, isNew) = inFlight.withLock { fetches -> (Task<ImageAnswer, Never>, Bool) in
            if let running = fetches[key] { return (running, false) }
            let task = Task { await self.fetch(start) }
            fetches[key] = task
            return (task, true)
        }
        let answer = await fetch.value
        if isNew { inFlight.withLock { _ = $0.removeValue(forKey: key) } }
        return answer
    }

    /// Fetches the picture at `start`, following redirects within the policy, and caches it.
    private func fetch(_ start: ImageURL) async -> ImageAnswer {
        guard let fetcher else { return .refusal(502, "No image fetcher.") }
        var url = start
        for _ in 0...Self.maxRedirects {
            switch await fetcher.fetch(url.string) {
            case .answer(let contentType, let bytes):
                guard let type = contentType.flatMap(Self.imageMediaType) else {
                    return .refusal(502, "The upstream answer is not an image.")
                }
                let image = FetchedImage(contentType: type, bytes: bytes)
                cache.store(image, for: start.string)
                return Self.success(image)
            case .redirect(let location):
                guard let next = Self.resolve(location, against: url), case .success(let checked) = policy.check(next) else {
                    return .refusal(502, "The upstream redirects outside the allowed hosts.")
                }
                url = checked
            case .status(let status):
                return .refusal(502, "The upstream answered \(status).")
            case .tooLarge:
                return .refusal(502, "The image is too large.")
            case .timedOut:
                return .refusal(504, "The upstream did not answer in time.")
            case .failed:
                return .refusal(502, "The upstream could not be reached.")
            }
        }
        return .refusal(502, "Too many redirects.")
    }

    /// The absolute URL a `Location` names: absolute as is, `//host/…` with the current scheme,
    /// `/path` on the current host.
    static func resolve(_ location: String, against url: ImageURL) -> String? {
        if location.contains("://") { return location }
        if location.hasPrefix("//") { return url.scheme + ":" + location }
        if location.hasPrefix("/") { return url.scheme + "://" + url.host + (url.port.map { ":\($0)" } ?? "") + location }
        return nil
    }

    /// The raster image types passed on: nothing that a browser could render as a document
    /// on this origin (SVG, XHTML and any other `+xml` type are refused).
    static let rasterMediaTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]

    /// The media type of an acceptable image `Content-Type` (one of ``rasterMediaTypes``,
    /// parameters dropped, lowercased); nil otherwise.
    static func imageMediaType(_ contentType: String) -> String? {
        let beforeParameters = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let type = String(beforeParameters.filter { $0 != " " && $0 != "\t" }).lowercased()
        return rasterMediaTypes.contains(type) ? type : nil
    }

    static func success(_ image: FetchedImage) -> ImageAnswer {
        ImageAnswer(status: 200, headers: headers(contentType: image.contentType, cache: "public, max-age=86400"),
                    body: image.bytes)
    }

    static func headers(contentType: String, cache: String) -> [(name: String, value: String)] {
        [("Content-Type", contentType), ("Content-Security-Policy", contentSecurityPolicy),
         ("X-Content-Type-Options", "nosniff"), ("Cache-Control", cache)]
    }
}

/// The endpoint's answer, for the HTTP layer to send: status, header fields and body.
public struct ImageAnswer: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A refusal or failure: `status` with a one-line plain-text `message`.
    static func refusal(_ status: Int, _ message: String) -> ImageAnswer {
        ImageAnswer(status: status, headers: [
            ("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
            ("Cache-Control", "no-store"),
        ], body: Array((message + "\n").utf8))
    }

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
