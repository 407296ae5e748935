import Upstreams

/// The four upstream services, named as in `extensions.upstream` of field errors.
public enum UpstreamID: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Dog CEO API (REST).
    case dogCEO = "dog-ceo"
    /// The Dog API (REST, `x-api-key`).
    case theDogAPI = "thedogapi"
    /// Zoo Animal API (REST).
    case zoo = "zoo"
    /// D&D 5e SRD API (GraphQL).
    case dnd5e = "dnd5e"

    public var description: String { rawValue }
}

extension UpstreamID {
    /// The name the upstream's pipeline and errors carry.
    public var name: UpstreamName { UpstreamName(rawValue) }

    /// The upstream of `name`; nil for a name that is none of the four.
    public init?(_ name: UpstreamName) {
        self.init(rawValue: name.rawValue)
    }
}

extension UpstreamName {
    /// Dog CEO API.
    public static let dogCEO = UpstreamID.dogCEO.name
    /// The Dog API.
    public static let theDogAPI = UpstreamID.theDogAPI.name
    /// Zoo Animal API.
    public static let zoo = UpstreamID.zoo.name
    /// D&D 5e SRD API.
    public static let dnd5e = UpstreamID.dnd5e.name
}
