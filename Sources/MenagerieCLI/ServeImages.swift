import GraphQLServer
import HTTPServer
import Menagerie

extension ServeConfiguration {
    /// What `/images` does (`--images`, `MENAGERIE_IMAGES`).
    enum ImagesMode: String, Equatable {
        /// Drawn SVG placeholders, no network.
        case placeholder
        /// Fetched from the allowed hosts.
        case live
        /// Not served (404).
        case off
    }

    /// `--images MODE`, else `MENAGERIE_IMAGES`, else `live` when any upstream is live and
    /// `placeholder` otherwise. The flag wins over the variable.
    static func imagesMode(_ flag: String?, environment: (String) -> String?,
                           anyUpstreamLive: Bool) throws(ArgumentError) -> ImagesMode {
        let source: String
        let text: String
        if let flag {
            (source, text) = ("'--images'", flag)
        } else if let variable = environment("MENAGERIE_IMAGES") {
            (source, text) = ("MENAGERIE_IMAGES", variable)
        } else {
            return anyUpstreamLive ? .live : .placeholder
        }
        guard let mode = ImagesMode(rawValue: text) else {
            throw ArgumentError("menagerie \(ServeCommand.name): \(source) must be 'placeholder', 'live' or 'off', got '\(text)'")
        }
        return mode
    }

    /// The playground's extra routes: `/images` unless images are `off`.
    func playgroundRoutes() -> [String: PlaygroundRouteHandler] {
        let mode: ImageProxy.Mode
        switch images {
        case .off: return [:]
        case .placeholder: mode = .placeholder
        case .live: mode = .live
        }
        return ["/images": ImageRoute.handler(ImageProxy(mode: mode))]
    }
}

/// Serves an ``ImageProxy`` over HTTP: `GET /images?url=…`.
enum ImageRoute {
    /// The route handler answering with `proxy`.
    static func handler(_ proxy: ImageProxy) -> PlaygroundRouteHandler {
        { request in
            let answer = await proxy.answer(queryItems: request.queryItems)
            return HTTPResponse(status: answer.status, headers: HTTPHeaders(answer.headers), body: answer.body)
        }
    }
}
