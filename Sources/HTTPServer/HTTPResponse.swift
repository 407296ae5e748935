import Base
/// A complete response: the server adds `Content-Length`, `Date`, `Server` and `Connection`.
public struct HTTPResponse: Sendable {
    /// The status code (`200`, `404`, ...).
    public var status: Int
    /// Header fields set by the handler.
    public var headers: HTTPHeaders
    /// The body (omitted on the wire for `HEAD` requests, 1xx, 204 and 304).
    public var body: [UInt8]
    /// Asks the server to close the connection after this response.
    public var closeConnection: Bool
    /// A body sent as it is produced, instead of ``body``: each element is written as soon as
    /// it arrives (a chunk of the chunked transfer coding; to an HTTP/1.0 client, raw bytes and
    /// the connection closes after them). The response ends when the stream finishes. A client
    /// that goes away ends the stream's iteration, so its `onTermination` sees `.cancelled`:
    /// the producer stops there. Not read for `HEAD` requests (the stream is cancelled).
    public var stream: AsyncStream<[UInt8]>? {
        get { streamBox?.stream }
        set { streamBox = newValue.map(StreamBox.init) }
    }
    /// The stream, in a box (``StreamBox``: a response stays loadable, copied inline).
    private var streamBox: StreamBox<[UInt8]>?

    public init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        closeConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closeConnection = closeConnection
        self.streamBox = nil
    }

    /// A `text/plain` response.
    public static func text(_ status: Int, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        if !headers.contains("content-type") { headers.add("Content-Type", "text/plain; charset=utf-8") }
        return HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
    }
}

/// A streamed body, boxed (see ``HTTPResponse/stream``).
/// Standard reason phrases.
public enum HTTPStatus {
    /// The reason phrase of `code` (`"OK"` for 200), or `"Unknown"`.
    public static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 417: return "Expectation Failed"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Unknown"
        }
    }
}

/// Writes responses in HTTP/1.1 wire format.
enum HTTPResponseEncoder {
    /// Appends `response` to `out`. `head` omits the body; `close` adds `Connection: close`;
    /// `chunked` announces a streamed body in chunks (`Transfer-Encoding: chunked`), whose
    /// chunks the caller writes; a streamed body without it is delimited by the close.
    static func encode(
        _ response: HTTPResponse, headRequest: Bool, close: Bool, keepAliveHeader: Bool,
        date: [UInt8], server: [UInt8], chunked: Bool = false, into out: inout [UInt8]
    ) {
        // Room for the status line and the server's fields (160), the handler's fields (each
        // with its separators) and the body: one allocation.
        var fieldBytes = 0
        for index in response.headers.fields.indices {
            fieldBytes +=
                response.headers.fields[index].name.utf8.count
                + response.headers.fields[index].value.utf8.count + 4
        }
        out.reserveCapacity(out.count + 160 + fieldBytes + response.body.count)
        append("HTTP/1.1 ", &out)
        appendInt(response.status, &out)
        out.append(0x20)
        append(HTTPStatus.reasonPhrase(response.status), &out)
        append("\r\nDate: ", &out)
        out.append(contentsOf: date)
        if !server.isEmpty {
            append("\r\nServer: ", &out)
            out.append(contentsOf: server)
        }
        let bodyless = response.status < 200 || response.status == 204 || response.status == 304
        if !bodyless {
            if response.stream == nil {
                append("\r\nContent-Length: ", &out)
                appendInt(response.body.count, &out)
            } else if chunked, !headRequest {
                append("\r\nTransfer-Encoding: chunked", &out)
            }
        }
        if close {
            append("\r\nConnection: close", &out)
        } else if keepAliveHeader {
            append("\r\nConnection: keep-alive", &out)
        }
        // By index: each field is read in place, not copied out (no retain of its strings).
        let fields = response.headers.fields
        for index in fields.indices {
            if HTTPHeaders.equalIgnoringCase(fields[index].name, "content-length")
                || HTTPHeaders.equalIgnoringCase(fields[index].name, "connection")
                || HTTPHeaders.equalIgnoringCase(fields[index].name, "transfer-encoding")
            {
                continue
            }
            append("\r\n", &out)
            appendSanitized(fields[index].name, &out)
            append(": ", &out)
            appendSanitized(fields[index].value, &out)
        }
        append("\r\n\r\n", &out)
        if !headRequest, !bodyless, response.stream == nil { out.append(contentsOf: response.body) }
    }

    /// Appends `bytes` as one chunk of the chunked transfer coding (`size CRLF bytes CRLF`).
    static func appendChunk(_ bytes: [UInt8], _ out: inout [UInt8]) {
        append(String(bytes.count, radix: 16), &out)
        append("\r\n", &out)
        out.append(contentsOf: bytes)
        append("\r\n", &out)
    }

    static func append(_ text: String, _ out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }

    /// Appends header text without CR or LF (no response splitting).
    ///
    /// - Unsafe: the string's own UTF-8 is read through `withContiguousStorageIfAvailable`'s
    ///   `UnsafeBufferPointer`, scanned and appended in one copy.
    /// - Invariant: the buffer is only read, inside the closure; nothing keeps it.
    /// - Checked by: `HeaderTextTests.testResponseHeadHasNoInjectedLines` (HTTPServerTests: a
    ///   clean value and one with CR and LF), under AddressSanitizer in CI (`.ci/run` step 3).
    static func appendSanitized(_ text: String, _ out: inout [UInt8]) {
        // Nearly always clean: one scan of the string's own bytes (read in place, not a copy
        // of the string), then one copy; else (or for a string without contiguous UTF-8)
        // byte by byte.
        let appended = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        guard appended != true else { return }
        for b in text.utf8 { out.append(b == 0x0D || b == 0x0A ? 0x20 : b) }
    }

    /// Appends the decimal digits of `value` (a status, a `Content-Length`).
    ///
    /// - Unsafe: the digits are written into a 20-byte tuple through `withUnsafeMutableBytes`,
    ///   whose raw subscript checks bounds only in debug builds.
    /// - Invariant: a magnitude of an `Int` has at most 19 decimal digits, so `n` stays below the
    ///   tuple's 20 bytes, and the raw buffer is used only inside the closure.
    /// - Checked by: every response of `HTTPServerTests` (status line and `Content-Length`), which
    ///   CI runs under AddressSanitizer (`.ci/run` step 3).
    static func appendInt(_ value: Int, _ out: inout [UInt8]) {
        if value == 0 { out.append(0x30); return }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var v = value.magnitude
        var n = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while v > 0 { raw[n] = UInt8(v % 10) + 0x30; v /= 10; n += 1 }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            while n > 0 { n -= 1; out.append(raw[n]) }
        }
    }
}
