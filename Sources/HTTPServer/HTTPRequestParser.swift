import Base

/// An incremental HTTP/1.x request parser: a pure function of the bytes it is given.
///
/// Feed it the connection's receive buffer and the index of the first unconsumed byte;
/// it advances the index past what it consumed and reports one event at a time:
/// a complete request, a request that waits for `100 Continue`, a need for more bytes,
/// or a failure (whose status the server answers with before closing).
///
/// It is strict where leniency enables request smuggling: `Content-Length` together with
/// `Transfer-Encoding`, differing `Content-Length`s, whitespace before a colon, folded
/// lines and bare CR or LF are all rejected with 400.
public struct HTTPRequestParser: Sendable {
    /// What `next` found.
    public enum Event: Sendable {
        /// A complete request.
        case request(HTTPRequest)
        /// The head of a request with `Expect: 100-continue` is complete and its body has not
        /// fully arrived: the server should send `100 Continue` (reported once per request).
        case continueNeeded
        /// More bytes are needed.
        case needMoreData
        /// The input is not a valid request (or exceeds a limit); the parser stays failed.
        case failure(HTTPParseError)
    }

    struct Head: Sendable {
        var method: String
        var target: String
        var minorVersion: Int
        var headers: HTTPHeaders
        var keepAlive: Bool
        var expectContinue: Bool
    }

    enum State: Sendable {
        case head(scanned: Int)
        // The head being read lives in ``head`` and a chunked body in ``chunkedBody``, both
        // outside the state: a body held in the enum would be copied on every append (linear
        // per chunk, quadratic per body), and a head would be retained and released on every
        // transition (a cost per chunk).
        case fixedBody(length: Int, continueSent: Bool)
        case chunkSize(continueSent: Bool)
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytes: Int)
        case failed(HTTPParseError)
    }

    /// The limits checked.
    public let limits: HTTPLimits
    private var state: State = .head(scanned: 0)
    /// The chunked body received so far (appended in amortised constant time per byte).
    private var chunkedBody: [UInt8] = []
    /// The bytes of chunk framing (size lines, extensions, line ends) of the body so far.
    private var chunkFramingBytes = 0
    /// The head of the request whose body is being read.
    private var head: Head?

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Whether the parser is between requests (no request partly consumed).
    public var isBetweenRequests: Bool {
        if case .head = state { return true }
        return false
    }

    /// Whether the parser is reading a request body.
    public var isReadingBody: Bool {
        switch state {
        case .head, .failed: return false
        default: return true
        }
    }

    /// The length of the fixed-length body being awaited (0 otherwise): such a body is taken
    /// whole, in one call, once it is all buffered.
    public var awaitedFixedBody: Int {
        if case .fixedBody(let length, _) = state { return length }
        return 0
    }

    /// Parses the next event from `buffer[index..<end]` (default: to the end), advancing `index`
    /// past consumed bytes; bytes from `end` on are left for a later call.
    ///
    /// - Unsafe: lends the array's storage (cut at `end` with `UnsafeBufferPointer(rebasing:)`,
    ///   which keeps the indices) to the pointer overload below; a bound per event loop turn, not a
    ///   speed measure.
    /// - Invariant: the cut is taken only when `end < count`, so it lies inside the storage; the
    ///   pointer does not outlive `withUnsafeBufferPointer`, and the parser keeps nothing of it.
    /// - Checked by: `FairInputTests` (inputs of many shares, whole), under AddressSanitizer in CI.
    public mutating func next(_ buffer: [UInt8], from index: inout Int, end: Int? = nil) -> Event {
        buffer.withUnsafeBufferPointer { whole in
            guard let end, end < whole.count else { return next(whole, from: &index) }
            return next(UnsafeBufferPointer(rebasing: whole[0..<end]), from: &index)
        }
    }

    /// Parses the next event from `buffer[index...]`, advancing `index` past consumed bytes.
    ///
    /// - Unsafe: parses through an `UnsafeBufferPointer` (lent by the array overload above, or by
    ///   the caller), passed down to `parseHead`, `findCRLF`, `parseRequestLine` and `parseField`,
    ///   which index it and slice it with `UnsafeBufferPointer(rebasing:)`; its subscript checks
    ///   bounds only in debug builds.
    /// - Invariant: the buffer is valid for the call, and the parser keeps nothing of it: method,
    ///   target, header fields and bodies are copied (`String(decoding:)`, `Array(...)`,
    ///   `append(contentsOf:)`). Every index must stay below `buffer.count`: the scans test it
    ///   before they read.
    /// - Checked by: `HTTPRequestParserTests` and the real-socket `HTTPServerTests` (malformed,
    ///   partial, pipelined and chunked requests), under AddressSanitizer in CI (`.ci/run` step 3);
    ///   `Tests/Fuzz/fuzz-http.sh` (libFuzzer + ASan, whole and in pieces, run by hand).
    public mutating func next(_ buffer: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Event {
        while true {
            switch state {
            case .failed(let error):
                return .failure(error)
            case .head(let scanned):
                switch parseHead(buffer, from: &index, scanned: scanned) {
                case .failure(let error):
                    state = .failed(error)
                    return .failure(error)
                case .success(nil):
                    return .needMoreData
                case .success(let parsed?):
                    if let error = enterBody(parsed) {
                        head = nil
                        state = .failed(error)
                        return .failure(error)
                    }
                }
            case .fixedBody(let length, let continueSent):
                if buffer.count - index >= length {
                    let body = Array(buffer[index..<(index + length)])
                    index += length
                    return finish(body)
                }
                if head?.expectContinue == true, !continueSent {
                    state = .fixedBody(length: length, continueSent: true)
                    return .continueNeeded
                }
                return .needMoreData
            case .chunkSize(let continueSent):
                guard let lineEnd = findCRLF(buffer, from: index, limit: 1024) else {
                    if buffer.count - index > 1024 { return fail(400, "Chunk size line too long") }
                    if head?.expectContinue == true, !continueSent, buffer.count == index {
                        state = .chunkSize(continueSent: true)
                        return .continueNeeded
                    }
                    return .needMoreData
                }
                // Framing is bounded on its own: without it, a body in 1-byte chunks would
                // cost six times its size on the wire and a state change per byte.
                chunkFramingBytes += lineEnd + 4 - index
                if chunkFramingBytes > limits.maxChunkFramingBytes {
                    return fail(
                        413,
                        "Request body sent in too many chunks (chunk framing over \(limits.maxChunkFramingBytes) bytes)"
                    )
                }
                var size = 0
                var digits = 0
                var position = index
                while position < lineEnd, let digit = PercentEncoding.hexValue(buffer[position]) {
                    digits += 1
                    if digits > 15 { return fail(400, "Chunk size too large") }
                    size = size << 4 | Int(digit)
                    position += 1
                }
                guard digits > 0 else { return fail(400, "Invalid chunk size") }
                // Only chunk extensions (`;name=value`) may follow, after optional whitespace.
                while position < lineEnd, buffer[position] == 0x20 || buffer[position] == 0x09 { position += 1 }
                if position < lineEnd {
                    guard buffer[position] == UInt8(ascii: ";") else { return fail(400, "Invalid chunk size") }
                    for b in buffer[position..<lineEnd] where b < 0x20 && b != 0x09 || b == 0x7F {
                        return fail(400, "Invalid chunk extension")
                    }
                }
                index = lineEnd + 2
                if size == 0 {
                    state = .trailers(bytes: 0)
                } else {
                    if chunkedBody.count + size > limits.maxBodyBytes {
                        return fail(413, "Request body larger than \(limits.maxBodyBytes) bytes")
                    }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let available = min(remaining, buffer.count - index)
                if available == 0 { return .needMoreData }
                chunkedBody.append(contentsOf: buffer[index..<(index + available)])
                index += available
                if available == remaining {
                    state = .chunkDataEnd
                } else {
                    state = .chunkData(remaining: remaining - available)
                    return .needMoreData
                }
            case .chunkDataEnd:
                if buffer.count - index < 2 { return .needMoreData }
                guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else {
                    return fail(400, "Missing CRLF after chunk data")
                }
                index += 2
                state = .chunkSize(continueSent: true)
            case .trailers(let bytes):
                guard let lineEnd = findCRLF(buffer, from: index, limit: limits.maxHeadBytes) else {
                    if bytes + buffer.count - index > limits.maxHeadBytes {
                        return fail(431, "Trailer section too large")
                    }
                    return .needMoreData
                }
                let length = lineEnd - index
                if bytes + length > limits.maxHeadBytes { return fail(431, "Trailer section too large") }
                if length == 0 {
                    index = lineEnd + 2
                    let body = chunkedBody
                    chunkedBody = []
                    return finish(body)
                }
                // Trailer fields are checked for syntax and discarded.
                if case .failure(let error) = parseField(buffer, index, lineEnd) {
                    state = .failed(error)
                    return .failure(error)
                }
                index = lineEnd + 2
                state = .trailers(bytes: bytes + length + 2)
            }
        }
    }

    /// The request being read (head only) while a body is parsed.
    public var headInProgress: HTTPRequest? {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers:
            return head.map { make($0, []) }
        case .head, .failed:
            return nil
        }
    }

    private mutating func fail(_ status: Int, _ message: String) -> Event {
        let error = HTTPParseError(status, message, head: headInProgress)
        chunkedBody = []
        head = nil
        state = .failed(error)
        return .failure(error)
    }

    /// The request whose body is complete; the parser then waits for the next head.
    private mutating func finish(_ body: [UInt8]) -> Event {
        state = .head(scanned: 0)
        guard let finished = head else { return fail(500, "Internal parser error: no head") }
        head = nil
        return .request(make(finished, body))
    }

    private func make(_ head: Head, _ body: [UInt8]) -> HTTPRequest {
        HTTPRequest(
            method: head.method, target: head.target, minorVersion: head.minorVersion,
            headers: head.headers, body: body, keepAlive: head.keepAlive)
    }

    /// Chooses the body framing of a parsed head and keeps the head (taken, not copied) until
    /// its body is read; a refusal carries the head as a request.
    private mutating func enterBody(_ head: consuming Head) -> HTTPParseError? {
        if var error = chooseFraming(head) {
            error.head = make(head, [])
            return error
        }
        self.head = head
        return nil
    }

    /// Chooses the body framing of a parsed head (the state to read its body in).
    private mutating func chooseFraming(_ head: Head) -> HTTPParseError? {
        let encodings = head.headers.values(for: "transfer-encoding")
        // The usual head has one Content-Length: looked up without making an array of it.
        let contentLength = head.headers.firstValue(for: "content-length")
        if !encodings.isEmpty {
            if contentLength.count > 0 {
                return HTTPParseError(400, "Both Content-Length and Transfer-Encoding given")
            }
            if head.minorVersion == 0 { return HTTPParseError(400, "Transfer-Encoding in an HTTP/1.0 request") }
            let codings = encodings.flatMap { $0.split(separator: ",").map { $0.trimmingSpaces } }
            guard let last = codings.last, HTTPHeaders.equalIgnoringCase(last, "chunked") else {
                return HTTPParseError(400, "Transfer-Encoding must end with chunked")
            }
            if codings.count > 1 { return HTTPParseError(501, "Transfer codings other than chunked are not supported") }
            chunkedBody = []
            chunkFramingBytes = 0
            state = .chunkSize(continueSent: false)
            return nil
        }
        if contentLength.count == 1, let value = contentLength.value, let size = Self.plainLength(value) {
            // The usual head: one Content-Length of plain digits.
            if size > limits.maxBodyBytes {
                return HTTPParseError(413, "Request body larger than \(limits.maxBodyBytes) bytes")
            }
            state = .fixedBody(length: size, continueSent: false)
            return nil
        }
        if contentLength.count > 0 {
            let lengths = head.headers.values(for: "content-length")
            var length: Int?
            for value in lengths {
                for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let text = part.trimmingSpaces
                    guard !text.isEmpty, text.utf8.count <= 18,
                        text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                        let value = Int(text)
                    else {
                        return HTTPParseError(400, "Invalid Content-Length")
                    }
                    if let length, length != value { return HTTPParseError(400, "Conflicting Content-Length values") }
                    length = value
                }
            }
            let size = length ?? 0
            if size > limits.maxBodyBytes {
                return HTTPParseError(413, "Request body larger than \(limits.maxBodyBytes) bytes")
            }
            state = .fixedBody(length: size, continueSent: false)
            return nil
        }
        state = .fixedBody(length: 0, continueSent: true)
        return nil
    }

    /// `value` as a length when it is 1 to 18 ASCII digits and nothing else; nil otherwise
    /// (then the general rules apply: lists, spaces, errors).
    private static func plainLength(_ value: String) -> Int? {
        var length = 0, digits = 0
        for byte in value.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            length = length * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits == 0 ? nil : length
    }

    /// The index of the next CRLF at or after `start`, looking at most `limit` bytes ahead.
    private func findCRLF(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var i = start
        let end = min(buffer.count - 1, start + limit + 1)
        while i < end {
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    private mutating func parseHead(
        _ buffer: UnsafeBufferPointer<UInt8>, from index: inout Int,
        scanned: Int
    ) -> Result<Head?, HTTPParseError> {
        var start = index
        var scanned = scanned
        // Ignore empty lines before a request line (RFC 9112 §2.2).
        while start + 1 < buffer.count, buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
            start += 2
            scanned = max(0, scanned - 2)
        }
        index = start
        // Find the end of the head: CRLF CRLF.
        var i = start + max(0, scanned - 3)
        var end: Int?
        while i + 3 < buffer.count {
            if buffer[i + 3] != 0x0A { i += buffer[i + 3] == 0x0D ? 1 : 4; continue }
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A, buffer[i + 2] == 0x0D { end = i; break }
            i += 1
        }
        guard let headEnd = end else {
            let available = buffer.count - start
            // A bare LF (or CR) in a head is malformed: fail now instead of waiting for a timeout.
            var k = start + max(0, scanned - 1)
            while k < buffer.count {
                let byte = buffer[k]
                if byte == 0x0A, k == start || buffer[k - 1] != 0x0D {
                    return .failure(HTTPParseError(400, "Bare LF in request head"))
                }
                if byte == 0x0D, k + 1 < buffer.count, buffer[k + 1] != 0x0A {
                    return .failure(HTTPParseError(400, "Bare CR in request head"))
                }
                k += 1
            }
            if available > limits.maxHeadBytes {
                return .failure(HTTPParseError(431, "Request header section too large"))
            }
            if available > limits.maxRequestLineBytes + 1,
                findCRLF(buffer, from: start, limit: limits.maxRequestLineBytes) == nil
            {
                return .failure(HTTPParseError(431, "Request line too long"))
            }
            state = .head(scanned: available)
            return .success(nil)
        }
        if headEnd + 4 - start > limits.maxHeadBytes {
            return .failure(HTTPParseError(431, "Request header section too large"))
        }
        // Request line.
        guard let lineEnd = findCRLF(buffer, from: start, limit: headEnd - start) else {
            return .failure(HTTPParseError(400, "Malformed request line"))
        }
        if lineEnd - start > limits.maxRequestLineBytes {
            return .failure(HTTPParseError(431, "Request line too long"))
        }
        var head: Head
        switch parseRequestLine(buffer, start, lineEnd) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): head = parsed
        }
        // Header fields.
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(8)
        var lineStart = lineEnd + 2
        while lineStart < headEnd + 2 {
            guard let next = findCRLF(buffer, from: lineStart, limit: headEnd + 2 - lineStart) else {
                return .failure(HTTPParseError(400, "Malformed header field"))
            }
            if fields.count >= limits.maxHeaderCount {
                return .failure(HTTPParseError(431, "Too many header fields"))
            }
            switch parseField(buffer, lineStart, next) {
            case .failure(let error): return .failure(error)
            case .success(let field): fields.append(field)
            }
            lineStart = next + 2
        }
        head.headers = HTTPHeaders(fields)
        var hosts = 0
        for field in fields where field.name == "host" { hosts += 1 }
        if hosts > 1 || (hosts == 0 && head.minorVersion == 1) {
            return .failure(HTTPParseError(400, hosts > 1 ? "Multiple Host fields" : "Missing Host field"))
        }
        if head.headers.containsToken("close", in: "connection") {
            head.keepAlive = false
        } else if head.minorVersion == 0 {
            head.keepAlive = head.headers.containsToken("keep-alive", in: "connection")
        }
        if let expect = head.headers["expect"] {
            guard HTTPHeaders.equalIgnoringCase(expect, "100-continue") else {
                return .failure(HTTPParseError(417, "Unsupported expectation"))
            }
            head.expectContinue = head.minorVersion == 1
        }
        index = headEnd + 4
        return .success(head)
    }

    private func parseRequestLine(
        _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int,
        _ end: Int
    ) -> Result<Head, HTTPParseError> {
        let malformed = HTTPParseError(400, "Malformed request line")
        var i = start
        while i < end, isTokenByte(buffer[i]) { i += 1 }
        guard i > start, i < end, buffer[i] == 0x20 else { return .failure(malformed) }
        let method = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self)
        i += 1
        let targetStart = i
        while i < end, buffer[i] > 0x20, buffer[i] < 0x7F { i += 1 }
        guard i > targetStart, i < end, buffer[i] == 0x20 else { return .failure(malformed) }
        let target = String(decoding: UnsafeBufferPointer(rebasing: buffer[targetStart..<i]), as: UTF8.self)
        guard
            target.utf8.first == UInt8(ascii: "/") || target == "*"
                || target.hasPrefix("http://") || target.hasPrefix("https://")
        else {
            return .failure(malformed)
        }
        i += 1
        guard end - i == 8 else { return .failure(malformed) }
        for (k, byte) in "HTTP/".utf8.enumerated() where buffer[i + k] != byte { return .failure(malformed) }
        let major = buffer[i + 5], dot = buffer[i + 6], minor = buffer[i + 7]
        guard dot == UInt8(ascii: "."), (0x30...0x39).contains(major), (0x30...0x39).contains(minor) else {
            return .failure(malformed)
        }
        guard major == UInt8(ascii: "1"), minor <= UInt8(ascii: "1") else {
            return .failure(HTTPParseError(505, "HTTP version not supported"))
        }
        let minorVersion = Int(minor - 0x30)
        return .success(
            Head(
                method: method, target: target, minorVersion: minorVersion,
                headers: HTTPHeaders(), keepAlive: true, expectContinue: false))
    }

    /// One header field, its name lowercased straight into its string: no array per field (the
    /// measured reason: docs/performance.md, "Fast paths").
    ///
    /// - Unsafe: writes the lowercased name into the uninitialized storage
    ///   `String(unsafeUninitializedCapacity:)` lends (an `UnsafeMutableBufferPointer` whose
    ///   subscript checks bounds only in debug builds).
    /// - Invariant: exactly `nameEnd - start` bytes are written, at indexes `0..<nameEnd - start`
    ///   (the capacity asked for), and that count is returned; the bytes are ASCII token bytes
    ///   (checked by the scan before), so the string is valid UTF-8.
    /// - Checked by: `HTTPRequestParserTests` (names in mixed case, long and short) and the
    ///   real-socket `HTTPServerTests`, under AddressSanitizer in CI (`.ci/run` step 3).
    private func parseField(
        _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int,
        _ end: Int
    ) -> Result<(name: String, value: String), HTTPParseError> {
        var i = start
        while i < end, isTokenByte(buffer[i]) { i += 1 }
        guard i > start, i < end, buffer[i] == UInt8(ascii: ":") else {
            return .failure(HTTPParseError(400, "Malformed header field"))
        }
        let nameEnd = i
        i += 1
        while i < end, buffer[i] == 0x20 || buffer[i] == 0x09 { i += 1 }
        var valueEnd = end
        while valueEnd > i, buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        for k in i..<valueEnd {
            let b = buffer[k]
            if (b < 0x20 && b != 0x09) || b == 0x7F {
                return .failure(HTTPParseError(400, "Invalid character in header field value"))
            }
        }
        // Lowercased straight into the string (a name of up to 15 bytes allocates nothing).
        let name = String(unsafeUninitializedCapacity: nameEnd - start) { out in
            for k in start..<nameEnd {
                let b = buffer[k]
                out[k - start] = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            }
            return nameEnd - start
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: buffer[i..<valueEnd]), as: UTF8.self)
        return .success((name: name, value: value))
    }

    /// RFC 9110 `tchar`.
    private func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
