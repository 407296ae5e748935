/// The embedded upstream data snapshot (`Sources/MenagerieUpstreams/Snapshot`), built
/// into the binary: what the embedded fakes serve.
public enum SnapshotFiles {
    /// A snapshot file by its path inside `Snapshot/` (`dnd/monsters.json`).
    public static func file(_ path: String) -> String? { EmbeddedResources.files["Snapshot/" + path] }

    /// Every snapshot path, inside `Snapshot/`.
    public static var paths: [String] {
        EmbeddedResources.files.keys.filter { $0.hasPrefix("Snapshot/") }.map { String($0.dropFirst("Snapshot/".count)) }.sorted()
    }
}
