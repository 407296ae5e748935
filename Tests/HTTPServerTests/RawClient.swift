#if canImport(Glibc)
    import Glibc
#endif
import XCTest

/// A blocking loopback client on raw sockets, for byte-exact requests.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds.
    init(port: Int, timeout: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError.failed("socket") }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw RawClientError.failed("connect: \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Closes the sending side (the server sees end of input).
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads more bytes; false on EOF, error or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return false }
        buffer += chunk[0..<n]
        return true
    }

    /// Reads until `text` has arrived; returns what came up to and including it, which leaves the
    /// buffer (nil on EOF or timeout first).
    func read(through text: String) -> String? {
        let pattern = Array(text.utf8)
        var found = find(pattern)
        while found == nil {
            guard fill() else { return nil }
            found = find(pattern)
        }
        let end = found! + pattern.count
        let taken = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end)
        return taken
    }

    /// Reads until the server closes; everything received, as text.
    func readToEnd() -> String {
        while fill() {}
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads one response (status, lowercased headers, body); nil on EOF or timeout.
    func readResponse(head: Bool = false) -> RawResponse? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let headText = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = headText.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst()
                let parts = statusLine.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                        in: .whitespaces)
                }
                let length = (head || status < 200 || status == 204) ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length { if !fill() { return nil } }
                let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return RawResponse(status: status, headers: headers, body: body)
            }
            if !fill() { return nil }
        }
    }

    /// Whether the server closed the connection (EOF) with nothing more to read.
    func isClosedByServer() -> Bool {
        if !buffer.isEmpty { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for i in 0...(buffer.count - pattern.count) where buffer[i] == pattern[0] {
            if Array(buffer[i..<(i + pattern.count)]) == pattern { return i }
        }
        return nil
    }
}

struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

enum RawClientError: Error { case failed(String) }
