/// The embedded upstream data snapshot (`Sources/MenagerieUpstreams/Snapshot`), built
/// into the binary: what the embedded fakes serve.
public enum SnapshotFiles {
    /// A snapshot file by its path inside `Snapshot/` (`dnd/monsters.json`).
    public static func file(_ path: String) -> String? { EmbeddedResources.files["Snapshot/" + path] }
}
