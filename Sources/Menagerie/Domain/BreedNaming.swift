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

/// Name searches shared by breeds, animals and monsters: case-insensitive containment.
enum NameOrder {
    /// Whether `name` contains `text`, case-insensitively (an empty text matches everything).
    static func matches(_ name: String, search text: String?) -> Bool {
        matches(key: SearchKey(name), searchKey: searchKey(text))
    }

    /// What a search for `text` compares, once per request: `text` lowercased; nil (match
    /// everything) for no text or an empty one.
    static func searchKey(_ text: String?) -> SearchKey? {
        guard let text, !text.isEmpty else { return nil }
        return SearchKey(text)
    }

    /// Whether a name, given as its key (made once per upstream answer), contains the
    /// search key (``searchKey(_:)``; nil matches everything).
    static func matches(key: SearchKey, searchKey: SearchKey?) -> Bool {
        guard let searchKey else { return true }
        if key.isPrintableASCII, searchKey.isPrintableASCII { return key.bytes.containsSubsequence(searchKey.bytes) }
        return textContains(key.text, searchKey.text)
    }

    /// The containment test searches always made (Foundation's `contains`, which this module
    /// sees): for printable ASCII texts it is a plain byte search, which
    /// ``matches(key:searchKey:)`` does itself; other texts (accents and other composed
    /// characters, control characters) still go through it, so every answer stays the same.
    static func textContains(_ text: String, _ other: String) -> Bool {
        text.contains(other)
    }
}

/// A name lowercased for searches, with its UTF-8 bytes and whether they are all printable
/// ASCII: made once per upstream answer for every name of a catalog, once per request for
/// the text searched.
struct SearchKey: Sendable, Equatable {
    /// The text lowercased.
    let text: String
    let bytes: [UInt8]
    /// Every byte is printable ASCII (space to `~`): each is a character of its own.
    let isPrintableASCII: Bool

    init(_ name: String) {
        text = name.lowercased()
        bytes = Array(text.utf8)
        isPrintableASCII = bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` (non-empty) occurs in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return false }
        let last = count - needle.count
        var start = 0
        while start <= last {
            if self[start] == first {
                var offset = 1
                while offset < needle.count, self[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
