import Base
import Foundation

/// The picture the image endpoint draws when it does not fetch (placeholder mode) or cannot (auto
/// mode): a small SVG saying that the picture was not fetched and why (``ImageFetchFailure/placeholderLine``),
/// naming what the URL shows (the breed, or the file's name), the file name and the host. The
/// answer carries the reason in `X-Menagerie-Image-Reason` (``ImageFetchFailure/placeholderReason``),
/// so that the playground can say it in its own words.
///
/// Every piece of text is escaped for XML and stripped of control characters; the SVG has no
/// script, link or external reference.
enum ImagePlaceholder {
    /// The width and height of the drawing (also its natural size in a browser).
    static let width = 320, height = 240
    /// The longest line drawn, in characters (longer ones end with `…`).
    static let maxLineLength = 36

    /// The SVG document for `url`, not fetched because of `reason` (placeholder mode: ``ImageFetchFailure/noFetcher``).
    static func svg(for url: ImageURL, reason: ImageFetchFailure = .noFetcher) -> String {
        let components = url.path.split(separator: "/").map { decode($0) }
        let file = components.last ?? ""
        let title = Self.title(host: url.host, components: components)
        let colors = ["#5b6c8f", "#6d8f5b", "#8f5b7a", "#8f7a5b", "#5b8f8a", "#7a5b8f", "#8f5b5b", "#5b7a8f"]
        let color = colors[Int(stableHash(url.string) % UInt64(colors.count))]
        let lines = [(reason.placeholderLine, 13, 82), (title, 26, 118), (file, 14, 150), (url.host, 14, 174)]
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
            <rect width="\(width)" height="\(height)" fill="\(color)"/>\
            <rect x="12" y="12" width="\(width - 24)" height="\(height - 24)" rx="10" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>\
            <text x="160" y="64" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#ffffff" fill-opacity="0.8">picture not fetched</text>
            """
        for (text, size, y) in lines where !text.isEmpty {
            svg +=
                "<text x=\"160\" y=\"\(y)\" font-family=\"sans-serif\" font-size=\"\(size)\" text-anchor=\"middle\" fill=\"#ffffff\">"
            svg += escape(shorten(text)) + "</text>"
        }
        svg += "</svg>\n"
        return svg
    }

    /// What the picture shows: the breed of a Dog CEO image (`hound-afghan`), else the file's name
    /// without its extension, underscores as spaces.
    static func title(host: String, components: [String]) -> String {
        if host == "images.dog.ceo", components.count >= 3, components[0] == "breeds" { return components[1] }
        guard let file = components.last else { return host }
        var stem = Substring(file)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        return stem.replacingOccurrences(of: "_", with: " ")
    }

    /// Percent-decodes one path component (kept as is when it does not decode).
    static func decode(_ component: Substring) -> String {
        String(component).removingPercentEncoding ?? String(component)
    }

    /// At most ``maxLineLength`` characters.
    static func shorten(_ text: String) -> String {
        text.count <= maxLineLength ? text : String(text.prefix(maxLineLength - 1)) + "…"
    }

    /// `text` as XML character data: `& < > " '` escaped; characters XML forbids (controls,
    /// U+FFFE, U+FFFF) become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0xFFFE || v == 0xFFFF {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// FNV-1a of `text`'s UTF-8 (stable across runs, unlike `Hasher`).
    static func stableHash(_ text: String) -> UInt64 {
        StableHash.fnv1a(text.utf8)
    }
}

extension ImageFetchFailure {
    /// Why a placeholder stands in for the picture, as `X-Menagerie-Image-Reason` says it: `offline`
    /// (no connection to the host: no network, a name that does not resolve, a refused connection),
    /// `timeout`, `host-failed STATUS` (`429`, a `5xx` or another error status), `not-found STATUS`
    /// (`403`, `404`, `410`), `not-an-image`, `too-large`, `redirected` (off the allowed hosts or
    /// too often), `not-fetched` (placeholder mode: the server does not fetch).
    var placeholderReason: String {
        switch self {
        case .unreachable: return "offline"
        case .timedOut: return "timeout"
        case .status(let status) where ImageProxy.missingStatuses.contains(status): return "not-found \(status)"
        case .status(let status): return "host-failed \(status)"
        case .hostFailing: return "host-failed"
        case .notAnImage: return "not-an-image"
        case .tooLarge: return "too-large"
        case .redirectsOutside, .tooManyRedirects: return "redirected"
        case .noFetcher: return "not-fetched"
        }
    }

    /// The reason as the placeholder draws it, in parentheses under "picture not fetched".
    var placeholderLine: String {
        switch self {
        case .unreachable: return "(offline: host unreachable)"
        case .timedOut: return "(host did not answer in time)"
        case .status(let status) where ImageProxy.missingStatuses.contains(status):
            return "(missing upstream: \(status))"
        case .status(let status): return "(host failed: \(status))"
        case .hostFailing: return "(host failed lately)"
        case .notAnImage: return "(not an image)"
        case .tooLarge: return "(picture too large)"
        case .redirectsOutside, .tooManyRedirects: return "(redirected elsewhere)"
        case .noFetcher: return "(placeholder mode)"
        }
    }
}
