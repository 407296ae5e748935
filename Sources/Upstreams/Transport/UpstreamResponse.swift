/// An HTTP response from an upstream.
public struct UpstreamResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers.
    public var headers: [UpstreamHeader]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [UpstreamHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with a UTF-8 text body.
    public init(status: Int, headers: [UpstreamHeader] = [], text: String) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Whether the status is worth retrying (429 or 5xx).
    var isTransientFailure: Bool { status == 429 || (500..<600).contains(status) }
}
