import JSON

/// Where `auto` mode finds a stand-in for a missing Dog CEO picture: a random picture of the same
/// breed from Dog CEO's API (`GET {api}/breed/{breed}[/{sub}]/images/random`).
///
/// The embedded snapshot's picture URLs may no longer exist upstream; with this, a user with a
/// network still sees a real dog of the breed the URL names. The API base is the operator's
/// configured Dog CEO URL (trusted, like the GraphQL upstream calls); the picture URL it answers
/// is checked against the endpoint's ``ImageURLPolicy`` like any other.
public struct BreedPictures: Sendable, Equatable {
    /// The Dog CEO API base, without a trailing `/` (`https://dog.ceo/api`).
    public let apiBaseURL: String
    /// The API's origin (`https://dog.ceo`): the key under which a failing API is remembered.
    public let apiOrigin: String
    /// The host whose `/breeds/{breed}[-{sub}]/{file}` pictures have stand-ins (lowercase).
    public let imageHost: String

    /// Stand-ins from the Dog CEO API at `apiBaseURL` (`http(s)://…`) for pictures on `imageHost`;
    /// nil for a base URL that is not http(s).
    public init?(apiBaseURL: String, imageHost: String = "images.dog.ceo") {
        var base = Substring(apiBaseURL)
        while base.hasSuffix("/") { base.removeLast() }
        guard let separator = base.firstRange(of: "://") else { return nil }
        let scheme = base[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = base[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        self.apiBaseURL = String(base)
        apiOrigin = scheme + "://" + authority.lowercased()
        self.imageHost = imageHost.lowercased()
    }

    /// The API URL answering a random picture of the breed `url` shows, when `url` is a picture
    /// of ``imageHost`` under `/breeds/{breed}[-{sub}]/{file}` (names of lowercase letters and
    /// digits); nil otherwise.
    public func randomPictureURL(for url: ImageURL) -> String? {
        guard url.host == imageHost else { return nil }
        let components = url.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard components.count == 3, components.first == "breeds", let folder = components.dropFirst().first,
            !(components.last ?? "").isEmpty
        else { return nil }
        let names = folder.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let isName = { (name: Substring) in
            !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
        }
        guard names.allSatisfy(isName) else { return nil }
        return apiBaseURL + "/breed/" + names.joined(separator: "/") + "/images/random"
    }

    /// The longest API answer read, in bytes (one URL in a small envelope).
    static let maxAnswerBytes = 16 * 1024

    /// The picture URL in a Dog CEO answer `{"status": "success", "message": "<url>"}`; nil for
    /// anything else.
    static func pictureURL(inAnswer bytes: [UInt8]) -> String? {
        guard bytes.count <= maxAnswerBytes, let answer = try? JSONParser.parse(bytes),
            answer["status"]?.stringValue == "success"
        else { return nil }
        return answer["message"]?.stringValue
    }
}
