/// Derived monster values (semantics.md, "Monsters").
enum MonsterRules {
    /// floor((score − 10) / 2), rounding toward negative infinity.
    static func modifier(score: Int) -> Int {
        let difference = score - 10
        return difference >= 0 ? difference / 2 : -((-difference + 1) / 2)
    }

    /// The SRD artwork's absolute URL from the API's relative `image` path.
    static func imageURL(path: String?) -> String? {
        guard let path, !path.isEmpty else { return nil }
        if path.hasPrefix("http://") || path.hasPrefix("https://") { return path }
        return "https://www.dnd5eapi.co" + (path.hasPrefix("/") ? path : "/" + path)
    }
}
