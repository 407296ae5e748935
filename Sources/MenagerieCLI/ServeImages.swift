import GraphQLServer
import HTTPServer
import Menagerie

extension ServeConfiguration {
    /// What `/images` does (`--images`, `MENAGERIE_IMAGES`).
    enum ImagesMode: String, Equatable, CaseIterable {
        /// The real picture when its host answers in time, else the drawn placeholder (the default).
        case auto
        /// Drawn SVG placeholders, no network.
        case placeholder
        /// Fetched from the allowed hosts.
        case live
        /// Not served (404).
        case off
    }

    /// `--images MODE`, else `MENAGERIE_IMAGES`, else `auto` (in every mode, embedded or live).
    /// The flag wins over the variable.
    static func imagesMode(_ flag: String?, environment: (String) -> String?) throws(ArgumentError) -> ImagesMode {
        guard let (source, text) = ServeConfiguration.flagOrVariable(flag, "--images", "MENAGERIE_IMAGES", environment)
        else {
            return .auto
        }
        guard let mode = ImagesMode(rawValue: text) else {
            throw ArgumentError(
                "menagerie \(ServeCommand.name): \(source) must be 'auto', 'placeholder', 'live' or 'off', got '\(text)'"
            )
        }
        return mode
    }

    /// The image endpoint `images` asks for (nil when `off`). In `auto` mode a missing Dog CEO
    /// picture is replaced through the configured Dog CEO API (`--dog-ceo-url`).
    func imageProxy() -> ImageProxy? {
        switch images {
        case .off: return nil
        case .placeholder: return ImageProxy(mode: .placeholder)
        case .live: return ImageProxy(mode: .live)
        case .auto:
            return ImageProxy(
                mode: .auto, auto: .init(breedPictures: BreedPictures(apiBaseURL: upstreams.baseURL(.dogCEO))))
        }
    }

    /// The routes Menagerie adds to the server: the playground's `/images`, unless images are
    /// `off` or the playground is (`--no-playground`).
    func routes() -> [String: RouteHandler] {
        guard playground, let proxy = imageProxy() else { return [:] }
        return ["/images": ImageRoute.handler(proxy)]
    }
}

/// Serves an ``ImageProxy`` over HTTP: `GET /images?url=…`.
enum ImageRoute {
    /// The route handler answering with `proxy`.
    static func handler(_ proxy: ImageProxy) -> RouteHandler {
        { request in
            let answer = await proxy.answer(queryItems: request.queryItems)
            return HTTPResponse(status: answer.status, headers: HTTPHeaders(answer.headers), body: answer.body)
        }
    }
}
