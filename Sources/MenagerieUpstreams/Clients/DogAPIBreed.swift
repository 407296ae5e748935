import JSON

/// A breed of The Dog API, accepting every wire generation: `id` number or
/// string, `image` present or absent, every text field optional.
public struct DogAPIBreed: Sendable, Hashable {
    /// The image object of the classic generation.
    public struct Image: Sendable, Hashable {
        public var id: String?
        public var url: String?
        public var width: Int?
        public var height: Int?
    }

    /// The id as text (`"1"`, whether it arrived as 1 or "1").
    public var id: String
    public var name: String
    public var breedGroup: String?
    public var bredFor: String?
    /// As given (`"10 - 12 years"`, `"12-15"`).
    public var lifeSpan: String?
    /// The comma-separated text as given.
    public var temperament: String?
    public var origin: String?
    public var countryCode: String?
    public var description: String?
    public var history: String?
    public var referenceImageID: String?
    /// `weight.metric` (kilograms, free text like `"3 - 6"`).
    public var weightMetric: String?
    public var weightImperial: String?
    /// `height.metric` (centimetres, free text).
    public var heightMetric: String?
    public var heightImperial: String?
    public var image: Image?

    /// The breed's image: `image.url`, else the CDN URL built from `reference_image_id`.
    public var imageURL: String? {
        if let url = image?.url, !url.isEmpty { return url }
        if let reference = referenceImageID, !reference.isEmpty {
            return "https://cdn2.thedogapi.com/images/\(reference).jpg"
        }
        return nil
    }

    /// Decodes one breed object; nil when it has no usable `id` or `name`.
    public init?(json: JSONValue) {
        guard case .object(let object) = json,
            let id = object["id"]?.lenientString,
            let name = object["name"]?.stringValue
        else { return nil }
        self.id = id
        self.name = name
        breedGroup = object["breed_group"]?.stringValue
        bredFor = object["bred_for"]?.stringValue
        lifeSpan = object["life_span"]?.stringValue
        temperament = object["temperament"]?.stringValue
        origin = object["origin"]?.stringValue
        countryCode = object["country_code"]?.stringValue
        description = object["description"]?.stringValue
        history = object["history"]?.stringValue
        referenceImageID = object["reference_image_id"]?.stringValue
        weightMetric = object["weight"]?["metric"]?.stringValue
        weightImperial = object["weight"]?["imperial"]?.stringValue
        heightMetric = object["height"]?["metric"]?.stringValue
        heightImperial = object["height"]?["imperial"]?.stringValue
        if let image = object["image"], case .object = image {
            self.image = Image(
                id: image["id"]?.lenientString,
                url: image["url"]?.stringValue,
                width: image["width"]?.intValue,
                height: image["height"]?.intValue
            )
        }
    }
}
