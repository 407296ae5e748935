#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Locking

/// A request as the stub server received it.
public struct StubRequest: Sendable {
    public var method: String
    /// Path and query, e.g. `/v1/breeds?limit=2`.
    public var target: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// What the stub does with a request.
public enum StubAction: Sendable {
    /// Answer (after `delay` seconds); with a `Transfer-Encoding` header among `headers` the body
    /// goes out chunked (no `Content-Length`).
    case respond(status: Int, headers: [(String, String)], body: [UInt8], delay: Double)
    /// Keep the connection open without answering until the server stops.
    case hang
    /// Close the connection without answering.
    case close

    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = [], delay: Double = 0)
        -> StubAction
    {
        .respond(
            status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8),
            delay: delay)
    }

    public static func text(_ text: String, status: Int, headers: [(String, String)] = [], delay: Double = 0)
        -> StubAction
    {
        .respond(
            status: status, headers: [("Content-Type", "text/plain")] + headers, body: Array(text.utf8), delay: delay)
    }
}

/// Faults applied before the handler runs.
public enum StubFault: Sendable {
    case none
    /// Add latency to every answer.
    case slow(Double)
    /// Answer 500 with a plain-text body.
    case serverError
    /// Answer 200 with a body that is not JSON.
    case garbage
    /// Never answer.
    case hang
    /// Close connections without answering.
    case close
    /// Answer 429 with `Retry-After`.
    case rateLimited(retryAfter: Int)
    /// Answer with this status and JSON body.
    case answer(status: Int, body: String)
    /// Apply `fault` to the first `count` requests only, then behave normally.
    indirect case first(Int, StubFault)
}

/// A tiny HTTP/1.1 server on loopback standing in for an upstream in tests: one thread per connection,
/// `Connection: close` on every answer, request log and fault injection.
public final class StubServer: Sendable {
    struct State {
        var requests: [StubRequest] = []
        var fault: StubFault = .none
        var openConnections: Set<Int32> = []
        var stopped = false
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (StubRequest) -> StubAction
    private let state = Locked(State())

    /// Starts a server on 127.0.0.1 with a free port.
    public init(_ handler: @escaping @Sendable (StubRequest) -> StubAction) throws {
        self.handler = handler
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StubError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw StubError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far.
    public var requests: [StubRequest] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }
    public func count(path: String) -> Int { state.withLock { $0.requests.filter { $0.path == path }.count } }

    /// Forgets the requests received so far and clears the fault.
    public func reset() {
        state.withLock {
            $0.requests.removeAll()
            $0.fault = .none
        }
    }

    public var fault: StubFault {
        get { state.withLock { $0.fault } }
        set { state.withLock { $0.fault = newValue } }
    }

    /// Stops listening and closes every open (e.g. hanging) connection.
    public func stop() {
        let connections = state.withLock { s -> Set<Int32>? in
            guard !s.stopped else { return nil }
            s.stopped = true
            let open = s.openConnections
            s.openConnections.removeAll()
            return open
        }
        guard let connections else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if isStopped { return }
                switch errno {
                case EINTR, ECONNABORTED, EPROTO:
                    // A signal, or a client gone before it was accepted: the next one is served.
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory for a moment (a loaded test machine): retry.
                    usleep(1_000)
                    continue
                default:
                    return
                }
            }
            let accepted = state.withLock { s -> Bool in
                guard !s.stopped else { return false }
                s.openConnections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            Thread.detachNewThread { [self] in
                serve(fd)
                state.withLock { _ = $0.openConnections.remove(fd) }
                close(fd)
            }
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else { return }
        let fault = state.withLock { s -> StubFault in
            s.requests.append(request)
            let index = s.requests.count
            if case .first(let count, let inner) = s.fault {
                return index <= count ? inner : .none
            }
            return s.fault
        }
        var extraDelay = 0.0
        let action: StubAction
        switch fault {
        case .none, .first: action = handler(request)
        case .slow(let seconds):
            extraDelay = seconds
            action = handler(request)
        case .serverError: action = .text("Internal Server Error", status: 500)
        case .garbage: action = .json("<html>not json at all")
        case .hang: action = .hang
        case .close: action = .close
        case .answer(let status, let body): action = .json(body, status: status)
        case .rateLimited(let seconds):
            action = .text("Too many requests", status: 429, headers: [("Retry-After", String(seconds))])
        }
        switch action {
        case .close:
            return
        case .hang:
            // Wait until the server stops (it shuts the socket down) or the client goes away.
            var byte: UInt8 = 0
            while !isStopped {
                let n = recv(fd, &byte, 1, 0)
                if n <= 0 { return }
            }
        case .respond(let status, let headers, let body, let delay):
            let total = delay + extraDelay
            if total > 0 { usleep(useconds_t(total * 1_000_000)) }
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" }) {
                // The handler asked for chunked transfer: no Content-Length, 1 KiB chunks.
                head += "Connection: close\r\n\r\n"
                var out = Array(head.utf8)
                var start = 0
                while start < body.count {
                    let end = min(start + 1024, body.count)
                    out += Array((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + [13, 10]
                    start = end
                }
                writeAll(fd, out + Array("0\r\n\r\n".utf8))
            } else {
                head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                writeAll(fd, Array(head.utf8) + body)
            }
        }
    }

    private func readRequest(_ fd: Int32) -> StubRequest? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        while headerEnd == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            if buffer.count > 1 << 20 { return nil }
        }
        guard let end = headerEnd else { return nil }
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = Array(buffer[(end + 4)...])
        while body.count < length {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            body += chunk[0..<n]
        }
        return StubRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}

public enum StubError: Error {
    case socket(String)
}
