/// The files the binary carries for the app: the served schema and the playground.
/// (The embedded upstream data is `SnapshotFiles`, in `MenagerieUpstreams`.)
public enum Resources {
    /// The served schema's SDL (`Schema/schema.graphql`).
    public static var schemaSDL: String { EmbeddedResources.files["Schema/schema.graphql"] ?? "" }

    /// An embedded file by its path relative to the package (`Playground/index.html`).
    public static func file(_ path: String) -> String? { EmbeddedResources.files[path] }

    /// Every embedded path.
    public static var paths: [String] { EmbeddedResources.files.keys.sorted() }
}
