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
