import Clocks
import Locking
import Upstreams

/// The image endpoint of the playground (`GET /images?url=…`): shows pictures of the allowed hosts
/// from the page's own origin, either drawn (placeholders, no network) or fetched.
///
/// - `placeholder`: an SVG naming the picture (``ImagePlaceholder``), never a request.
/// - `live`: the real image, fetched (redirects followed only within the policy, at most 3),
///   checked (an `image/*` type other than SVG, at most the fetcher's size cap) and cached
///   (least recently used first out, bounded in bytes).
/// - `auto`: as `live` within a short time budget, falling back to the placeholder when the
///   picture cannot be had (see ``AutoSettings``); a missing Dog CEO picture may be replaced by a
///   random picture of its breed (``BreedPictures``).
///
/// Refusals: `400` (missing or malformed URL), `403` (not allowed by the ``ImageURLPolicy``);
/// upstream failures in `live` mode: `502` (error status, not an image, too large, redirect
/// elsewhere, unreachable), `504` (no answer in time). Bodies of refusals are short plain text.
/// Every picture says where it came from in `X-Menagerie-Image` (``Source``); a placeholder also
/// says why the picture was not fetched in `X-Menagerie-Image-Reason`
/// (``ImageFetchFailure/placeholderReason``).
public final class ImageProxy: Sendable {
    /// How pictures are produced.
    public enum Mode: String, Sendable, Equatable {
        /// Drawn SVG placeholders (no network).
        case placeholder
        /// Fetched from their hosts.
        case live
        /// Fetched when the host answers in time, else drawn.
        case auto
    }

    /// Where a picture came from (the `X-Menagerie-Image` header).
    public enum Source: String, Sendable {
        /// The picture the URL names, fetched.
        case fetched
        /// A random picture of the breed the URL names (Dog CEO), the named one being missing.
        case breedRandom = "breed-random"
        /// Drawn by the server.
        case placeholder
    }

    /// How `auto` mode waits, remembers and replaces.
    public struct AutoSettings: Sendable {
        /// The longest one picture is waited for, every exchange included (redirects, the Dog
        /// CEO stand-in); past it the answer is the placeholder.
        public var budget: Duration = .milliseconds(2500)
        /// How long a host that did not answer (timeout, connection failure, `429`, `5xx`) is not
        /// asked again: its pictures are placeholders at once.
        public var failingHostWindow: Duration = .seconds(300)
        /// How long a breed's stand-in picture keeps standing in for a missing one.
        public var standInLifetime: Duration = .seconds(3600)
        /// The most failing hosts remembered.
        public var rememberedHosts = 256
        /// The most stand-ins remembered.
        public var rememberedStandIns = 1024
        /// Where stand-ins for missing Dog CEO pictures come from (nil: none).
        public var breedPictures: BreedPictures?
        /// The clock of the windows above (the budget runs on the system's monotonic clock).
        public var clock: MonotonicClock = .system

        /// The defaults (2.5 s budget, 5 min window, 1 h stand-ins), with `breedPictures`.
        public init(breedPictures: BreedPictures? = nil, clock: MonotonicClock = .system) {
            self.breedPictures = breedPictures
            self.clock = clock
        }
    }

    /// How pictures are produced.
    public let mode: Mode
    /// Which URLs are accepted.
    public let policy: ImageURLPolicy
    /// How `auto` mode behaves.
    public let autoSettings: AutoSettings
    let fetcher: (any ImageFetching)?
    let cache: ImageCache
    /// Fetches under way by URL: a request for a picture already being fetched waits for that
    /// fetch instead of starting another.
    private let inFlight = Locked<[String: Task<ImageAnswer, Never>]>([:])
    /// `auto`: the origins (``ImageURL/origin``) that failed lately, with how they failed.
    let failingHosts: ExpiringTable<ImageFetchFailure>
    /// `auto`: missing picture URL → the breed picture standing in for it.
    let standIns: ExpiringTable<ImageURL>
    /// Redirects followed per image at most.
    static let maxRedirects = 3

    /// The `Content-Security-Policy` of every answer: an image opened as a document runs nothing.
    public static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// An endpoint in `mode` accepting `policy`'s URLs; in live and auto modes it fetches with
    /// `fetcher` (default: a ``LiveImageFetcher`` of 8 MiB giving up after 10 s in live mode, after
    /// the budget in auto mode) and caches up to `cacheBytes`.
    public init(
        mode: Mode, policy: ImageURLPolicy = .menagerie, fetcher: (any ImageFetching)? = nil,
        cacheBytes: Int = 32 * 1024 * 1024, auto: AutoSettings = AutoSettings()
    ) {
        self.mode = mode
        self.policy = policy
        autoSettings = auto
        switch mode {
        case .placeholder: self.fetcher = fetcher
        case .live: self.fetcher = fetcher ?? LiveImageFetcher()
        case .auto: self.fetcher = fetcher ?? LiveImageFetcher(timeout: auto.budget)
        }
        cache = ImageCache(capacity: cacheBytes)
        failingHosts = ExpiringTable(
            capacity: auto.rememberedHosts, lifetime: auto.failingHostWindow, clock: auto.clock)
        standIns = ExpiringTable(capacity: auto.rememberedStandIns, lifetime: auto.standInLifetime, clock: auto.clock)
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
        case .placeholder: return Self.placeholder(url, cache: "no-cache", reason: .noFetcher)
        case .live: return await live(url)
        case .auto: return await auto(url)
        }
    }

    private func live(_ url: ImageURL) async -> ImageAnswer {
        if let image = cache.image(for: url.string) { return Self.success(image, .fetched) }
        return await shared(url.string) {
            switch await self.fetchImage(url, until: nil).result {
            case .success(let image):
                self.cache.store(image, for: url.string)
                return Self.success(image, .fetched)
            case .failure(let failure):
                return failure.refusal
            }
        }
    }

    /// The answer of the fetch for `key` under way, else of `work` started now.
    func shared(_ key: String, _ work: @escaping @Sendable () async -> ImageAnswer) async -> ImageAnswer {
        let (fetch, isNew) = inFlight.withLock { fetches -> (Task<ImageAnswer, Never>, Bool) in
            if let running = fetches[key] { return (running, false) }
            let task = Task { await work() }
            fetches[key] = task
            return (task, true)
        }
        let answer = await fetch.value
        if isNew { inFlight.withLock { _ = $0.removeValue(forKey: key) } }
        return answer
    }

    /// Fetches the picture at `start`, following redirects within the policy, each exchange
    /// ending by `deadline` (nil: the fetcher's own limit); `skipping` names URLs not to ask
    /// (hosts remembered failing). Also gives the URL asked last (whose host a failure is about).
    func fetchImage(
        _ start: ImageURL, until deadline: Duration?,
        skipping: ((ImageURL) -> Bool)? = nil
    ) async -> (result: Result<FetchedImage, ImageFetchFailure>, last: ImageURL) {
        guard let fetcher else { return (.failure(.noFetcher), start) }
        var url = start
        for _ in 0...Self.maxRedirects {
            if let skipping, skipping(url) { return (.failure(.hostFailing), url) }
            switch await Self.exchange(url.string, with: fetcher, accept: nil, until: deadline) {
            case .answer(let contentType, let bytes):
                guard let type = contentType.flatMap(Self.imageMediaType) else { return (.failure(.notAnImage), url) }
                return (.success(FetchedImage(contentType: type, bytes: bytes)), url)
            case .redirect(let location):
                guard let next = Self.resolve(location, against: url), case .success(let checked) = policy.check(next)
                else {
                    return (.failure(.redirectsOutside), url)
                }
                url = checked
            case .status(let status): return (.failure(.status(status)), url)
            case .tooLarge: return (.failure(.tooLarge), url)
            case .timedOut: return (.failure(.timedOut), url)
            case .failed: return (.failure(.unreachable), url)
            }
        }
        return (.failure(.tooManyRedirects), url)
    }

    /// One exchange with `fetcher` (asking for `accept`, nil: a picture), given up at `deadline`
    /// (a ``MonotonicClock/systemNow()`` reading; then `.timedOut`; nil: no deadline but the
    /// fetcher's own).
    static func exchange(
        _ url: String, with fetcher: any ImageFetching, accept: String?,
        until deadline: Duration?
    ) async -> ImageFetchResult {
        let exchange: @Sendable () async -> ImageFetchResult = {
            if let accept { return await fetcher.fetch(url, accept: accept) }
            return await fetcher.fetch(url)
        }
        guard let deadline else { return await exchange() }
        let remaining = deadline - MonotonicClock.systemNow()
        guard remaining > .zero else { return .timedOut }
        return await withTaskGroup(of: ImageFetchResult?.self) { group in
            group.addTask { await exchange() }
            group.addTask {
                do {
                    try await Task.sleep(for: remaining)
                    return .timedOut
                } catch {
                    return nil
                }
            }
            var first: ImageFetchResult?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first ?? .timedOut
        }
    }

    /// The absolute URL a `Location` names: absolute as is, `//host/…` with the current scheme,
    /// `/path` on the current host.
    static func resolve(_ location: String, against url: ImageURL) -> String? {
        if location.contains("://") { return location }
        if location.hasPrefix("//") { return url.scheme + ":" + location }
        if location.hasPrefix("/") {
            return url.scheme + "://" + url.host + (url.port.map { ":\($0)" } ?? "") + location
        }
        return nil
    }

    /// The raster image types passed on: nothing that a browser could render as a document
    /// on this origin (SVG, XHTML and any other `+xml` type are refused).
    static let rasterMediaTypes: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]

    /// The media type of an acceptable image `Content-Type` (one of ``rasterMediaTypes``,
    /// parameters dropped, lowercased); nil otherwise.
    static func imageMediaType(_ contentType: String) -> String? {
        let beforeParameters =
            contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let type = String(beforeParameters.filter { $0 != " " && $0 != "\t" }).lowercased()
        return rasterMediaTypes.contains(type) ? type : nil
    }

    /// A picture as sent: cached a day when it is the one named, an hour when it stands in.
    static func success(_ image: FetchedImage, _ source: Source) -> ImageAnswer {
        let cache = source == .fetched ? "public, max-age=86400" : "public, max-age=3600"
        return ImageAnswer(
            status: 200, headers: headers(contentType: image.contentType, cache: cache, source: source),
            body: image.bytes)
    }

    /// The drawn picture for `url`, not fetched because of `reason` (said in
    /// `X-Menagerie-Image-Reason`), with `Cache-Control: cache`.
    static func placeholder(_ url: ImageURL, cache: String, reason: ImageFetchFailure) -> ImageAnswer {
        ImageAnswer(
            status: 200,
            headers: headers(contentType: "image/svg+xml", cache: cache, source: .placeholder)
                + [("X-Menagerie-Image-Reason", reason.placeholderReason)],
            body: Array(ImagePlaceholder.svg(for: url, reason: reason).utf8))
    }

    static func headers(contentType: String, cache: String, source: Source) -> [(name: String, value: String)] {
        [
            ("Content-Type", contentType), ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"), ("Cache-Control", cache), ("X-Menagerie-Image", source.rawValue)
        ]
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
        ImageAnswer(
            status: status,
            headers: [
                ("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
                ("Cache-Control", "no-store")
            ], body: Array((message + "\n").utf8))
    }

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
