/// The files the binary carries: the served schema, the playground page and
/// the embedded upstream data snapshot.
public enum Resources {
    /// The served schema's SDL (`Schema/schema.graphql`).
    public static var schemaSDL: String { EmbeddedResources.files["Schema/schema.graphql"] ?? "" }

    /// An embedded file by its path relative to the package (`Playground/index.html`)
    /// or to the MenagerieUpstreams target (`Snapshot/dog-ceo/breeds-list-all.json`).
    public static func file(_ path: String) -> String? { EmbeddedResources.files[path] }

    /// Every embedded path.
    public static var paths: [String] { EmbeddedResources.files.keys.sorted() }
}
