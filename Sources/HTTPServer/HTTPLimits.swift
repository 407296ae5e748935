/// Size limits applied while parsing requests.
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line in bytes (`431` beyond).
    public var maxRequestLineBytes: Int = 8 * 1024
    /// Largest request head (request line and header fields) in bytes (`431` beyond).
    public var maxHeadBytes: Int = 32 * 1024
    /// Most header fields in one request (`431` beyond).
    public var maxHeaderCount: Int = 100
    /// Largest request body in bytes, after de-chunking (`413` beyond).
    public var maxBodyBytes: Int = 2 * 1024 * 1024
    /// Most bytes of chunk framing in one chunked body: chunk-size lines (extensions
    /// included) and the line ends around chunk data (`413` beyond). 64 KiB is thousands of
    /// chunks of any size a real client sends, and it keeps a body in tiny chunks from costing
    /// a parser step per byte up to `maxBodyBytes`.
    public var maxChunkFramingBytes: Int = 64 * 1024

    public init(
        maxRequestLineBytes: Int = 8 * 1024, maxHeadBytes: Int = 32 * 1024,
        maxHeaderCount: Int = 100, maxBodyBytes: Int = 2 * 1024 * 1024,
        maxChunkFramingBytes: Int = 64 * 1024
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkFramingBytes = maxChunkFramingBytes
    }
}

/// Why a request could not be parsed: the status to answer with (the connection then closes).
public struct HTTPParseError: Error, Sendable, Equatable {
    /// 400, 413, 417, 431, 501 or 505.
    public var status: Int
    /// A short explanation, sent as the response body.
    public var message: String

    /// The request whose head was read before the failure (a body over the limit, a bad
    /// chunk, a body too slow), without its body; nil when the head itself failed.
    public var head: HTTPRequest?

    public init(_ status: Int, _ message: String, head: HTTPRequest? = nil) {
        self.status = status
        self.message = message
        self.head = head
    }

    public static func == (a: HTTPParseError, b: HTTPParseError) -> Bool {
        a.status == b.status && a.message == b.message && a.head?.target == b.head?.target
    }
}
