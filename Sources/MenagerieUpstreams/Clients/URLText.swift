import Base

/// Building upstream URLs without Foundation.
enum URLText {
    /// `base` without trailing slashes, followed by `path` (which starts with `/`).
    static func join(_ base: String, _ path: String) -> String {
        var base = Substring(base)
        while base.last == "/" { base.removeLast() }
        return String(base) + path
    }

    /// Percent-encodes `text` for use as one path segment or query value
    /// (unreserved characters stay: A-Z a-z 0-9 - . _ ~).
    static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }

    /// Decodes `%XX` escapes (and `+` as space in queries when `plusAsSpace`).
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        PercentEncoding.decode(text, plusAsSpace: plusAsSpace) ?? String(text)
    }
}
