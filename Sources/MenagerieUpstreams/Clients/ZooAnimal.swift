import JSON

/// An animal of the Zoo Animal API. Numbers arrive as strings (`"1.90"`) or
/// numbers; one that is not a number decodes as nil.
public struct ZooAnimal: Sendable, Hashable {
    /// The upstream integer id.
    public var id: Int
    public var name: String
    public var latinName: String?
    /// `Mammal`, `Bird`, … as given.
    public var animalType: String?
    public var activeTime: String?
    /// Feet.
    public var lengthMin: Double?
    public var lengthMax: Double?
    /// Pounds.
    public var weightMin: Double?
    public var weightMax: Double?
    /// Whole years; nil when not a whole number (`"12.0"` is 12).
    public var lifespan: Int?
    public var habitat: String?
    public var diet: String?
    public var geoRange: String?
    public var imageLink: String?

    /// Decodes one animal object; nil without a usable `id` and `name`.
    public init?(json: JSONValue) {
        guard case .object(let object) = json,
            let idValue = object["id"]?.lenientDouble, idValue == idValue.rounded(), abs(idValue) < 1e15,
            let name = object["name"]?.stringValue
        else { return nil }
        id = Int(idValue)
        self.name = name
        latinName = object["latin_name"]?.stringValue
        animalType = object["animal_type"]?.stringValue
        activeTime = object["active_time"]?.stringValue
        lengthMin = object["length_min"]?.lenientDouble
        lengthMax = object["length_max"]?.lenientDouble
        weightMin = object["weight_min"]?.lenientDouble
        weightMax = object["weight_max"]?.lenientDouble
        if let years = object["lifespan"]?.lenientDouble, years == years.rounded(), abs(years) < 1e9 {
            lifespan = Int(years)
        }
        habitat = object["habitat"]?.stringValue
        diet = object["diet"]?.stringValue
        geoRange = object["geo_range"]?.stringValue
        imageLink = object["image_link"]?.stringValue
    }
}
