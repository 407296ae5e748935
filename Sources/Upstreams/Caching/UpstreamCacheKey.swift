/// The identity of an upstream request in the response cache and the decoded-answer memo: its
/// text (method, URL, body) with the text's hash worked out once, when the request is made.
///
/// A D&D request's text is its whole GraphQL body (hundreds of bytes); a memoised request is
/// looked up twice per client request (the cache's index, the memo), so hashing the text each
/// time cost about 2% of a search query in process. Hashing a key now combines one integer.
struct UpstreamCacheKey: Hashable, Sendable {
    /// The request's identity as text (also the shared cache's key).
    let text: String
    /// `text`'s hash, for this process's run (never stored or sent).
    private let textHash: Int

    init(_ text: String) {
        self.text = text
        textHash = text.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(textHash) }

    static func == (a: UpstreamCacheKey, b: UpstreamCacheKey) -> Bool {
        a.textHash == b.textHash && a.text == b.text
    }
}
