/// `menagerie --version` (and `menagerie version`): the version, a constant of the source, and
/// the commit it was built from (read from the checkout's git files at build time, "unknown"
/// outside a checkout).
enum VersionCommand: Subcommand {
    static let name = "version"
    static let summary = "Print the version and the commit it was built from."
    static let help = """
        USAGE: menagerie version   (or: menagerie --version)

        Prints `menagerie VERSION (commit COMMIT)`: the version of this source, and the git commit the
        binary was built from ("unknown" when it was not built from a git checkout).
        """

    /// The version of this source.
    static let version = "1.0.0"

    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.isEmpty else {
            Terminal.err("menagerie version: unexpected argument '\(arguments[0])'")
            return 2
        }
        Terminal.out(line)
        return 0
    }

    static var line: String { "menagerie \(version) (commit \(commit))" }

    /// The commit of the build: `.git/HEAD`, resolved through the branch's ref file or
    /// `.git/packed-refs` (the first 12 hex digits); "unknown" when they were not there.
    static var commit: String {
        resolveCommit(head: EmbeddedResources.files[".git/HEAD"]) { ref in
            if let loose = EmbeddedResources.files[".git/" + ref] { return loose }
            for line in (EmbeddedResources.files[".git/packed-refs"] ?? "").split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                if parts.count == 2, parts[1] == ref { return String(parts[0]) }
            }
            return nil
        }
    }

    /// The commit `head` (the text of `.git/HEAD`) names: itself when detached, else what
    /// `ref` returns for its branch; "unknown" when that is not a commit id.
    static func resolveCommit(head: String?, ref: (String) -> String?) -> String {
        guard let head = head?.trimmedSpaces.trimmingNewlines else { return "unknown" }
        let id = head.hasPrefix("ref: ") ? ref(String(head.dropFirst(5)))?.trimmingNewlines : head
        guard let id, id.utf8.count >= 12, id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else {
            return "unknown"
        }
        return String(id.prefix(12))
    }
}

extension String {
    fileprivate var trimmingNewlines: String {
        var s = Substring(self)
        while s.last == "\n" || s.last == "\r" || s.last == " " { s.removeLast() }
        return String(s)
    }
}
