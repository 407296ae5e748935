/// How Menagerie names and finds Dog CEO breeds (design/semantics.md, "Breeds").
enum BreedNaming {
    /// Main breeds whose name puts the main breed first: `australian/shepherd` → "Australian Shepherd".
    static let mainBreedFirst: Set<String> = ["australian", "african"]

    /// The display name of a Dog CEO path: each word capitalised, sub-breed
    /// first (`hound/afghan` → "Afghan Hound"), except under `australian` and `african`.
    static func displayName(path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2 else { return parts.map(capitalized).joined(separator: " ") }
        let (main, sub) = (parts[0], parts[1])
        if mainBreedFirst.contains(main) {
            return capitalized(main) + " " + capitalized(sub)
        }
        return capitalized(sub) + " " + capitalized(main)
    }

    /// The word with its first letter upper-cased and the rest kept.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The key `breed(id:)` compares: trimmed and lowercased.
    static func lookupKey(_ text: String) -> String {
        trimmed(text).lowercased()
    }

    /// `text` without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

/// Ordering shared by breeds and animals: by name compared after lowercasing, ties by id.
enum NameOrder {
    static func precedes(name lhsName: String, id lhsID: String, name rhsName: String, id rhsID: String) -> Bool {
        let left = lhsName.lowercased()
        let right = rhsName.lowercased()
        if left != right { return left < right }
        return lhsID < rhsID
    }

    /// Whether `name` contains `text`, case-insensitively (an empty text matches everything).
    static func matches(_ name: String, search text: String?) -> Bool {
        matches(key: name.lowercased(), searchKey: searchKey(text))
    }

    /// What a search for `text` compares, once per request: `text` lowercased; nil (match
    /// everything) for no text or an empty one.
    static func searchKey(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text.lowercased()
    }

    /// Whether a name, given as its lowercased key (computed once per upstream answer),
    /// contains the search key (``searchKey(_:)``; nil matches everything).
    static func matches(key: String, searchKey: String?) -> Bool {
        guard let searchKey else { return true }
        return key.contains(searchKey)
    }
}
