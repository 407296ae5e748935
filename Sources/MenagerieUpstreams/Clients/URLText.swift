/// Building upstream URLs without Foundation.
enum URLText {
    /// `base` without trailing slashes, followed by `path` (which starts with `/`).
    static func join(_ base: String, _ path: String) -> String {
        var base = Substring(base)
        while base.last == "/" { base.removeLast() }
        return String(base) + path
    }
}
