/// Why a fetch gave no picture: `live` mode answers it as a refusal, `auto` mode draws the
/// placeholder and, for a failure of the host itself, remembers the host.
enum ImageFetchFailure: Error, Equatable {
    /// The upstream answered this status (not 2xx, not a followed redirect).
    case status(Int)
    /// A 2xx answer that is not a raster image.
    case notAnImage
    /// The body passed the size cap.
    case tooLarge
    /// A redirect to a URL the policy refuses.
    case redirectsOutside
    /// More than ``ImageProxy/maxRedirects`` redirects.
    case tooManyRedirects
    /// No answer in time.
    case timedOut
    /// No HTTP answer (connection refused or broken, name not found).
    case unreachable
    /// Not asked: the host is remembered failing (`auto` only).
    case hostFailing
    /// The endpoint has no fetcher.
    case noFetcher

    /// Whether the failure is the host's rather than the picture's: no answer in time, no
    /// connection, `429` or a `5xx`. A `404` (or any other `4xx`) is about one picture only.
    var isHostFailure: Bool {
        switch self {
        case .timedOut, .unreachable: return true
        case .status(let status): return status == 429 || (500..<600).contains(status)
        case .notAnImage, .tooLarge, .redirectsOutside, .tooManyRedirects, .hostFailing, .noFetcher: return false
        }
    }

    /// The `live` mode answer.
    var refusal: ImageAnswer {
        switch self {
        case .status(let status): return .refusal(502, "The upstream answered \(status).")
        case .notAnImage: return .refusal(502, "The upstream answer is not an image.")
        case .tooLarge: return .refusal(502, "The image is too large.")
        case .redirectsOutside: return .refusal(502, "The upstream redirects outside the allowed hosts.")
        case .tooManyRedirects: return .refusal(502, "Too many redirects.")
        case .timedOut: return .refusal(504, "The upstream did not answer in time.")
        case .unreachable, .hostFailing: return .refusal(502, "The upstream could not be reached.")
        case .noFetcher: return .refusal(502, "No image fetcher.")
        }
    }
}
